import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
import { useSyncExternalStore } from 'react';

/**
 * Whether the collector extension is installed in this browser, as its bridge script on this
 * page has told us: it speaks on every hello and announces its version. Kept without a schema
 * library, since the first page load reads it.
 */
export interface ExtensionPresence {
  present: boolean;
  /** The version it announced; null while it has not said (an older extension says nothing). */
  version: string | null;
}

const ABSENT: ExtensionPresence = { present: false, version: null };
let current: ExtensionPresence = ABSENT;
const listeners = new Set<() => void>();

function publish(next: ExtensionPresence) {
  if (next.present === current.present && next.version === current.version) return;
  current = next;
  for (const listener of listeners) listener();
}

/** The extension spoke on this page (with its version when it announced one). */
export function noteExtension(version: string | null) {
  publish({ present: true, version: version ?? current.version });
}

/** Forgets what we heard (a new console start listens afresh). */
export function forgetExtension() {
  publish(ABSENT);
}

/** Asks the extension's bridge script, if there is one, to speak again (after an install, say). */
export function askExtension(win: Window) {
  win.postMessage({ channel: BRIDGE_CHANNEL, from: 'console', type: 'hello' }, win.location.origin);
}

/** The extension's presence, for screens: re-renders when it speaks up. */
export function useExtensionPresence(): ExtensionPresence {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => ABSENT,
  );
}
