import { createHmac, timingSafeEqual } from 'node:crypto';
import { decimalToMinor, minorToDecimal } from '@shared/contracts/money';

/**
 * PromptPay QR (Thai QR, EMVCo Merchant-Presented Mode): building and reading the payload, and the
 * receiving bank's signed webhook. Used by our provider (to build the QR, to check the webhook) and
 * by the sandbox (to read a scanned QR, to sign the webhook), so both sides agree byte for byte.
 *
 * A payload is a list of TLV fields: a 2-digit tag, a 2-digit decimal length, the value; templates
 * (29, 30, 62) nest the same rule in their value. `00` comes first, `63` (the CRC) last; between
 * them the order is free and the CRC covers whatever order was emitted.
 */

/** AIDs of the two PromptPay templates: credit transfer (tag 29) and bill payment (tag 30). */
const CREDIT_TRANSFER_AID = 'A000000677010111';
const BILL_PAYMENT_AID = 'A000000677010112';
/** ISO 4217 numeric code of the baht. */
const THB_NUMERIC = '764';

/** Who is paid: a PromptPay ID (tag 29) or a biller with its references (tag 30). */
export type PromptpayTarget =
  /** A mobile number in any writing (0801234567, +66-89-123-4567). */
  | { type: 'mobile'; mobile: string }
  /** A national ID or tax ID, 13 digits (dashes allowed). */
  | { type: 'id'; id: string }
  /** An e-wallet ID, 15 digits (TrueMoney: 14000 followed by the phone number). */
  | { type: 'ewallet'; id: string }
  /** A bank account: the 3-digit bank code and the account number. */
  | { type: 'bank'; bankCode: string; account: string }
  /** Bill payment: the biller ID (tax ID + suffix) and references; ref3 travels in tag 62. */
  | { type: 'bill'; billerId: string; ref1: string; ref2?: string; ref3?: string };

/** Tags after the merchant account template, in the order the payload emits them. */
type TrailingTag = '53' | '54' | '58' | '62';

export interface PromptpayOptions {
  /** The amount in satang; without it the QR is static (reusable, the payer types the amount). */
  amount?: number;
  /**
   * The order of the currency, amount, country and additional-data fields. Ascending by default;
   * other generators emit 58-53-54 (promptpay-qr) or 53-58-54 (promptparse), equally valid.
   */
  tagOrder?: readonly TrailingTag[];
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final XOR) of the UTF-8 bytes. */
export function crc16ccittFalse(text: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

const crcHex = (text: string) => crc16ccittFalse(text).toString(16).toUpperCase().padStart(4, '0');

function field(tag: string, value: string): string {
  if (value.length > 99) throw new RangeError(`PromptPay field ${tag} is longer than 99`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** A mobile number as PromptPay writes it: digits, 0 -> 66, left-padded to 13 characters. */
function mobileId(mobile: string): string {
  return mobile.replace(/\D/g, '').replace(/^0/, '66').padStart(13, '0');
}

function merchantAccount(target: PromptpayTarget): string {
  switch (target.type) {
    case 'mobile':
      return field('29', field('00', CREDIT_TRANSFER_AID) + field('01', mobileId(target.mobile)));
    case 'id':
      return field(
        '29',
        field('00', CREDIT_TRANSFER_AID) + field('02', target.id.replace(/\D/g, '')),
      );
    case 'ewallet':
      return field(
        '29',
        field('00', CREDIT_TRANSFER_AID) + field('03', target.id.replace(/\D/g, '')),
      );
    case 'bank':
      return field(
        '29',
        field('00', CREDIT_TRANSFER_AID) + field('04', `${target.bankCode}${target.account}`),
      );
    case 'bill':
      return field(
        '30',
        field('00', BILL_PAYMENT_AID) +
          field('01', target.billerId) +
          field('02', target.ref1) +
          (target.ref2 ? field('03', target.ref2) : ''),
      );
  }
}

/** The payload of a PromptPay QR code, CRC included. */
export function promptpayPayload(target: PromptpayTarget, options: PromptpayOptions = {}): string {
  const { amount } = options;
  if (amount !== undefined && (!Number.isSafeInteger(amount) || amount <= 0))
    throw new RangeError('A PromptPay amount is a positive whole number of satang');
  const trailing: Record<TrailingTag, string> = {
    '53': field('53', THB_NUMERIC),
    '54': amount === undefined ? '' : field('54', minorToDecimal(amount, 'THB')),
    '58': field('58', 'TH'),
    '62': target.type === 'bill' && target.ref3 ? field('62', field('07', target.ref3)) : '',
  };
  const order = options.tagOrder ?? ['53', '54', '58', '62'];
  const body =
    field('00', '01') +
    field('01', amount === undefined ? '11' : '12') +
    merchantAccount(target) +
    order.map((tag) => trailing[tag]).join('') +
    '6304';
  return body + crcHex(body);
}

/** A payload that is not a well-formed PromptPay QR, or whose CRC does not match. */
export class PromptpayPayloadError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PromptpayPayloadError';
  }
}

interface TlvField {
  tag: string;
  value: string;
}

/** The fields of one TLV level, in their order; throws on a length running past the end. */
function readTlv(text: string): TlvField[] {
  const fields: TlvField[] = [];
  let at = 0;
  while (at < text.length) {
    const head = text.slice(at, at + 4);
    if (!/^\d{4}$/.test(head)) throw new PromptpayPayloadError(`bad TLV header at ${at}`);
    const length = Number(head.slice(2));
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length)
      throw new PromptpayPayloadError(`field ${head.slice(0, 2)} cut short`);
    fields.push({ tag: head.slice(0, 2), value });
    at += 4 + length;
  }
  return fields;
}

/** Who a parsed payload pays, in the payload's own writing. */
type PromptpayAccount =
  | { type: 'mobile' | 'id' | 'ewallet' | 'bank'; value: string }
  | { type: 'bill'; billerId: string; ref1: string; ref2: string | null; ref3: string | null };

export interface ParsedPromptpay {
  /** Every top-level field in the order it came. */
  fields: TlvField[];
  /** Point of initiation 12: the QR carries an amount and is meant for one payment. */
  dynamic: boolean;
  account: PromptpayAccount;
  /** Satang; null for a static QR. */
  amount: number | null;
  /** ISO 4217 numeric (764 for THB). */
  currency: string;
  country: string | null;
}

/**
 * Reads a PromptPay payload: walks the TLV as it is (never re-ordered), checks that `00` is first
 * and `63` last and that the CRC, computed over everything up to and including "6304", matches in
 * upper-case hex. Throws PromptpayPayloadError otherwise.
 */
export function parsePromptpay(payload: string): ParsedPromptpay {
  const text = payload.trim();
  const fields = readTlv(text);
  const first = fields[0];
  const last = fields.at(-1);
  if (first?.tag !== '00' || first.value !== '01')
    throw new PromptpayPayloadError('payload format indicator 00 must come first');
  if (last?.tag !== '63' || !/^[0-9A-F]{4}$/.test(last.value))
    throw new PromptpayPayloadError('CRC field 63 must come last, 4 upper-case hex digits');
  if (crcHex(text.slice(0, -4)) !== last.value) throw new PromptpayPayloadError('CRC mismatch');

  const top = new Map(fields.map((entry) => [entry.tag, entry.value]));
  let account: PromptpayAccount;
  if (top.has('29')) {
    const sub = new Map(readTlv(top.get('29') ?? '').map((entry) => [entry.tag, entry.value]));
    if (sub.get('00') !== CREDIT_TRANSFER_AID)
      throw new PromptpayPayloadError('tag 29 is not a PromptPay credit transfer');
    const kinds = [
      ['01', 'mobile'],
      ['02', 'id'],
      ['03', 'ewallet'],
      ['04', 'bank'],
    ] as const;
    const found = kinds.find(([tag]) => sub.has(tag));
    if (!found) throw new PromptpayPayloadError('tag 29 names no PromptPay ID');
    account = { type: found[1], value: sub.get(found[0]) ?? '' };
  } else if (top.has('30')) {
    const sub = new Map(readTlv(top.get('30') ?? '').map((entry) => [entry.tag, entry.value]));
    if (sub.get('00') !== BILL_PAYMENT_AID)
      throw new PromptpayPayloadError('tag 30 is not a PromptPay bill payment');
    const billerId = sub.get('01');
    const ref1 = sub.get('02');
    if (!billerId || !ref1)
      throw new PromptpayPayloadError('bill payment without biller ID or ref1');
    const extra = new Map(readTlv(top.get('62') ?? '').map((entry) => [entry.tag, entry.value]));
    account = {
      type: 'bill',
      billerId,
      ref1,
      ref2: sub.get('03') ?? null,
      ref3: extra.get('07') ?? null,
    };
  } else {
    throw new PromptpayPayloadError('no PromptPay merchant account (tag 29 or 30)');
  }

  const initiation = top.get('01');
  if (initiation !== '11' && initiation !== '12')
    throw new PromptpayPayloadError('point of initiation 01 must be 11 or 12');
  const amountText = top.get('54');
  let amount: number | null = null;
  if (amountText !== undefined) {
    amount = /^\d{1,10}(\.\d{1,2})?$/.test(amountText) ? decimalToMinor(amountText, 'THB') : null;
    if (amount === null || amount <= 0) throw new PromptpayPayloadError('bad amount in tag 54');
  }
  return {
    fields,
    dynamic: initiation === '12',
    account,
    amount,
    currency: top.get('53') ?? '',
    country: top.get('58') ?? null,
  };
}

/**
 * The receiving bank's webhook signature: hex HMAC-SHA256, keyed with the shared secret, over
 * `${timestamp}.${rawBody}` (the timestamp binds the body to its sending time, against replays).
 */
export function promptpayWebhookSignature(secret: string, timestamp: string, rawBody: string) {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`, 'utf8').digest('hex');
}

/** Whether a webhook's signature is right and its timestamp within `windowSeconds` of `now`. */
export function verifyPromptpayWebhook(input: {
  secret: string;
  timestamp: string | undefined;
  signature: string | undefined;
  rawBody: string;
  now: Date;
  windowSeconds?: number;
}): 'ok' | 'stale' | 'bad-signature' {
  const { timestamp = '', signature = '' } = input;
  if (!/^\d{1,12}$/.test(timestamp)) return 'stale';
  const skew = Math.abs(input.now.getTime() / 1000 - Number(timestamp));
  if (skew > (input.windowSeconds ?? 300)) return 'stale';
  const expected = Buffer.from(promptpayWebhookSignature(input.secret, timestamp, input.rawBody));
  const given = Buffer.from(signature.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? 'ok'
    : 'bad-signature';
}
