/** Small readers of parsed payloads, shared by the adapters. */

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

/** The distinct non-empty strings, in order. */
export function distinct(values: (string | null)[]): string[] {
  const seen = new Set<string>();
  for (const value of values) if (value) seen.add(value);
  return [...seen];
}

/** An absolute https address from a protocol-relative or absolute one. */
export function absolute(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('//')) return `https:${url}`;
  if (/^https?:\/\//.test(url)) return url;
  return null;
}

/** Kilograms to grams, kept to a thousandth of a gram (no binary rounding noise). */
export function kgToGrams(kg: number): number {
  return Math.round(kg * 1_000_000) / 1000;
}

export function isRecord(value: unknown): value is Json {
  return rec(value) !== null;
}

export function asArray(value: unknown): unknown[] {
  return list(value);
}

/** The object itself, or an empty one. */
export function record(value: unknown): Json {
  return rec(value) ?? {};
}
