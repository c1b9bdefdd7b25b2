import type { ThirdPartyPlatform } from './third-party-platforms';

/**
 * Settings the server writes into the console's index.html, so the first screen needs no request:
 * which third-party sign-ins are configured (the login page hides the section when none are).
 */
export interface BootConfig {
  thirdParty: ThirdPartyPlatform[];
}

export const BOOT_CONFIG_ELEMENT_ID = 'cmp-boot';
