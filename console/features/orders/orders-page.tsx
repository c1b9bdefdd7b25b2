import {
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ORDER_COUNT_LIMIT,
  type OrderPage,
  type OrderStatistics,
  type OrderTab,
  type PlatformOrder,
} from '@shared/contracts/orders';
import type { ShopDetail } from '@shared/contracts/shops';
import {
  useExportOrders,
  useOrderPages,
  useOrderStatistics,
  useRefreshOrderPages,
} from '@shared/queries/orders';
import { useRetryShopSync, useShops } from '@shared/queries/shops';
import { EmptyState } from '@shared/ui/empty-state';
import { toast } from '@shared/ui/toast';
import { IconPlus, IconReceipt, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { InfiniteData, UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListTab } from '../../components/list-page';
import { defaultRange, ListRange, readerTimeZone } from '../../components/list-range';
import { OrdersSyncDialog } from '../../components/orders-sync-dialog';
import { Permission, usePermission } from '../../components/permission';
import { PlatformIcon } from '../../components/platform-icon';
import { ShopSyncState, useNow } from '../../components/shop-sync-state';
import { useListPage } from '../../components/use-list-page';
import { ManualOrderDialog } from './manual-order-dialog';
import { OrderDetailDrawer } from './order-detail-drawer';
import { useOrderColumns } from './order-row';
import classes from './orders.module.css';
import {
  type OrdersSearch,
  PLATFORM_CHOICES,
  SITES,
  TABS,
  TYPES,
  validateOrdersSearch,
} from './orders-search';
import { ProcessOrderDialog } from './process-order-dialog';
import { ReturnRegisterDialog } from './return-register-dialog';

const MENU_URL = '/thirdPartyPlatform/orderManage';
const SHOPS_URL = '/thirdPartyPlatform/authorizeList';
/**
 * Orders per keyset page. The list is endless: it scrolls in a box that renders only the rows in
 * view, and the next page is read when its last rows come into view.
 */
const PAGE_SIZE = 50;
/** Marketplace names are brands: the same in every language. */
export const PLATFORM_NAMES = {
  lazada: 'Lazada',
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
} as const;
const FILTERS = [
  'shopId',
  'site',
  'platform',
  'orderType',
  'orderNo',
  'beginTime',
  'endTime',
] as const;

type Dialog =
  | { kind: 'process'; order: PlatformOrder }
  | { kind: 'return'; orderId: string }
  | { kind: 'manual' }
  | { kind: 'sync' };

function filtersOf(
  search: OrdersSearch,
  defaults: { beginTime: string; endTime: string },
  timeZone: string,
) {
  return {
    ...(search.shopId ? { shopId: search.shopId } : {}),
    ...(search.site ? { site: search.site } : {}),
    ...(search.platform ? { platform: search.platform } : {}),
    ...(search.orderType ? { orderType: search.orderType } : {}),
    ...(search.orderNo ? { orderNo: search.orderNo } : {}),
    beginTime: search.beginTime ?? defaults.beginTime,
    endTime: search.endTime ?? defaults.endTime,
    timeZone,
  };
}

/** Sync you can see: per shop when its orders last synced, when next, the last failure and a retry. */
function ShopsSyncStrip({ shops }: { shops: readonly ShopDetail[] }) {
  const { t } = useTranslation(['orders', 'shops']);
  const now = useNow();
  const retry = useRetryShopSync();
  const canSync = usePermission('sync');
  const abnormal = shops.filter((shop) => shop.status === 'abnormal');
  if (shops.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="orders-sync-strip">
      {abnormal.map((shop) => (
        <Alert key={shop.id} color="red" variant="light" data-testid="orders-shop-abnormal">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('sync.authExpired', { name: shop.alias || shop.name })}</Text>
            <Button component={Link} to={SHOPS_URL} size="compact-sm" variant="light" color="red">
              {t('sync.reauthorize')}
            </Button>
          </Group>
        </Alert>
      ))}
      <ScrollArea type="auto" offsetScrollbars>
        <Group gap="sm" wrap="nowrap" align="stretch">
          {shops.map((shop) => (
            <Paper
              key={shop.id}
              withBorder
              radius="md"
              p="xs"
              miw={220}
              data-testid="orders-shop-sync"
            >
              <Stack gap={6}>
                <Group gap={6} wrap="nowrap">
                  <PlatformIcon platform={shop.platform} size={18} />
                  <Text size="sm" fw={600} truncate maw={170}>
                    {shop.alias || shop.name}
                  </Text>
                </Group>
                <ShopSyncState
                  shop={shop}
                  now={now}
                  canRetry={canSync}
                  retrying={retry.isPending && retry.variables?.shopId === shop.id}
                  onRetry={() =>
                    retry.mutate(
                      { shopId: shop.id },
                      {
                        onSuccess: () =>
                          toast({
                            color: 'green',
                            message: t('shops:syncState.retried', {
                              name: shop.alias || shop.name,
                            }),
                          }),
                      },
                    )
                  }
                />
              </Stack>
            </Paper>
          ))}
        </Group>
      </ScrollArea>
    </Stack>
  );
}

const orderKey = (order: PlatformOrder) => order.id;
const orderRowProps = (order: PlatformOrder) => ({
  'data-testid': 'order-row',
  'data-id': order.id,
  'data-status': order.status,
});

/** A tab's count as its badge shows it: the figure, or "10,000+" past the exact counting. */
function useCountWords(statistics: OrderStatistics | undefined) {
  const { i18n } = useTranslation();
  const limit = new Intl.NumberFormat(i18n.language).format(ORDER_COUNT_LIMIT);
  return (tab: OrderTab): number | string | undefined => {
    if (!statistics) return undefined;
    return statistics.more.includes(tab) ? `${limit}+` : statistics[tab];
  };
}

/**
 * Platform orders (spec section 2: /thirdPartyPlatform/orderManage): sync you can see per shop,
 * tabs counted with the filters, filters (shop, site, platform, type, number, time: the last 14
 * days by default), keyset pages read on as the virtual table scrolls, the .xlsx export, and an order's details in
 * a drawer that `?orderId` opens (a message's target). Tab, filters and position live in the
 * address and in `cmp-search-query`.
 */
export function OrdersPage() {
  const { t, i18n } = useTranslation(['orders', 'common']);
  const timeZone = readerTimeZone();
  const defaults = defaultRange();
  const list = useListPage({
    to: MENU_URL,
    validate: validateOrdersSearch,
    tab: { key: 'tab', initial: 'all' },
    filters: FILTERS,
    paging: 'cursor',
    pageSize: PAGE_SIZE,
    remember: true,
    query: (search, tab) => ({ ...filtersOf(search, defaults, timeZone), tab }),
  });
  const { search } = list;
  const filters = filtersOf(search, defaults, timeZone);
  const orders = useOrderPages(list.params);
  const loaded = useMemo(
    () => orders.data?.pages.flatMap((page) => page.records) ?? [],
    [orders.data],
  );
  const statistics = useOrderStatistics(filters);
  const refreshPages = useRefreshOrderPages(list.params);
  const listRef = useRef<HTMLDivElement>(null);
  // A refresh reads the first page alone and shows it: the newest orders, from the top.
  const refresh = () => {
    const box = listRef.current?.querySelector('[data-testid="orders-table-scroll"]');
    if (box) {
      box.scrollTop = 0;
      // The virtual body takes the new position now, before the list is cut to its first page:
      // at the old one, the cut list's end would be in view and read the next page at once.
      box.dispatchEvent(new Event('scroll'));
    }
    void refreshPages();
    void statistics.refetch();
  };
  const countOf = useCountWords(statistics.data);
  const exporter = useExportOrders();
  const shops = useShops();
  const canExport = usePermission('export');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [syncRun, setSyncRun] = useState<{ id: string; joined: boolean } | null>(null);
  const [orderNo, setOrderNo] = useState(search.orderNo ?? '');
  const navigate = useNavigate();
  // The open order is not a filter: opening or closing it keeps the tab, filters and position.
  const showOrder = (orderId: string | undefined) =>
    void navigate({
      to: MENU_URL,
      search: { ...search, orderId } as OrdersSearch,
      replace: orderId === undefined,
    });
  const openOrder = (order: { id: string }) => showOrder(order.id);
  // The same functions for the page's life: the virtual rows draw again only when they change.
  const opener = useRef(openOrder);
  opener.current = openOrder;
  const openRow = useCallback((order: PlatformOrder) => opener.current(order), []);
  const processRow = useCallback(
    (order: PlatformOrder) => setDialog({ kind: 'process', order }),
    [],
  );
  const columns = useOrderColumns(openRow, processRow);
  const shopList = shops.data ?? [];

  const tabs: ListTab[] = TABS.map((tab) => ({
    value: tab,
    label: t(`tabs.${tab}`),
    count: countOf(tab),
    testId: `orders-tab-${tab}`,
  }));
  const choice = <T extends string>(
    label: string,
    all: string,
    values: readonly { value: T; label: string }[],
    value: T | undefined,
    onChange: (next: T | undefined) => void,
    testId: string,
  ) => (
    <Select
      label={label}
      w={{ base: '100%', xs: 160 }}
      data={[{ value: '', label: all }, ...values]}
      value={value ?? ''}
      allowDeselect={false}
      comboboxProps={{ hideDetached: false }}
      onChange={(next) => onChange(values.find((entry) => entry.value === next)?.value)}
      data-testid={testId}
    />
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('title')}</Title>
        <Group gap="sm">
          <Permission value="create">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'manual' })}
              data-testid="orders-create"
            >
              {t('actions.create')}
            </Button>
          </Permission>
          <Permission value="sync">
            <Button
              leftSection={<IconRefresh size={16} />}
              onClick={() => setDialog({ kind: 'sync' })}
              data-testid="orders-sync"
            >
              {t('actions.sync')}
            </Button>
          </Permission>
        </Group>
      </Group>
      <ShopsSyncStrip shops={shopList} />
      <Card withBorder radius="lg" padding="lg" className={classes.list} ref={listRef}>
        <ListPage
          list={list}
          // The pages read so far are the list's data: their rows one after another.
          query={orders as UseQueryResult<InfiniteData<OrderPage>>}
          rows={() => loaded}
          rowKey={orderKey}
          // Scrolling reads on; a list opened at a position (an address) leads back to the newest.
          cursors={() => ({ next: null, previous: null })}
          testId="orders"
          words={{ total: (count) => t('list.total', { count }) }}
          tabs={tabs}
          filters={
            <>
              {choice(
                t('fields.shop'),
                t('filters.allShops'),
                shopList.map((shop) => ({ value: shop.id, label: shop.alias || shop.name })),
                search.shopId,
                (shopId) => list.set({ shopId }),
                'orders-filter-shop',
              )}
              {choice(
                t('fields.site'),
                t('filters.allSites'),
                SITES.filter((site) => shopList.some((shop) => shop.site === site)).map((site) => ({
                  value: site,
                  label: t(`common:sites.${site}`),
                })),
                search.site,
                (site) => list.set({ site }),
                'orders-filter-site',
              )}
              {choice(
                t('fields.platform'),
                t('filters.allPlatforms'),
                PLATFORM_CHOICES.map((platform) => ({
                  value: platform,
                  label: PLATFORM_NAMES[platform],
                })),
                search.platform,
                (platform) => list.set({ platform }),
                'orders-filter-platform',
              )}
              {choice(
                t('fields.orderType'),
                t('filters.allTypes'),
                TYPES.map((type) => ({ value: type, label: t(`orderTypes.${type}`) })),
                search.orderType,
                (orderType) => list.set({ orderType }),
                'orders-filter-type',
              )}
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  list.set({ orderNo: orderNo.trim() || undefined });
                }}
              >
                <TextInput
                  label={t('fields.orderNo')}
                  placeholder={t('filters.orderNoPlaceholder')}
                  w={{ base: '100%', xs: 200 }}
                  value={orderNo}
                  onChange={(event) => setOrderNo(event.currentTarget.value)}
                  onBlur={() => list.set({ orderNo: orderNo.trim() || undefined })}
                  rightSection={<IconSearch size={14} />}
                  data-testid="orders-filter-no"
                />
              </form>
              <ListRange
                range={{ beginTime: filters.beginTime, endTime: filters.endTime }}
                defaults={defaults}
                labels={{ from: t('filters.from'), to: t('filters.to') }}
                testId="orders-range"
                onChange={(next) => list.set(next)}
              />
            </>
          }
          exporter={{
            run: () => exporter.mutateAsync({ ...filters, tab: list.tab as (typeof TABS)[number] }),
            testId: 'orders-export',
            allowed: canExport,
          }}
          summary={() => {
            const tab = list.tab as OrderTab;
            const count = statistics.data?.[tab];
            if (count === undefined || !statistics.data) return null;
            const more = statistics.data.more.includes(tab);
            return (
              <Group gap="xs">
                <Text
                  size="sm"
                  c="dimmed"
                  data-testid="orders-total"
                  data-total={count}
                  data-more={more || undefined}
                >
                  {more
                    ? t('list.totalMore', {
                        count: ORDER_COUNT_LIMIT,
                        limit: new Intl.NumberFormat(i18n.language).format(ORDER_COUNT_LIMIT),
                      })
                    : t('list.total', { count })}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconRefresh size={14} />}
                  loading={orders.isRefetching && !orders.isFetchingNextPage}
                  onClick={refresh}
                  data-testid="orders-refresh"
                >
                  {t('actions.refresh')}
                </Button>
                {orders.isFetchingNextPage && (
                  <Loader size="xs" data-testid="orders-loading-more" />
                )}
              </Group>
            );
          }}
          empty={
            <EmptyState
              icon={<IconReceipt size={28} />}
              title={t('list.empty')}
              hint={t('list.emptyHint')}
              py={48}
            />
          }
          table={{
            columns,
            label: t('title'),
            testId: 'orders-table',
            minWidth: 1320,
            virtual: {
              rowHeight: 64,
              // orders.module.css makes every row 64 px high.
              fixed: true,
              height: 640,
              threshold: 0,
              onEnd: () => {
                if (orders.hasNextPage && !orders.isFetchingNextPage) void orders.fetchNextPage();
              },
            },
            rowProps: orderRowProps,
            onRowOpen: openRow,
          }}
        />
      </Card>
      <SimpleGrid cols={1}>
        <Text size="xs" c="dimmed">
          {t('export.timeZone', { zone: timeZone })}
        </Text>
      </SimpleGrid>
      <OrderDetailDrawer
        orderId={search.orderId === undefined ? null : String(search.orderId)}
        onClose={() => showOrder(undefined)}
        onProcess={(order) => setDialog({ kind: 'process', order })}
        onReturn={(orderId) => setDialog({ kind: 'return', orderId })}
      />
      <ProcessOrderDialog
        order={dialog?.kind === 'process' ? dialog.order : null}
        onClose={() => setDialog(null)}
      />
      <ReturnRegisterDialog
        orderId={dialog?.kind === 'return' ? dialog.orderId : null}
        onClose={() => setDialog(null)}
      />
      <ManualOrderDialog
        opened={dialog?.kind === 'manual'}
        shops={shopList}
        onClose={() => setDialog(null)}
        onCreated={(order) => {
          setDialog(null);
          openOrder(order);
        }}
      />
      <OrdersSyncDialog
        opened={dialog?.kind === 'sync'}
        onClose={() => setDialog(null)}
        shops={shopList}
        run={syncRun}
        onRun={setSyncRun}
      />
    </Stack>
  );
}
