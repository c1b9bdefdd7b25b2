import { match } from 'pinyin-pro';

/** A console page the help search can open, as the shell hands it over. */
export interface SearchableMenu {
  /** Its translated title. */
  title: string;
  path: string;
  /** Translated titles of the groups above it. */
  parents?: string[];
}

const HAN = /\p{Script=Han}/u;
/** A pinyin query: latin letters, with spaces between syllables allowed. */
const LATIN_QUERY = /^[a-z\s]+$/i;

/**
 * Whether a Chinese text matches a pinyin query: full pinyin ("dingdan"), initials ("dd") or any
 * mix of syllable beginnings ("dingd", "ptdd"), over consecutive characters, without tones.
 */
export function matchesPinyin(text: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle || !LATIN_QUERY.test(needle) || !HAN.test(text)) return false;
  return (
    match(text, needle, {
      precision: 'start',
      continuous: true,
      space: 'ignore',
      insensitive: true,
      v: true,
    }) !== null
  );
}

/** How well a menu answers a query: lower is better; null when it does not. */
function rank(menu: SearchableMenu, needle: string, pinyin: boolean): number | null {
  const title = menu.title.toLowerCase();
  if (title.startsWith(needle)) return 0;
  if (title.includes(needle)) return 1;
  if (pinyin && matchesPinyin(menu.title, needle)) return 2;
  const parents = menu.parents ?? [];
  if (parents.some((parent) => parent.toLowerCase().includes(needle))) return 3;
  if (pinyin && parents.some((parent) => matchesPinyin(parent, needle))) return 4;
  return null;
}

/**
 * The menus matching a query, best first: title prefix, then title anywhere, then pinyin of the
 * title (when `pinyin` is on), then a parent group's title. A blank query keeps every menu.
 */
export function filterMenus<M extends SearchableMenu>(
  menus: readonly M[],
  query: string,
  options: { pinyin: boolean },
): M[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...menus];
  return menus
    .map((menu, index) => ({ menu, index, rank: rank(menu, needle, options.pinyin) }))
    .filter((entry): entry is { menu: M; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.menu);
}
