import { PLATFORM_SITES, PLATFORMS, type PlatformType } from '@shared/contracts/shops';
import type { AppConfig } from '../../config';
import { PLATFORM_NAMES } from '../../integrations/marketplace/marketplace.errors';

/** platformTypeList: each marketplace with its icon (served with the console) and its sites. */
export function platformTypes(config: Pick<AppConfig, 'marketplaces'>): PlatformType[] {
  return PLATFORMS.map((platform) => ({
    name: PLATFORM_NAMES[platform],
    label: PLATFORM_NAMES[platform],
    platformType: platform,
    iconUrl: `/cmp/platforms/${platform}.svg`,
    sites: [...PLATFORM_SITES[platform]],
    sandbox: config.marketplaces.sandbox[platform],
  }));
}
