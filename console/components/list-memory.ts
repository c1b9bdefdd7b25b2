/**
 * Spec section 9: the session key `cmp-search-query` stores search params, merged over time. Here
 * it holds, for the signed-in user, the last search of each list page that remembers its own
 * (`{ user, pages: { [path]: search } }`): a page's entry is replaced when its search changes,
 * the other pages' entries stay. Another user in the same tab starts from nothing, so one
 * person's filters never open for the next.
 */
const KEY = 'cmp-search-query';

interface Memory {
  user: string;
  pages: Record<string, Record<string, unknown>>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function read(storage: Storage): Memory | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (!isRecord(parsed) || typeof parsed.user !== 'string' || !isRecord(parsed.pages))
      return null;
    const pages: Memory['pages'] = {};
    for (const [path, search] of Object.entries(parsed.pages))
      if (isRecord(search)) pages[path] = search;
    return { user: parsed.user, pages };
  } catch {
    // Unreadable (written by something else, or storage refused): as if nothing was kept.
    return null;
  }
}

/** The search `user` last had on the page at `path`, unvalidated; null when none was kept. */
export function recallSearch(
  storage: Storage,
  user: string,
  path: string,
): Record<string, unknown> | null {
  const memory = read(storage);
  return memory?.user === user ? (memory.pages[path] ?? null) : null;
}

/** Keeps `search` as the page's latest for `user`, beside what other pages keep. */
export function rememberSearch(
  storage: Storage,
  user: string,
  path: string,
  search: Record<string, unknown>,
): void {
  const memory = read(storage);
  const pages = memory?.user === user ? memory.pages : {};
  try {
    storage.setItem(KEY, JSON.stringify({ user, pages: { ...pages, [path]: search } }));
  } catch {
    // Storage full or refused: the page works as before, it only forgets.
  }
}
