import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A visited view of the tags bar (spec section 3). */
export interface VisitedView {
  /** The route's path, the identity of the tab. */
  path: string;
  /** The path with its query, where the tab takes you back to. */
  fullPath: string;
  titleKey: string;
  /** Pinned: never closed. */
  affix: boolean;
}

/** Adds a view, or updates the one with its path (no duplicates); pinned views stay first. */
export function addView(views: readonly VisitedView[], view: VisitedView): VisitedView[] {
  const index = views.findIndex((existing) => existing.path === view.path);
  if (index >= 0) {
    return views.map((existing, i) =>
      i === index ? { ...existing, fullPath: view.fullPath } : existing,
    );
  }
  return view.affix
    ? [...views.filter((v) => v.affix), view, ...views.filter((v) => !v.affix)]
    : [...views, view];
}

/** Closes one view; a pinned one stays. */
export function closeView(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((view) => view.affix || view.path !== path);
}

/** Closes every view but this one and the pinned ones. */
export function closeOthers(views: readonly VisitedView[], path: string): VisitedView[] {
  return views.filter((view) => view.affix || view.path === path);
}

/** Closes every view but the pinned ones. */
export function closeAll(views: readonly VisitedView[]): VisitedView[] {
  return views.filter((view) => view.affix);
}

/**
 * Where to go when the current view was closed: the nearest view still open to its right, else
 * to its left; undefined when it is still open (or nothing is left).
 */
export function nextAfterClose(
  before: readonly VisitedView[],
  after: readonly VisitedView[],
  currentPath: string,
): VisitedView | undefined {
  const open = new Set(after.map((view) => view.path));
  if (open.has(currentPath)) return undefined;
  const index = before.findIndex((view) => view.path === currentPath);
  const right = before.slice(index + 1).find((view) => open.has(view.path));
  const left = before
    .slice(0, Math.max(index, 0))
    .reverse()
    .find((view) => open.has(view.path));
  return right ?? left ?? after.at(-1);
}

interface TagsViewState {
  views: VisitedView[];
  add(view: VisitedView): void;
  close(path: string): void;
  closeOthers(path: string): void;
  closeAll(): void;
  /** Signing out closes every tab, pinned ones too (spec section 4). */
  clear(): void;
}

export const useTagsViewStore = create<TagsViewState>()(
  persist(
    (set) => ({
      views: [],
      add: (view) => set((state) => ({ views: addView(state.views, view) })),
      close: (path) => set((state) => ({ views: closeView(state.views, path) })),
      closeOthers: (path) => set((state) => ({ views: closeOthers(state.views, path) })),
      closeAll: () => set((state) => ({ views: closeAll(state.views) })),
      clear: () => set({ views: [] }),
    }),
    {
      // Kept for the tab's life, so a reload keeps the bar.
      name: 'cmp-tags-view',
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ views }) => ({ views }),
      merge: (persisted, current) => {
        const views = (persisted as { views?: unknown } | undefined)?.views;
        return Array.isArray(views) ? { ...current, views: views.filter(isView) } : current;
      },
    },
  ),
);

function isView(value: unknown): value is VisitedView {
  const view = value as Partial<VisitedView> | null;
  return (
    typeof view?.path === 'string' &&
    typeof view.fullPath === 'string' &&
    typeof view.titleKey === 'string' &&
    typeof view.affix === 'boolean'
  );
}
