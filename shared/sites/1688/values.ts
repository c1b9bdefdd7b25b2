import { balancedJsonAt } from '../common/scan';

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
