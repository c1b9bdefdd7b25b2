import type { Currency } from '@shared/contracts/money';
import type { SiteCode } from '@shared/contracts/site-codes';

/**
 * The currency of each TikTok Shop market we sell on (Create Product, `price.currency`: US USD, GB
 * GBP, ID IDR, TH THB, MY MYR, PH PHP, VN VND, SG SGD). A shop prices in its market's currency.
 */
const MARKET_CURRENCIES: Partial<Record<SiteCode, Currency>> = {
  th: 'THB',
  my: 'MYR',
  vn: 'VND',
  sg: 'SGD',
  id: 'IDR',
  ph: 'PHP',
  gb: 'GBP',
};

/** The currency a TikTok shop on `site` prices in; null for a site TikTok Shop does not serve. */
export function tiktokCurrencyOf(site: string): Currency | null {
  return MARKET_CURRENCIES[site as SiteCode] ?? null;
}
