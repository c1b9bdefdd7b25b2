import {
  BOOT_CONFIG_ELEMENT_ID,
  type BootConfig,
  FIRST_SCREEN_MESSAGES_ELEMENT_ID,
} from '@shared/contracts/boot';
import { THIRD_PARTY_PLATFORMS } from '@shared/contracts/third-party-platforms';
import type { Messages } from '@shared/i18n/i18n';

const NONE: BootConfig = { thirdParty: [], mainSite: null };

export type MainSiteLinks = NonNullable<BootConfig['mainSite']>;

const isHttpUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//.test(value);

function readMainSite(value: unknown): MainSiteLinks | null {
  const links = value as Partial<MainSiteLinks> | null | undefined;
  if (
    !isHttpUrl(links?.home) ||
    !isHttpUrl(links.search) ||
    !isHttpUrl(links.cart) ||
    !isHttpUrl(links.help)
  )
    return null;
  return { home: links.home, search: links.search, cart: links.cart, help: links.help };
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

/**
 * The first screen's words the server wrote into index.html, when they are in `language` (the
 * server read the same cookie and browser language); none otherwise, and they load as files.
 */
export function readFirstScreenMessages(doc: Document, language: string): Messages {
  const raw = doc.getElementById(FIRST_SCREEN_MESSAGES_ELEMENT_ID)?.textContent;
  if (!raw) return {};
  try {
    const parsed = JSON.parse(raw) as { language?: unknown; resources?: unknown };
    if (parsed.language !== language || typeof parsed.resources !== 'object' || !parsed.resources)
      return {};
    return Object.fromEntries(
      Object.entries(parsed.resources).filter(
        (entry): entry is [string, Record<string, unknown>] =>
          typeof entry[1] === 'object' && entry[1] !== null,
      ),
    );
  } catch {
    return {};
  }
}
