import { readCookie, writeCookie } from '@shared/session/web-port';
import { create } from 'zustand';

/** Component sizes a seller can choose (the `size` cookie, default medium: spec section 4). */
export const SIZES = ['small', 'medium', 'large'] as const;
export type Size = (typeof SIZES)[number];

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';
const YEAR = 365 * 24 * 60 * 60;

interface AppState {
  /** The sidebar is open on a desktop (the `sidebarStatus` cookie: 1 open, 0 closed). */
  sidebarOpened: boolean;
  /** The sidebar drawer is open in mobile mode (never kept). */
  mobileOpened: boolean;
  device: 'desktop' | 'mobile';
  size: Size;
  toggleSidebar(): void;
  setMobileOpened(open: boolean): void;
  setDevice(device: 'desktop' | 'mobile'): void;
  setSize(size: Size): void;
}

/** What the page's cookies remember of the shell: the sidebar open or closed, and the size. */
function remembered(doc: Document): Pick<AppState, 'sidebarOpened' | 'size'> {
  const saved = readCookie(doc, SIZE_COOKIE);
  return {
    sidebarOpened: readCookie(doc, SIDEBAR_COOKIE) !== '0',
    size: SIZES.find((size) => size === saved) ?? 'medium',
  };
}

/** Takes up what the page's cookies remember (a console starting in a page reads them). */
export function restoreAppState(doc: Document): void {
  useAppStore.setState(remembered(doc));
}

/** The shell's own state (spec section 4, client state): sidebar, device and size. */
export const useAppStore = create<AppState>()((set, get) => ({
  ...remembered(document),
  mobileOpened: false,
  device: 'desktop',
  toggleSidebar: () => {
    if (get().device === 'mobile') {
      set({ mobileOpened: !get().mobileOpened });
      return;
    }
    const sidebarOpened = !get().sidebarOpened;
    writeCookie(document, SIDEBAR_COOKIE, sidebarOpened ? '1' : '0', { maxAgeSeconds: YEAR });
    set({ sidebarOpened });
  },
  setMobileOpened: (mobileOpened) => set({ mobileOpened }),
  // Switching to mobile closes the sidebar (spec section 2).
  setDevice: (device) => set(device === 'mobile' ? { device, mobileOpened: false } : { device }),
  setSize: (size) => {
    writeCookie(document, SIZE_COOKIE, size, { maxAgeSeconds: YEAR });
    set({ size });
  },
}));
