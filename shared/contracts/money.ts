/** ISO 4217 codes the product handles; amounts are always integer minor units with one of these. */
export const CURRENCIES = ['CNY', 'USD', 'MYR', 'THB', 'VND', 'SGD', 'IDR', 'PHP', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

export const CURRENCY_SYMBOLS: Record<Currency, string> = {
  CNY: '¥',
  USD: '$',
  MYR: 'RM',
  THB: '฿',
  VND: '₫',
  SGD: 'S$',
  IDR: 'Rp',
  PHP: '₱',
  GBP: '£',
};

/** Decimal places of each currency's minor unit (ISO 4217 exponent; none for VND and IDR, decisions.md). */
export const CURRENCY_DECIMALS: Record<Currency, number> = {
  CNY: 2,
  USD: 2,
  MYR: 2,
  THB: 2,
  VND: 0,
  SGD: 2,
  IDR: 0,
  PHP: 2,
  GBP: 2,
};
