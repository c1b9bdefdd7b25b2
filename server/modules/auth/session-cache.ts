import type { Actor } from '../../context';
import { type SessionFeed, sessionFeedOf } from '../../db/session-changes';

/** A signed-in actor as read from its session, with what each request still checks against the clock. */
export interface CachedSession {
  actor: Actor;
  expiresAt: number;
  lastSeenAt: number;
  validUntil: string | null;
  site: string;
}

interface Entry extends CachedSession {
  storedAt: number;
}

/** A copy is kept this long at most; a change drops it at once (server/db/session-changes.ts). */
const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts every change heard: a read that began before one is not kept. */
  generation = 0;

  constructor(private readonly feed: SessionFeed) {
    feed.listeners.add((userId) => {
      this.generation += 1;
      if (userId === null) {
        this.entries.clear();
        return;
      }
      for (const [key, entry] of this.entries)
        if (entry.actor.userId === userId) this.entries.delete(key);
    });
  }

  get(tokenHash: string): CachedSession | null {
    const entry = this.entries.get(tokenHash);
    if (!entry) return null;
    if (!this.feed.live || performance.now() - entry.storedAt > TTL_MS) {
      this.entries.delete(tokenHash);
      return null;
    }
    return entry;
  }

  /** Keeps what a read found, unless a change was heard since it began (`generation` then). */
  set(tokenHash: string, session: CachedSession, generation: number): void {
    if (!this.feed.live || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(tokenHash, { ...session, storedAt: performance.now() });
  }

  drop(tokenHash: string): void {
    this.entries.delete(tokenHash);
  }
}

const caches = new WeakMap<SessionFeed, SessionCache>();

/**
 * The session cache of a database (one per database, shared by every app on it), keyed by the
 * token's hash; none for a database whose changes cannot be heard.
 */
export function sessionCacheOf(db: object): SessionCache | null {
  const feed = sessionFeedOf(db);
  if (!feed) return null;
  let cache = caches.get(feed);
  if (!cache) {
    cache = new SessionCache(feed);
    caches.set(feed, cache);
  }
  return cache;
}
