/**
 * Tells whoever keeps signed-in actors in memory (the session cache of the auth module) that a
 * session or what an account may do has changed, so the copy goes at once:
 *
 * - in this process, as the statement that changed it completes (a transaction: at its commit),
 *   read from the SQL each connection runs, whatever code ran it;
 * - in every other process on the same PostgreSQL, by `NOTIFY cmp_session_changed` (triggers of
 *   migration 0010 on users, sessions and user_shops), heard on a connection of its own. While
 *   that connection is down nothing may be kept (`live` is false).
 *
 * PGlite is one process: the first way is the whole story.
 */

export const SESSION_CHANGES_CHANNEL = 'cmp_session_changed';

/** A user whose sessions or rights changed, or null when anything may have (drop everything). */
type Listener = (userId: string | null) => void;

export interface SessionFeed {
  /** Whether every change is heard; a copy may be kept only while it is. */
  live: boolean;
  listeners: Set<Listener>;
}

const feeds = new WeakMap<object, SessionFeed>();

export function createSessionFeed(db: object, live: boolean): SessionFeed {
  const feed: SessionFeed = { live, listeners: new Set() };
  feeds.set(db, feed);
  return feed;
}

export function emitSessionChange(feed: SessionFeed, userId: string | null): void {
  for (const listener of feed.listeners) listener(userId);
}

/**
 * Gives another handle on the same database (a drizzle instance over a watched PGlite, as the
 * tests' pool makes) the feed of the one it shares a connection with.
 */
export function shareSessionFeed(to: object, from: object): void {
  const feed = feeds.get(from);
  if (feed) feeds.set(to, feed);
}

/** The feed of a database opened by openDatabase; none for any other (nothing may be kept). */
export function sessionFeedOf(db: object): SessionFeed | undefined {
  return feeds.get(db);
}

/**
 * Whether a statement can end a session or change what an account may do: any write to users or
 * user_shops, a shop removed (its grants go with it), and any write to sessions but a new one
 * (sign-in) and the touch of its last use.
 */
export function changesSessions(text: string): boolean {
  if (/^\s*delete\s+from\s+"?shops"?[\s;]/i.test(text)) return true;
  const match =
    /^\s*(update|delete\s+from|insert\s+into|truncate(?:\s+table)?)\s+(?:"?public"?\.)?"?(users|sessions|user_shops)"?[\s(]/i.exec(
      text,
    );
  if (!match) return false;
  const verb = match[1]?.toLowerCase() ?? '';
  const table = match[2]?.toLowerCase();
  // A sign-in notes when it happened: nothing a session is checked against.
  if (table === 'users')
    return !/^\s*update\s+"?users"?\s+set\s+"?last_login_at"?\s*=\s*\$1\s+where\s/i.test(text);
  if (table !== 'sessions') return true;
  if (verb.startsWith('insert')) return false;
  return !/^\s*update\s+"?sessions"?\s+set\s+"?last_seen_at"?\s*=\s*\$1\s+where\s/i.test(text);
}

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end)\b/i;

/**
 * Follows the statements of one connection: a change outside a transaction is told when it
 * completes, one inside a transaction when the transaction ends (an uncommitted change is seen by
 * no one, so a copy read meanwhile is still right until then).
 */
export function statementWatcher(feed: SessionFeed) {
  let inTransaction = false;
  let dirty = false;
  return {
    /** Before the statement runs; returns what to call once it has completed. */
    before(text: string): (() => void) | null {
      if (BEGIN.test(text)) {
        inTransaction = true;
        dirty = false;
        return null;
      }
      if (END.test(text)) {
        const changed = dirty;
        inTransaction = false;
        dirty = false;
        return changed ? () => emitSessionChange(feed, null) : null;
      }
      if (!changesSessions(text)) return null;
      if (inTransaction) {
        dirty = true;
        return null;
      }
      return () => emitSessionChange(feed, null);
    },
  };
}
