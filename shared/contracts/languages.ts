/** Interface languages. zh and th are the spec's; en is complete as well (decisions.md). */
export const LANGUAGES = ['zh', 'th', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

const ALIASES: Record<string, Language> = {
  zh: 'zh',
  cn: 'zh',
  th: 'th',
  en: 'en',
};

/**
 * Reads a language code as sent by a browser, a header or a cookie ("zh-CN", "th_TH", "en")
 * and returns the supported language, or null when the code is empty or not one of ours.
 */
export function parseLanguage(value: string | null | undefined): Language | null {
  if (!value) return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return ALIASES[primary] ?? null;
}

/** Reads an Accept-Language header ("th-TH,th;q=0.9,en;q=0.8") and returns the first language we support. */
export function parseAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = parseLanguage(tag);
    if (language) return language;
  }
  return null;
}
