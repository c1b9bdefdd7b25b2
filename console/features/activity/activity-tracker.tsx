import {
  ACTIVITY_INTERVAL_MS,
  ACTIVITY_MAX_COUNT,
  ACTIVITY_PAGES,
  type ActivityPage,
} from '@shared/contracts/activity';
import { useApi } from '@shared/queries/api-context';
import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** The watched page a path ends in (its last segment, case aside), or null. */
function watchedPage(pathname: string): ActivityPage | null {
  const last = pathname.split('/').filter(Boolean).at(-1)?.toLowerCase();
  return ACTIVITY_PAGES.find((page) => page.toLowerCase() === last) ?? null;
}

/**
 * The activity tracker (spec section 4): on the watched pages, every 5 s it reports whether the
 * window saw time on the page (seconds visible), clicks or scrolling. A window with none of them
 * (a hidden tab) sends nothing. It stops when it unmounts (the shell mounts it, so logout stops it);
 * a failed report is dropped, never shown.
 */
export function ActivityTracker() {
  const page = useRouterState({ select: (state) => watchedPage(state.location.pathname) });
  const api = useApi();

  useEffect(() => {
    if (!page) return;
    const doc = window.document;
    let clicks = 0;
    let scrolls = 0;
    let visibleMs = 0;
    let visibleSince: number | null = doc.visibilityState === 'visible' ? Date.now() : null;

    const onClick = () => {
      clicks++;
    };
    const onScroll = () => {
      scrolls++;
    };
    const onVisibility = () => {
      const now = Date.now();
      if (doc.visibilityState === 'visible') visibleSince ??= now;
      else if (visibleSince !== null) {
        visibleMs += now - visibleSince;
        visibleSince = null;
      }
    };
    // Capture on the window sees every click and every scroll, of the page or of a panel in it.
    window.addEventListener('click', onClick, { capture: true, passive: true });
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    doc.addEventListener('visibilitychange', onVisibility);

    const timer = window.setInterval(() => {
      const now = Date.now();
      if (visibleSince !== null) {
        visibleMs += now - visibleSince;
        visibleSince = now;
      }
      const report = {
        page,
        seconds: Math.min(60, Math.round(visibleMs / 1000)),
        clicks: Math.min(clicks, ACTIVITY_MAX_COUNT),
        scrolls: Math.min(scrolls, ACTIVITY_MAX_COUNT),
        active: clicks > 0 || scrolls > 0,
      };
      clicks = 0;
      scrolls = 0;
      visibleMs = 0;
      if (report.seconds === 0 && !report.active) return;
      api.activity.save(report).catch(() => undefined);
    }, ACTIVITY_INTERVAL_MS);

    return () => {
      window.clearInterval(timer);
      window.removeEventListener('click', onClick, { capture: true });
      window.removeEventListener('scroll', onScroll, { capture: true });
      doc.removeEventListener('visibilitychange', onVisibility);
    };
  }, [page, api]);

  return null;
}
