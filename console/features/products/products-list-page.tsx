import {
  Button,
  Card,
  Chip,
  Group,
  ScrollArea,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import type { ProductPage } from '@shared/contracts/products';
import type { Platform } from '@shared/contracts/shops';
import { useShops } from '@shared/queries/shops';
import { EmptyState } from '@shared/ui/empty-state';
import {
  IconCloudUpload,
  IconPackage,
  IconPlayerStop,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListKeyword } from '../../components/list-keyword';
import { ListPage } from '../../components/list-page';
import { Permission, usePermission } from '../../components/permission';
import { PlatformIcon, usePlatformIcons } from '../../components/platform-icon';
import { useListPage } from '../../components/use-list-page';
import { useListSelection } from '../../components/use-list-selection';
import { type BulkAction, BulkDialog } from './products-bulk';
import { EDITOR_URLS, type ProductRow, useProductList, useSyncShopProducts } from './products-data';
import {
  PLATFORM_TABS,
  type ProductTab,
  platformOf,
  SHOPEE_CHIPS,
  validateProductListSearch,
} from './products-route-search';
import { useProductColumns } from './products-table';

const MENU_URL = '/thirdPartyPlatform/platformProductManage';
/** A keyset page: long enough that the table's virtual body draws only the rows in view. */
const PAGE_SIZE = 100;
const PLATFORMS: readonly Platform[] = ['lazada', 'shopee', 'tiktok'];

/**
 * The shops' products (spec section 2: /thirdPartyPlatform/platformProductManage): a tab per
 * marketplace and per shop, the platform's status tabs with the server's counts, search by title
 * and SKU, keyset pages drawn by a virtual body, a readiness column, and bulk publish, delist and
 * delete with a confirmation and their progress.
 */
export function ProductsListPage() {
  const { t } = useTranslation(['products', 'common']);
  const navigate = useNavigate();
  // Each platform's first tab is its default (Shopee's is "all"), left out of the address.
  const addressed = validateProductListSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const list = useListPage({
    to: MENU_URL,
    validate: validateProductListSearch,
    tab: { key: 'status', initial: PLATFORM_TABS[platformOf(addressed)][0] as ProductTab },
    filters: ['keyword'],
    paging: 'cursor',
    pageSize: PAGE_SIZE,
    remember: true,
    query: (search, status) => ({
      platform: platformOf(search),
      status,
      ...(search.shopId ? { shopId: search.shopId } : {}),
      ...(search.keyword ? { keyword: search.keyword } : {}),
    }),
  });
  const { search } = list;
  const platform = platformOf(search);
  const tabs = PLATFORM_TABS[platform];
  const tab = list.tab;
  const shops = useShops();
  const platformShops = (shops.data ?? []).filter((shop) => shop.platform === platform);
  const platformIcons = usePlatformIcons();
  const canPublish = usePermission('publish');
  const canDelete = usePermission('delete');
  const products = useProductList(list.params);
  const counts = useTabCounts(
    products.data?.counts ?? null,
    `${platform} ${search.shopId ?? ''} ${search.keyword ?? ''}`,
  );
  const selection = useListSelection<ProductRow>(list.scope, (row) => row.id);
  const [bulk, setBulk] = useState<{ action: BulkAction; rows: ProductRow[] } | null>(null);
  const sync = useSyncShopProducts();
  const columns = useProductColumns({
    canPublish,
    onOpen: (row) => void navigate({ to: EDITOR_URLS[row.platform], search: { id: row.id } }),
    onRetry: (row) => setBulk({ action: 'publish', rows: [row] }),
  });

  const setPlatform = (next: Platform) =>
    void navigate({
      to: MENU_URL,
      search: validateProductListSearch(next === 'lazada' ? {} : { platform: next }),
    });
  const shopeeChip = platform === 'shopee' && (SHOPEE_CHIPS as readonly string[]).includes(tab);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
        </Stack>
        <Permission value="sync">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            loading={sync.isPending}
            disabled={platformShops.length === 0}
            onClick={() =>
              sync.mutate(search.shopId ? [search.shopId] : platformShops.map((shop) => shop.id))
            }
            data-testid="products-sync"
          >
            {search.shopId ? t('actions.syncShop') : t('actions.syncAll')}
          </Button>
        </Permission>
      </Group>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Tabs
            variant="pills"
            value={platform}
            onChange={(value) => value && setPlatform(value as Platform)}
          >
            <Tabs.List aria-label={t('filters.platform')}>
              {PLATFORMS.map((value) => (
                <Tabs.Tab
                  key={value}
                  value={value}
                  leftSection={
                    <PlatformIcon platform={value} iconUrl={platformIcons[value]} size={18} />
                  }
                  data-testid={`products-platform-${value}`}
                >
                  {t(`platforms.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <ScrollArea type="never" maw="100%">
            <Chip.Group
              multiple={false}
              value={search.shopId ?? 'all'}
              onChange={(value) => list.set({ shopId: value === 'all' ? undefined : value })}
            >
              <Group gap={6} wrap="nowrap" role="radiogroup" aria-label={t('filters.shop')}>
                <Chip value="all" size="sm" data-testid="products-shop-all">
                  {t('filters.allShops')}
                </Chip>
                {platformShops.map((shop) => (
                  <Chip
                    key={shop.id}
                    value={shop.id}
                    size="sm"
                    data-testid={`products-shop-${shop.id}`}
                  >
                    {shop.alias || shop.name} ·{' '}
                    {t(`sites.${shop.site}`, { defaultValue: shop.site })}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </ScrollArea>

          <ListPage
            list={list}
            query={products}
            rows={(data) => data.records}
            rowKey={(row) => row.id}
            cursors={(data) => ({ next: data.next, previous: data.previous })}
            testId="products"
            words={{
              total: (count) => t('list.total', { count }),
              pagination: t('list.pagination'),
              loadError: t('list.loadError'),
              filteredTitle: t('empty.filteredTitle'),
              filteredHint: t('empty.filteredHint'),
              clearFilters: t('actions.clearFilters'),
            }}
            tabs={tabs.map((value) => ({
              value,
              label: t(`tabs.${value}`),
              count: counts ? tabCount(counts, value) : undefined,
            }))}
            filters={
              <>
                <ListKeyword
                  value={search.keyword}
                  onSubmit={(keyword) => list.set({ keyword: keyword || undefined })}
                  label={t('filters.keyword')}
                  placeholder={t('filters.keywordPlaceholder')}
                  busy={products.isFetching && !products.isPending}
                />
                {platform === 'shopee' && (
                  <Select
                    aria-label={t('filters.moreStatuses')}
                    placeholder={t('filters.moreStatuses')}
                    size="sm"
                    w={180}
                    clearable
                    value={shopeeChip ? tab : null}
                    data={SHOPEE_CHIPS.map((value) => ({
                      value,
                      label: t(`status.${value}`),
                    }))}
                    comboboxProps={{ hideDetached: false }}
                    onChange={(value) => list.setTab(value ?? 'all')}
                    data-testid="products-more-statuses"
                  />
                )}
              </>
            }
            empty={
              <EmptyState
                icon={<IconPackage size={28} />}
                title={t(`empty.${tab === 'wait' ? 'waitTitle' : 'title'}`)}
                hint={t(`empty.${tab === 'wait' ? 'waitHint' : 'hint'}`)}
                py={48}
              />
            }
            {...(canPublish || canDelete
              ? {
                  bulk: {
                    state: selection,
                    pageLabel: t('list.selectAll'),
                    rowLabel: (row: ProductRow) => t('list.select', { title: row.title }),
                    noneSelected: t('bulk.noneSelected'),
                    actions: (
                      <>
                        <Permission value="publish">
                          <Button
                            leftSection={<IconCloudUpload size={16} />}
                            disabled={selection.count === 0}
                            onClick={() => setBulk({ action: 'publish', rows: selection.rows })}
                            data-testid="products-bulk-publish"
                          >
                            {t('actions.publish')}
                          </Button>
                          <Button
                            variant="default"
                            leftSection={<IconPlayerStop size={16} />}
                            disabled={selection.count === 0}
                            onClick={() => setBulk({ action: 'delist', rows: selection.rows })}
                            data-testid="products-bulk-delist"
                          >
                            {t('actions.delist')}
                          </Button>
                        </Permission>
                        <Permission value="delete">
                          <Button
                            variant="light"
                            color="red"
                            leftSection={<IconTrash size={16} />}
                            disabled={selection.count === 0}
                            onClick={() => setBulk({ action: 'delete', rows: selection.rows })}
                            data-testid="products-bulk-delete"
                          >
                            {t('actions.delete')}
                          </Button>
                        </Permission>
                      </>
                    ),
                  },
                }
              : {})}
            table={{
              columns,
              label: t(`tabs.${tab}`),
              testId: 'products-table',
              minWidth: 1000,
              virtual: { rowHeight: 76, height: 680 },
              rowProps: (row) => ({
                'data-testid': 'product-row',
                'data-id': row.id,
                'data-status': row.status,
              }),
              onRowOpen: (row) =>
                void navigate({ to: EDITOR_URLS[row.platform], search: { id: row.id } }),
            }}
          />
        </Stack>
      </Card>

      <BulkDialog job={bulk} onClose={() => setBulk(null)} onDone={() => selection.clear()} />
    </Stack>
  );
}

type StatusCounts = NonNullable<ProductPage['counts']>;

/** A tab's count: a status's, Shopee's pushFail (fail), or all of them. */
function tabCount(counts: StatusCounts, tab: ProductTab): number {
  if (tab === 'all') return Object.values(counts).reduce((sum, count) => sum + count, 0);
  return counts[tab === 'pushFail' ? 'fail' : tab];
}

/**
 * The tabs' counts, which the server gives with a first page: kept while the seller pages on
 * under the same platform, shop and keyword, forgotten when one of them changes.
 */
function useTabCounts(given: StatusCounts | null, scope: string): StatusCounts | null {
  const [kept, setKept] = useState<{ scope: string; counts: StatusCounts } | null>(null);
  useEffect(() => {
    if (given) setKept({ scope, counts: given });
  }, [given, scope]);
  if (given) return given;
  return kept?.scope === scope ? kept.counts : null;
}
