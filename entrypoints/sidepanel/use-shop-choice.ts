import { CLAIM_SHOPS_MAX, type PluginSettings } from '@shared/contracts/collector';
import type { ShopDetail } from '@shared/contracts/shops';
import { useApi } from '@shared/queries/api-context';
import { useShops } from '@shared/queries/shops';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';

/** The seller's plug-in settings: default shops, pricing, bulk rate. */
function usePluginSettings() {
  const api = useApi();
  return useQuery({
    queryKey: ['collector', 'settings'],
    queryFn: ({ signal }) => api.collector.settings({ signal }),
  });
}

export interface ShopChoice {
  /** The shops that can take products (authorization normal). */
  shops: ShopDetail[];
  /** Shops that cannot until they are authorized again. */
  unavailable: ShopDetail[];
  selected: string[];
  setSelected(ids: string[]): void;
  loading: boolean;
  failed: unknown;
  settings: PluginSettings | undefined;
}

/**
 * The shops a collected product is claimed into: the seller's normal shops, chosen first as the
 * plug-in settings say until the seller changes the choice.
 */
export function useShopChoice(): ShopChoice {
  const shopsQuery = useShops();
  const settingsQuery = usePluginSettings();
  const [chosen, setChosen] = useState<string[] | null>(null);

  const { shops, unavailable } = useMemo(() => {
    const all = shopsQuery.data ?? [];
    return {
      shops: all.filter((shop) => shop.status === 'normal'),
      unavailable: all.filter((shop) => shop.status !== 'normal'),
    };
  }, [shopsQuery.data]);

  // Until the seller picks, the defaults (those still normal) are the choice.
  const defaults = useMemo(() => {
    const ids = new Set(settingsQuery.data?.defaultShopIds ?? []);
    return shops
      .filter((shop) => ids.has(shop.id))
      .map((shop) => shop.id)
      .slice(0, CLAIM_SHOPS_MAX);
  }, [shops, settingsQuery.data]);

  // A shop that stopped being normal leaves the choice.
  useEffect(() => {
    if (chosen === null) return;
    const normal = new Set(shops.map((shop) => shop.id));
    if (chosen.some((id) => !normal.has(id))) setChosen(chosen.filter((id) => normal.has(id)));
  }, [chosen, shops]);

  return {
    shops,
    unavailable,
    selected: chosen ?? defaults,
    setSelected: (ids) => setChosen(ids.slice(0, CLAIM_SHOPS_MAX)),
    loading: shopsQuery.isPending || (settingsQuery.isPending && !settingsQuery.isError),
    failed: shopsQuery.error,
    settings: settingsQuery.data,
  };
}
