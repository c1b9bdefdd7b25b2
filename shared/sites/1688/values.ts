import { balancedJsonAt } from '../common/scan';

/** A JSON object as parsed from a payload. */
export type Json = Record<string, unknown>;

export function rec(value: unknown): Json | null {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : null;
}

export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A path of keys into nested objects; undefined as soon as a step is missing. */
export function at(value: unknown, ...path: string[]): unknown {
  let current: unknown = value;
  for (const key of path) {
    const object = rec(current);
    if (!object) return undefined;
    current = object[key];
  }
  return current;
}

/** A non-empty trimmed string (numbers as their decimal text), else null. */
export function text(value: unknown): string | null {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed ? trimmed : null;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A whole number from a number or a digit string, else null. */
export function whole(value: unknown): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value);
  return null;
}

/** A finite number from a number or a plain decimal string, else null. */
export function decimal(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** The first argument that is not null or undefined. */
export function first<T>(...values: (T | null | undefined)[]): T | null {
  for (const value of values) if (value !== null && value !== undefined) return value;
  return null;
}

/** An absolute https address from a protocol-relative or absolute one. */
export function absolute(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('//')) return `https:${url}`;
  if (/^https?:\/\//.test(url)) return url;
  return null;
}

/** A string literal (skipped as is), or a bare key after `{` or `,` (quoted). */
const STRING_OR_BARE_KEY = /"(?:[^"\\]|\\.)*"|([{,]\s*)([A-Za-z_$0-9]+)(\s*:)/g;

/**
 * Quotes bare object keys (`{6110685807709:{...}}`, `{data:...}`) outside strings, so that an
 * object literal that is JSON apart from its keys parses.
 */
function quoteBareKeys(source: string): string {
  return source.replace(STRING_OR_BARE_KEY, (match, before, key, after) =>
    key === undefined ? match : `${before}"${key}"${after}`,
  );
}

/** The object or array that starts at `start`, cut by balancing brackets; bare keys tolerated. */
export function objectAt(source: string, start: number): unknown {
  const slice = balancedJsonAt(source, start);
  if (!slice) return null;
  try {
    return JSON.parse(slice);
  } catch {
    try {
      return JSON.parse(quoteBareKeys(slice));
    } catch {
      return null;
    }
  }
}

/** Kilograms to grams, kept to a thousandth of a gram (no binary rounding noise). */
export function kgToGrams(kg: number): number {
  return Math.round(kg * 1_000_000) / 1000;
}
