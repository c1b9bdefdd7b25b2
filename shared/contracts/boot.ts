import type { ThirdPartyPlatform } from './third-party-platforms';

/**
 * Settings the server writes into the console's index.html, so the first screen needs no request:
 * which third-party sign-ins are configured (the login page hides the section when none are), and
 * where the main site is.
 */
export interface BootConfig {
  thirdParty: ThirdPartyPlatform[];
  /**
   * The main site: its home (the header's logo and the sidebar's main-site link), its buy-for-me
   * search (`{keyword}` is replaced), its cart and its help centre (the sidebar's help-centre
   * link); null when none is configured.
   */
  mainSite: { home: string; search: string; cart: string; help: string } | null;
}

export const BOOT_CONFIG_ELEMENT_ID = 'cmp-boot';

/** Where index.html carries the first screen's words: `{ language, resources: { [namespace]: messages } }`. */
export const FIRST_SCREEN_MESSAGES_ELEMENT_ID = 'cmp-messages';

/** The namespaces a first screen renders with, by its path under /cmp; the rest load after paint. */
export function firstScreenNamespaces(path: string): string[] {
  if (path === '/login' || path === '/auth-redirect') return ['common', 'auth'];
  if (path === '/register' || path === '/resetPws') return ['common', 'auth', 'signup'];
  if (path === '/onboarding') return ['common', 'signup'];
  return ['common', 'layout'];
}
