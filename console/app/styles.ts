let loading: Promise<unknown> | null = null;

/** Loads the styles of every component (once); screens past the first wait for them. */
export function loadFullStyles(): Promise<unknown> {
  loading ??= import('./full-styles');
  return loading;
}

/** The screens whose components main.tsx styles itself: they render without waiting. */
export const isBootScreen = (pathname: string) => /(^|\/)login\/?$/.test(pathname);
