/**
 * Third-party sign-in providers the product knows; only configured ones are offered. A module of
 * its own, without zod, so the login page can read the boot settings without loading schemas.
 */
export const THIRD_PARTY_PLATFORMS = ['wechat'] as const;
export type ThirdPartyPlatform = (typeof THIRD_PARTY_PLATFORMS)[number];
