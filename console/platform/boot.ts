import { BOOT_CONFIG_ELEMENT_ID, type BootConfig } from '@shared/contracts/boot';
import { THIRD_PARTY_PLATFORMS } from '@shared/contracts/third-party-platforms';

const NONE: BootConfig = { thirdParty: [], mainSite: null };

export type MainSiteLinks = NonNullable<BootConfig['mainSite']>;

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//.test(value);

function readMainSite(value: unknown): MainSiteLinks | null {
  const links = value as Partial<MainSiteLinks> | null | undefined;
  if (!isHttpUrl(links?.home) || !isHttpUrl(links.search) || !isHttpUrl(links.cart)) return null;
  return { home: links.home, search: links.search, cart: links.cart };
}

/**
 * The settings the server wrote into index.html. Anything missing or malformed counts as "nothing
 * configured", so a page served without them still works.
 */
export function readBootConfig(doc: Document): BootConfig {
  const raw = doc.getElementById(BOOT_CONFIG_ELEMENT_ID)?.textContent;
  if (!raw) return NONE;
  try {
    const parsed = JSON.parse(raw) as Partial<BootConfig>;
    const thirdParty = Array.isArray(parsed.thirdParty) ? parsed.thirdParty : [];
    return {
      thirdParty: THIRD_PARTY_PLATFORMS.filter((platform) => thirdParty.includes(platform)),
      mainSite: readMainSite(parsed.mainSite),
    };
  } catch {
    return NONE;
  }
}
