import type { SourceSite } from '@shared/contracts/product-draft';
import { SOURCE_SITE_HOSTS, SOURCE_SITE_NAMES } from '@shared/contracts/source-sites';

/** The names Chinese sellers know two of them by. */
const CHINESE_NAMES: Partial<Record<SourceSite, string>> = {
  aliexpress: '速卖通',
  pinduoduo: '拼多多',
};

/** A site id as the seller knows it in their language; an unknown id as it is. */
export function siteName(site: string, language: string): string {
  const known = site as SourceSite;
  return (language === 'zh' ? CHINESE_NAMES[known] : undefined) ?? SOURCE_SITE_NAMES[known] ?? site;
}

/** The site's main address, as an example of where it lives. */
export function siteHost(site: SourceSite): string {
  return SOURCE_SITE_HOSTS[site][0] ?? site;
}
