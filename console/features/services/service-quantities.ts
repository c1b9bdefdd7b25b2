import {
  type MarketItemCode,
  QUANTITY_FIELDS,
  QUANTITY_LIMITS,
} from '@shared/contracts/service-prices';
import type { ServiceLine } from '@shared/contracts/services';

/**
 * How the buy form asks for each quantity: in the unit a seller thinks in (metres, CBM, km), typed
 * as text and read exactly into the contract's small integer unit (centimetres, cubic
 * centimetres, tenths of a km) with no binary fraction on the way.
 */
export interface QuantityField {
  /** The contract's quantity key. */
  key: string;
  /** Its label key under `buy.fields`. */
  label:
    | 'pieces'
    | 'lengthMetres'
    | 'lengthCm'
    | 'widthCm'
    | 'heightCm'
    | 'volumeCbm'
    | 'days'
    | 'characters'
    | 'km';
  /** Decimals the seller may type: the small unit is 10^-decimals of the typed one. */
  decimals: number;
  /** The least and most, in small units. */
  min: number;
  max: number;
  /** Its hint key under `buy.hints`, for a decimal unit. */
  hint?: 'metres' | 'cbm' | 'km';
}

function fieldOf(code: MarketItemCode, key: string): QuantityField {
  switch (key) {
    case 'lengthCm':
      return code === 'woodenFrame'
        ? { key, label: 'lengthCm', decimals: 0, min: 1, max: QUANTITY_LIMITS.sideCm }
        : {
            key,
            label: 'lengthMetres',
            decimals: 2,
            min: 1,
            max: QUANTITY_LIMITS.lengthCm,
            hint: 'metres',
          };
    case 'widthCm':
      return { key, label: 'widthCm', decimals: 0, min: 1, max: QUANTITY_LIMITS.sideCm };
    case 'heightCm':
      return { key, label: 'heightCm', decimals: 0, min: 1, max: QUANTITY_LIMITS.sideCm };
    case 'volumeCm3':
      return {
        key,
        label: 'volumeCbm',
        decimals: 6,
        min: 1,
        max: QUANTITY_LIMITS.volumeCm3,
        hint: 'cbm',
      };
    case 'days':
      return { key, label: 'days', decimals: 0, min: 1, max: QUANTITY_LIMITS.days };
    case 'characters':
      return { key, label: 'characters', decimals: 0, min: 1, max: QUANTITY_LIMITS.characters };
    case 'tenthsKm':
      return { key, label: 'km', decimals: 1, min: 0, max: QUANTITY_LIMITS.tenthsKm, hint: 'km' };
    default:
      return { key, label: 'pieces', decimals: 0, min: 1, max: QUANTITY_LIMITS.pieces };
  }
}

/** The fields of an item, in the order the form shows them. */
export function quantityFields(code: MarketItemCode): QuantityField[] {
  return (QUANTITY_FIELDS[code] as readonly string[]).map((key) => fieldOf(code, key));
}

/**
 * Typed text as a whole number of small units: "3.33" metres is 333 cm. Null for anything that
 * is not a plain decimal with at most `decimals` places (commas as thousands separators allowed).
 */
export function parseQuantity(text: string, decimals: number): number | null {
  const match = /^(\d+)(?:[.](\d*))?$/.exec(text.trim().replace(/[,\s]/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const value = Number(`${match[1]}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(value) ? value : null;
}

/** Small units as the seller types them ("3.33"). */
export function formatQuantity(value: number, decimals: number): string {
  if (decimals === 0) return String(value);
  const digits = String(value).padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`.replace(/\.?0+$/, '');
}

/** Each field's value in small units, or why not: `null` while empty, `'invalid'` when wrong. */
type ReadQuantities = Record<string, number | null | 'invalid'>;

export function readQuantities(fields: readonly QuantityField[], texts: Record<string, string>) {
  const read: ReadQuantities = {};
  for (const field of fields) {
    const text = texts[field.key] ?? '';
    if (text.trim() === '') {
      read[field.key] = null;
      continue;
    }
    const value = parseQuantity(text, field.decimals);
    read[field.key] = value === null || value < field.min || value > field.max ? 'invalid' : value;
  }
  return read;
}

/** The line the contract takes, once every field holds a valid quantity. */
export function lineOf(code: MarketItemCode, read: ReadQuantities): ServiceLine | null {
  const values = Object.values(read);
  if (values.some((value) => typeof value !== 'number')) return null;
  return { code, quantities: read } as ServiceLine;
}
