import type { BulkResult, ProductDetail, ProductListItem } from '@shared/contracts/products';
import type { Platform } from '@shared/contracts/shops';
import {
  type ProductIdsAction,
  useProductIdsAction,
  usePublishProducts,
  useSyncProducts,
} from '@shared/queries/products';
import { toast } from '@shared/ui/toast';
import { useTranslation } from 'react-i18next';

export {
  useCategories,
  useCategoryAttributes,
  useCopySites,
  useMultiSitePublish,
  useProductDetail,
  useProductList,
  usePublishProducts,
  useReadiness,
  useSaveProduct,
  useShopLogistics,
  useUploadMedia,
} from '@shared/queries/products';

export type ProductRow = ProductListItem;
export type { ProductDetail };

export const LIST_URL = '/thirdPartyPlatform/platformProductManage';

/** Each marketplace's product page. */
export const EDITOR_URLS = {
  lazada: '/product/lazadaProductDetail',
  shopee: '/product/shopeeProductDetail',
  tiktok: '/product/tiktokProductDetail',
} as const satisfies Record<Platform, string>;

/** What one product's action came to: done, or the reason it was left alone. */
export interface ActionOutcome {
  id: string;
  ok: boolean;
  reason?: string;
}

/**
 * Publish, delist, activate, delete or cancel a schedule, product by product: what the server
 * accepted, and the worded reason of each refusal.
 */
export function useProductAction() {
  const { t } = useTranslation('products');
  const publish = usePublishProducts();
  const idsAction = useProductIdsAction();
  const outcomes = (ids: readonly string[], result: BulkResult): ActionOutcome[] =>
    ids.map((id) => {
      if (result.accepted.includes(id)) return { id, ok: true };
      const refusal = result.refused.find((entry) => entry.id === id);
      return {
        id,
        ok: false,
        reason: refusal ? t(`refused.${refusal.code}`) : t('bulk.failedUnknown'),
      };
    });
  return async ({
    action,
    ids,
    scheduledAt,
    confirmWarnings = false,
  }: {
    action: 'publish' | ProductIdsAction;
    ids: string[];
    scheduledAt?: string;
    /** Publishing goes ahead past the readiness check's warnings (its errors still stop it). */
    confirmWarnings?: boolean;
  }): Promise<ActionOutcome[]> => {
    const result =
      action === 'publish'
        ? await publish.mutateAsync({
            ids,
            confirmWarnings,
            ...(scheduledAt ? { at: scheduledAt } : {}),
          })
        : await idsAction.mutateAsync({ action, ids });
    return outcomes(ids, result);
  };
}

/** Reads shops' products from their platform now, and says what came of it. */
export function useSyncShopProducts() {
  const { t } = useTranslation('products');
  const sync = useSyncProducts();
  return {
    isPending: sync.isPending,
    mutate: (shopIds: string[]) =>
      void Promise.all(shopIds.map((shopId) => sync.mutateAsync({ shopId })))
        .then((results) => {
          const synced = results.reduce((sum, result) => sum + result.synced, 0);
          const missing = results.reduce((sum, result) => sum + result.missing, 0);
          toast({ color: 'green', message: t('sync.done', { synced, missing }) });
        })
        .catch(() => undefined),
  };
}
