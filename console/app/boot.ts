import { BOOT_CONFIG_ELEMENT_ID, type BootConfig } from '@shared/contracts/boot';
import { THIRD_PARTY_PLATFORMS } from '@shared/contracts/third-party-platforms';

const NONE: BootConfig = { thirdParty: [] };

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
    };
  } catch {
    return NONE;
  }
}
