/** What every benchmark prints with: one JSON line per figure. */
export type Print = (figure: Record<string, unknown>) => void;

/** A figure rounded to `digits` decimals. */
export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
