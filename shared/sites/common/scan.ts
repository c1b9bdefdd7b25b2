/** The next bracket or quote, and the next end or escape inside each kind of string. */
const STRUCTURE = /[{}[\]"']/g;
const DOUBLE_QUOTED = /["\\]/g;
const SINGLE_QUOTED = /['\\]/g;

/**
 * Cuts a JSON value out of script text by balancing brackets (strings and escapes respected),
 * not by matching it with one pattern: payloads hold `}` and `;` inside strings, and some were
 * pretty-printed.
 * The text between brackets and inside strings is skipped by the regex engine, not walked
 * character by character: a page's payload is read in a few thousand steps, even cold.
 */
export function balancedJsonAt(text: string, start: number): string | null {
  const open = text[start];
  if (open !== '{' && open !== '[') return null;
  const stack: string[] = [];
  let i = start;
  while (i < text.length) {
    STRUCTURE.lastIndex = i;
    const token = STRUCTURE.exec(text);
    if (!token) return null;
    i = token.index;
    const ch = token[0];
    if (ch === '"' || ch === "'") {
      const inside = ch === '"' ? DOUBLE_QUOTED : SINGLE_QUOTED;
      inside.lastIndex = i + 1;
      for (let mark = inside.exec(text); ; mark = inside.exec(text)) {
        if (!mark) return null;
        if (mark[0] !== '\\') {
          i = mark.index + 1;
          break;
        }
        inside.lastIndex = mark.index + 2;
      }
      continue;
    }
    if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else {
      if (stack.pop() !== ch) return null;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
    i += 1;
  }
  return null;
}

/** The JSON value that follows `marker` (and an optional `=` or `:`), parsed; null if none parses. */
export function jsonAfter(text: string, marker: string | RegExp): unknown {
  const matches =
    typeof marker === 'string'
      ? [...text.matchAll(new RegExp(marker.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))]
      : [
          ...text.matchAll(
            new RegExp(
              marker.source,
              marker.flags.includes('g') ? marker.flags : `${marker.flags}g`,
            ),
          ),
        ];
  for (const match of matches) {
    let i = (match.index ?? 0) + match[0].length;
    while (i < text.length && /[\s=:(]/.test(text[i] ?? '')) i += 1;
    const slice = balancedJsonAt(text, i);
    if (!slice) continue;
    try {
      return JSON.parse(slice);
    } catch {
      // Not strict JSON (a JS object literal): try the next occurrence.
    }
  }
  return null;
}

/** The text of every inline script of a document. */
export function scriptTexts(document: Document): string[] {
  // By tag and attribute: resolving `src` makes some DOMs look for a <base> on every script.
  return [...document.getElementsByTagName('script')]
    .filter((script) => !script.hasAttribute('src'))
    .map((script) => script.textContent ?? '');
}

/** A JSON string that holds JSON (decoded twice); null when it does not parse. */
export function jsonInString(value: unknown): unknown {
  if (typeof value !== 'string') return null;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
