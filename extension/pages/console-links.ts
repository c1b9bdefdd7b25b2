import { extensionConfig } from '@extension/config';

/** Where the console shows what the extension collected. */
export const consoleLinks = {
  home: () => `${extensionConfig.consoleOrigin}/cmp/`,
  collectionBox: () => `${extensionConfig.consoleOrigin}/cmp/product/collectorList`,
  collected: (id: string) =>
    `${extensionConfig.consoleOrigin}/cmp/product/collectorDetails?id=${encodeURIComponent(id)}`,
  shops: () => `${extensionConfig.consoleOrigin}/cmp/thirdPartyPlatform/authorizeList`,
};
