/**
 * Cuts a JSON value out of script text by balancing brackets (strings and escapes respected),
 * never with a regex: payloads hold `}` and `;` inside strings, and some were pretty-printed.
 */
export function balancedJsonAt(text: string, start: number): string | null {
  const open = text[start];
  if (open !== '{' && open !== '[') return null;
  const stack: string[] = [];
  let inString: string | null = null;
  for (let i = start; i < text.length; i += 1) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i += 1;
      else if (ch === inString) inString = null;
      continue;
    }
    if (ch === '"' || ch === "'") inString = ch;
    else if (ch === '{' || ch === '[') stack.push(ch === '{' ? '}' : ']');
    else if (ch === '}' || ch === ']') {
      if (stack.pop() !== ch) return null;
      if (stack.length === 0) return text.slice(start, i + 1);
    }
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
