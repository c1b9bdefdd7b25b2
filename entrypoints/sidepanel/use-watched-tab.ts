import { useCallback, useEffect, useRef, useState } from 'react';
import { browser } from 'wxt/browser';

/** How the panel was opened: beside the browser, or inside a page for one tab (`?tab=<id>&inpage=1`). */
export interface PanelPlacement {
  /** The tab the panel belongs to; null follows the active tab of its window. */
  tabId: number | null;
  /** Mounted in the page itself (browsers without a side panel): a compact layout. */
  inPage: boolean;
}

export function readPlacement(search: string): PanelPlacement {
  const params = new URLSearchParams(search);
  const tab = params.get('tab');
  const tabId = tab !== null && /^\d+$/.test(tab) ? Number(tab) : null;
  return { tabId, inPage: params.get('inpage') === '1' };
}

export interface WatchedTab {
  /** False until the tab has been looked up once. */
  ready: boolean;
  /** Null until known, or when the window has no tab the panel can read. */
  tabId: number | null;
  /** The page's address when the browser tells it (it may not, without access to the site). */
  url: string | null;
  /** True while the tab loads a page. */
  loading: boolean;
  /** Grows each time the page should be read again. */
  revision: number;
  refresh(): void;
}

/** A page that finished loading is read after this pause, so one navigation reads once. */
export const SETTLE_MS = 300;

/**
 * The tab whose page the panel shows: the fixed one, or the active tab of the panel's window.
 * It moves with the active tab, and asks for a new reading when the tab goes to another address
 * or finishes loading.
 */
export function useWatchedTab(placement: PanelPlacement): WatchedTab {
  const [state, setState] = useState<Omit<WatchedTab, 'refresh'>>({
    ready: false,
    tabId: placement.tabId,
    url: null,
    loading: false,
    revision: 0,
  });
  const current = useRef<{ tabId: number | null; windowId: number | null }>({
    tabId: placement.tabId,
    windowId: null,
  });
  const refresh = useCallback(
    () =>
      setState((previous) => ({ ...previous, loading: false, revision: previous.revision + 1 })),
    [],
  );

  useEffect(() => {
    let closed = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const readSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!closed) refresh();
      }, SETTLE_MS);
    };
    const show = (
      tab: { id?: number; url?: string; windowId?: number; status?: string } | null,
    ) => {
      if (closed) return;
      current.current = {
        tabId: tab?.id ?? null,
        windowId: tab?.windowId ?? current.current.windowId,
      };
      setState((previous) => ({
        ready: true,
        tabId: tab?.id ?? null,
        url: tab?.url ?? null,
        loading: tab?.status === 'loading',
        revision: previous.revision + 1,
      }));
    };
    const find = async () => {
      if (placement.tabId !== null) {
        show(await browser.tabs.get(placement.tabId).catch(() => ({ id: placement.tabId ?? 0 })));
        return;
      }
      const [active] = await browser.tabs.query({ active: true, currentWindow: true });
      show(active ?? null);
    };
    void find();

    const onActivated = (info: { tabId: number; windowId: number }) => {
      if (placement.tabId !== null) return;
      if (current.current.windowId !== null && info.windowId !== current.current.windowId) return;
      void browser.tabs.get(info.tabId).then(show, () => show({ id: info.tabId }));
    };
    const onUpdated = (
      tabId: number,
      change: { url?: string; status?: string },
      tab: { url?: string },
    ) => {
      if (tabId !== current.current.tabId) return;
      if (change.url === undefined && change.status === undefined) return;
      setState((previous) => ({
        ...previous,
        url: tab.url ?? change.url ?? previous.url,
        loading:
          change.status === 'loading'
            ? true
            : change.status === 'complete'
              ? false
              : previous.loading,
      }));
      // Loaded, or a new address without loading (a single-page site): read it again. A page that
      // starts loading is read at once too (its content may be there before everything loaded).
      if (change.status === 'complete' || change.url !== undefined) readSoon();
    };
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    return () => {
      closed = true;
      clearTimeout(timer);
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
    };
  }, [placement.tabId, refresh]);

  return { ...state, refresh };
}
