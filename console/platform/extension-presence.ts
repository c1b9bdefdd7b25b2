import type { Language } from '@shared/contracts/languages';
import { BRIDGE_CHANNEL } from '@shared/session/bridge-channel';
import type { SessionStore } from '@shared/session/store';
import { askExtension, forgetExtension, noteExtension } from './extension-state';

/**
 * Connects the session bridge once the extension's bridge script speaks up on this page. Until
 * then it only says hello and watches for an answer, so a browser without the extension never
 * loads the bridge (or the schemas it checks messages with). Messages that arrive while the
 * bridge loads are handed to it in order. Whatever the extension says also tells the console it
 * is installed, and its `presence` message which version it is.
 */
export function connectExtensionBridgeWhenPresent(
  win: Window,
  store: SessionStore,
  language: Language,
): () => void {
  const pending: MessageEvent[] = [];
  let stopped = false;
  let loading = false;
  let disconnect: (() => void) | undefined;
  forgetExtension();

  const onMessage = (event: MessageEvent) => {
    if (event.source !== win || event.origin !== win.location.origin) return;
    const data = event.data as {
      channel?: unknown;
      from?: unknown;
      type?: unknown;
      version?: unknown;
    } | null;
    if (data?.channel !== BRIDGE_CHANNEL || data.from !== 'extension') return;
    noteExtension(
      data.type === 'presence' && typeof data.version === 'string' ? data.version : null,
    );
    if (disconnect) return;
    pending.push(event);
    if (loading) return;
    loading = true;
    void import('./extension-bridge').then(({ connectExtensionBridge }) => {
      if (stopped) return;
      disconnect = connectExtensionBridge(win, store, language, pending.splice(0));
    });
  };
  win.addEventListener('message', onMessage);
  // If the bridge script is already here, it spoke before we listened: ask it to speak again.
  askExtension(win);
  return () => {
    stopped = true;
    win.removeEventListener('message', onMessage);
    disconnect?.();
    forgetExtension();
  };
}
