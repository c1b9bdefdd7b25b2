import { ActionIcon, CloseButton, Menu } from '@mantine/core';
import {
  IconArrowsHorizontal,
  IconChevronLeft,
  IconChevronRight,
  IconRefresh,
  IconSquareRoundedX,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { nextAfterClose, useTagsViewStore, type VisitedView } from '../stores/tags-view-store';
import classes from './tags-view.module.css';

/** What of the tabs lies beyond each edge of the bar. */
interface Overflow {
  before: boolean;
  after: boolean;
}

/**
 * Whether the tabs run past either edge of their scroller, kept up to date as it scrolls, resizes
 * or its tabs change (tabs added or closed change its children); and a way to scroll it by most of
 * its width.
 */
function useOverflow(scroller: RefObject<HTMLDivElement | null>) {
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    const next = {
      before: hidden > 1 && element.scrollLeft > 1,
      after: hidden > 1 && element.scrollLeft < hidden - 1,
    };
    setOverflow((current) =>
      current.before === next.before && current.after === next.after ? current : next,
    );
  }, [scroller]);
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    const win = element.ownerDocument.defaultView;
    win?.addEventListener('resize', measure);
    const observer =
      win && 'ResizeObserver' in win ? new win.ResizeObserver(() => measure()) : null;
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    const tabs = win ? new win.MutationObserver(() => measure()) : null;
    tabs?.observe(element, { childList: true, subtree: true });
    return () => {
      win?.removeEventListener('resize', measure);
      observer?.disconnect();
      tabs?.disconnect();
    };
  }, [scroller, measure]);
  const scrollBy = (direction: -1 | 1) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({
      left: direction * Math.max(120, element.clientWidth * 0.8),
      behavior: 'smooth',
    });
  };
  return { overflow, measure, scrollBy };
}

interface ContextMenuAt {
  view: VisitedView;
  x: number;
  y: number;
}

/**
 * The tabs bar of visited views (spec section 2): refresh, close, close others, close all; pinned
 * tabs never close. Right-click (or the context-menu key, or Shift+F10) opens the menu; arrow
 * keys move between tabs, Delete closes one.
 */
export function TagsView({ pathname }: { pathname: string }) {
  const { t } = useTranslation(['layout', 'common']);
  const views = useTagsViewStore((state) => state.views);
  const store = useTagsViewStore;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [menu, setMenu] = useState<ContextMenuAt | null>(null);
  const tabs = useRef<(HTMLAnchorElement | null)[]>([]);
  const scroller = useRef<HTMLDivElement>(null);
  const { overflow, measure, scrollBy } = useOverflow(scroller);

  const isCurrent = (view: VisitedView) => view.path.toLowerCase() === pathname.toLowerCase();

  // The current tab is brought into view when the page changes (opened from the sidebar, say).
  useEffect(() => {
    const index = views.findIndex((view) => view.path.toLowerCase() === pathname.toLowerCase());
    tabs.current[index]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, views]);

  /** After closing views, the current one may be gone: go to its neighbour, else the dashboard. */
  function leaveIfClosed(before: VisitedView[]) {
    const after = store.getState().views;
    const current = before.find(isCurrent);
    if (!current || after.some(isCurrent)) return;
    const next = nextAfterClose(before, after, current.path);
    void navigate({ to: (next?.fullPath ?? '/cmpDashboard') as '/' });
  }

  function close(view: VisitedView) {
    const before = store.getState().views;
    store.getState().close(view.path);
    leaveIfClosed(before);
  }

  function closeOthers(view: VisitedView) {
    const before = store.getState().views;
    store.getState().closeOthers(view.path);
    if (!isCurrent(view)) void navigate({ to: view.fullPath as '/' });
    else leaveIfClosed(before);
  }

  function closeAll() {
    const before = store.getState().views;
    store.getState().closeAll();
    leaveIfClosed(before);
  }

  /** Reloads a view's data and remounts it, through /redirect (spec section 2). */
  function refresh(view: VisitedView) {
    void queryClient.invalidateQueries({ type: 'active' });
    void navigate({ to: `/redirect${view.fullPath}` as '/', replace: true });
  }

  function openMenu(view: VisitedView, x: number, y: number) {
    setMenu({ view, x, y });
  }

  function onContextMenu(event: MouseEvent, view: VisitedView) {
    event.preventDefault();
    openMenu(view, event.clientX, event.clientY);
  }

  function onKeyDown(event: KeyboardEvent<HTMLAnchorElement>, index: number) {
    const view = views[index];
    if (!view) return;
    const focus = (next: number) => tabs.current[(next + views.length) % views.length]?.focus();
    if (event.key === 'ArrowRight') focus(index + 1);
    else if (event.key === 'ArrowLeft') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(views.length - 1);
    else if ((event.key === 'Delete' || event.key === 'Backspace') && !view.affix) {
      close(view);
      focus(Math.max(0, index - 1));
    } else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      const box = event.currentTarget.getBoundingClientRect();
      openMenu(view, box.left, box.bottom);
      // The menu closes on a key pressed outside it; opened at once (no transition, for someone
      // who asks for less motion), it would hear this very key and close again.
      event.stopPropagation();
    } else return;
    event.preventDefault();
  }

  return (
    <div
      className={classes.bar}
      data-testid="tags-view"
      data-overflow-before={overflow.before || undefined}
      data-overflow-after={overflow.after || undefined}
    >
      {overflow.before && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.scrollBefore}
          aria-label={t('tags.scrollBefore')}
          data-testid="tags-view-scroll-before"
          onClick={() => scrollBy(-1)}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
      )}
      <div ref={scroller} className={classes.scroll} onScroll={measure}>
        <div role="tablist" aria-label={t('tags.label')} className={classes.tabs}>
          {views.map((view, index) => {
            const current = isCurrent(view);
            return (
              <Link
                key={view.path}
                ref={(element) => {
                  tabs.current[index] = element;
                }}
                to={view.fullPath as '/'}
                role="tab"
                aria-selected={current}
                tabIndex={current ? 0 : -1}
                className={classes.tab}
                data-active={current || undefined}
                data-path={view.path}
                data-testid="tags-view-tab"
                onContextMenu={(event) => onContextMenu(event, view)}
                onKeyDown={(event) => onKeyDown(event, index)}
                onAuxClick={(event) => {
                  if (event.button === 1 && !view.affix) {
                    event.preventDefault();
                    close(view);
                  }
                }}
              >
                {current && <span className={classes.dot} aria-hidden />}
                <span>{t(`common:${view.titleKey}` as 'common:routes.dashboard')}</span>
                {!view.affix && (
                  <CloseButton
                    component="span"
                    size={16}
                    iconSize={12}
                    radius="xl"
                    tabIndex={-1}
                    className={classes.close}
                    aria-label={t('tags.close')}
                    data-testid="tags-view-close"
                    onClick={(event: MouseEvent) => {
                      event.preventDefault();
                      event.stopPropagation();
                      close(view);
                    }}
                  />
                )}
              </Link>
            );
          })}
        </div>
      </div>
      {overflow.after && (
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          className={classes.scrollAfter}
          aria-label={t('tags.scrollAfter')}
          data-testid="tags-view-scroll-after"
          onClick={() => scrollBy(1)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      )}
      <Menu
        opened={menu !== null}
        onChange={(opened) => {
          if (opened || !menu) return;
          // Back to the tab the menu was opened on (when it is still there), for the keyboard.
          const opener = views.findIndex((view) => view.path === menu.view.path);
          setMenu(null);
          requestAnimationFrame(() => tabs.current[opener]?.focus());
        }}
        position="bottom-start"
        withinPortal
      >
        <Menu.Target>
          <div
            className={classes.anchor}
            style={{ left: menu?.x ?? 0, top: menu?.y ?? 0 }}
            aria-hidden
          />
        </Menu.Target>
        <Menu.Dropdown data-testid="tags-view-menu">
          {menu && (
            <>
              <Menu.Item
                leftSection={<IconRefresh size={16} />}
                onClick={() => refresh(menu.view)}
                data-action="refresh"
              >
                {t('tags.refresh')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconX size={16} />}
                disabled={menu.view.affix}
                onClick={() => close(menu.view)}
                data-action="close"
              >
                {t('tags.close')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconArrowsHorizontal size={16} />}
                onClick={() => closeOthers(menu.view)}
                data-action="close-others"
              >
                {t('tags.closeOthers')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconSquareRoundedX size={16} />}
                onClick={closeAll}
                data-action="close-all"
              >
                {t('tags.closeAll')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
