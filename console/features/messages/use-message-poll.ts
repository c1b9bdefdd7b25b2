import { useLatestMessages } from '@shared/queries/messages';
import { useSession } from '@shared/session/react';
import { useEffect, useRef } from 'react';

/** The message poll of spec section 7 and section 9. */
export const MESSAGE_POLL_INTERVAL_MS = 60_000;
/** Coming back within this long after a poll does not poll again at once. */
const MIN_GAP_MS = 5_000;
/** How many of the newest messages the bell shows. */
const BELL_SIZE = 6;

/**
 * Calls `poll` every `intervalMs` while the page is visible. Hidden, it waits; visible again (or
 * the window focused), it polls at once, unless it polled a moment ago, and counts the interval
 * from then. The caller has just fetched when it starts. Returns the stop function.
 */
export function startMessagePoll({
  doc,
  poll,
  intervalMs = MESSAGE_POLL_INTERVAL_MS,
}: {
  doc: Document;
  poll(): void;
  intervalMs?: number;
}): () => void {
  const win = doc.defaultView;
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const tick = () => {
    clear();
    if (doc.hidden) return;
    last = Date.now();
    poll();
    schedule(intervalMs);
  };
  const schedule = (delay: number) => {
    clear();
    if (!doc.hidden) timer = setTimeout(tick, Math.max(0, delay));
  };
  const resume = () => {
    if (doc.hidden) {
      clear();
      return;
    }
    const since = Date.now() - last;
    if (since >= MIN_GAP_MS) tick();
    else schedule(intervalMs - since);
  };

  doc.addEventListener('visibilitychange', resume);
  win?.addEventListener('focus', resume);
  schedule(intervalMs);
  return () => {
    clear();
    doc.removeEventListener('visibilitychange', resume);
    win?.removeEventListener('focus', resume);
  };
}

/**
 * The bell's data: the newest messages and the unread count, polled while someone is signed in.
 * Signing out (here, in another tab or in the extension) stops the poll.
 */
export function useMessagePoll() {
  const token = useSession()?.token ?? null;
  const latest = useLatestMessages(BELL_SIZE, { enabled: token !== null });
  const refetch = useRef(latest.refetch);
  refetch.current = latest.refetch;

  useEffect(() => {
    if (token === null) return;
    return startMessagePoll({
      doc: document,
      poll: () => void refetch.current({ cancelRefetch: false }),
    });
  }, [token]);

  return latest;
}
