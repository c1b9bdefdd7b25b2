import { CURRENCIES, type Currency } from '@shared/contracts/money';
import type { PaymentOrderState } from '@shared/contracts/payments';

// Read by the route table on the console's first load: no schema library here.

/** The payment order states the address may name (typed by the contract: a new one fails to compile). */
const KNOWN_STATES: Record<PaymentOrderState, true> = {
  unpaid: true,
  closed: true,
  paid: true,
  completed: true,
};

const MAX_PAGE = 10_000;
const MAX_ID = 64;

function wholeNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isSafeInteger(number) ? number : undefined;
}

/** An order or trade number: digits-only numbers arrive parsed as numbers and are read back as text. */
function idText(value: unknown): string | undefined {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  return typeof text === 'string' && text.trim() !== '' && text.length <= MAX_ID
    ? text.trim()
    : undefined;
}

function pageOf(value: unknown): { page?: number } {
  const page = wholeNumber(value);
  return page !== undefined && page > 1 && page <= MAX_PAGE ? { page } : {};
}

/** /pay/recharge: the payment order whose QR code is shown, and the history's filter and page. */
export interface RechargeSearch {
  orderNo?: string;
  status?: PaymentOrderState;
  page?: number;
}

export function validateRechargeSearch(search: Record<string, unknown>): RechargeSearch {
  const orderNo = idText(search.orderNo);
  const status =
    typeof search.status === 'string' && Object.hasOwn(KNOWN_STATES, search.status)
      ? (search.status as PaymentOrderState)
      : undefined;
  return {
    ...(orderNo ? { orderNo } : {}),
    ...(status ? { status } : {}),
    ...pageOf(search.page),
  };
}

/**
 * /other/addMoney: what the operation that sent the seller here lacked, integer minor units of
 * `currency`, and the payment order whose QR code is shown.
 */
export interface AddMoneySearch {
  amount?: number;
  currency?: Currency;
  orderNo?: string;
}

export function validateAddMoneySearch(search: Record<string, unknown>): AddMoneySearch {
  const amount = wholeNumber(search.amount);
  const currency = CURRENCIES.find((code) => code === search.currency);
  const orderNo = idText(search.orderNo);
  return {
    ...(amount !== undefined && amount > 0 && currency ? { amount, currency } : {}),
    ...(orderNo ? { orderNo } : {}),
  };
}

/** /pay/orderTrading: the order to pay (none: the list to choose from), its QR payment, the list's page. */
export interface OrderTradingSearch {
  tradeNo?: string;
  orderNo?: string;
  page?: number;
}

export function validateOrderTradingSearch(search: Record<string, unknown>): OrderTradingSearch {
  const tradeNo = idText(search.tradeNo);
  const orderNo = idText(search.orderNo);
  return {
    ...(tradeNo ? { tradeNo } : {}),
    ...(tradeNo && orderNo ? { orderNo } : {}),
    ...(tradeNo ? {} : pageOf(search.page)),
  };
}

/** /payResult: the payment order it reports on. */
export function validatePayResultSearch(search: Record<string, unknown>): { orderNo?: string } {
  const orderNo = idText(search.orderNo);
  return orderNo ? { orderNo } : {};
}
