export type Encoding = 'br' | 'gzip';

/** Which of brotli and gzip an Accept-Encoding header accepts (a `q=0` refuses; `*` accepts both). */
export function acceptedEncodings(header: string | undefined): Record<Encoding, boolean> {
  const accepted = { br: false, gzip: false };
  if (!header) return accepted;
  let any: boolean | null = null;
  const named = new Set<string>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    if (name === '*') any = allowed;
    else if (name === 'br' || name === 'gzip' || name === 'x-gzip') {
      const key = name === 'br' ? 'br' : 'gzip';
      named.add(key);
      accepted[key] = allowed;
    }
  }
  if (any !== null) {
    if (!named.has('br')) accepted.br = any;
    if (!named.has('gzip')) accepted.gzip = any;
  }
  return accepted;
}
