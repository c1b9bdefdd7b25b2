import {
  Alert,
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Indicator,
  Modal,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import {
  type CatalogueProduct,
  MALL_SOURCE_SITES,
  type MallSort,
} from '@shared/contracts/catalogue';
import type { Currency } from '@shared/contracts/money';
import { siteCurrency } from '@shared/contracts/product-rules';
import { SITE_CODES } from '@shared/contracts/site-codes';
import {
  useCatalogueList,
  useCatalogueProduct,
  useFollows,
  useMallSearch,
  useThirdPartyList,
} from '@shared/queries/catalogue';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import {
  IconBuildingWarehouse,
  IconCategory,
  IconPackageImport,
  IconSearch,
  IconShoppingCart,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListKeyword } from '../../components/list-keyword';
import { ListPage } from '../../components/list-page';
import { LoadFailed } from '../../components/list-states';
import { Permission, usePermission } from '../../components/permission';
import { useListPage } from '../../components/use-list-page';
import { useListSelection } from '../../components/use-list-selection';
import { AddToCartForm, CartDrawer, cartCount } from './catalogue-cart';
import { CategoryPicker, useCategories } from './catalogue-categories';
import { ChooseDialog, type ChooseProduct } from './catalogue-choose-dialog';
import { FilterSelect, InStockSwitch, PriceRange } from './catalogue-filters';
import { FollowDialog } from './catalogue-follow-dialog';
import { titleOf, useFormats } from './catalogue-parts';
import {
  CATALOGUE_TABS,
  type CatalogueSearch,
  type CatalogueTab,
  TAB_FILTERS,
  TAB_SORTS,
  validateCatalogueSearch,
} from './catalogue-route-search';
import { DETAILS_URL, useCatalogueColumns } from './catalogue-table';

const MENU_URL = '/product/thirdProductList';
const PAGE_SIZE = 20;
/** Search refusals the seller answers by changing the search, shown as they are worded. */
const NARROW_KEYS = new Set(['CATALOGUE_NARROW_SEARCH', 'CATALOGUE_QUERY_TOO_SHORT']);

/** The tabs alone, over a tab that has no list to show yet. */
function TabsOnly({ tab, onTab }: { tab: CatalogueTab; onTab(tab: CatalogueTab): void }) {
  const { t } = useTranslation('catalogue');
  return (
    <Tabs value={tab} onChange={(value) => value && onTab(value as CatalogueTab)}>
      <Tabs.List>
        {CATALOGUE_TABS.map((value) => (
          <Tabs.Tab key={value} value={value} data-testid={`catalogue-tab-${value}`}>
            {t(`tabs.${value}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

type Dialog =
  | { kind: 'choose'; products: ChooseProduct[] }
  | { kind: 'cart'; product: CatalogueProduct }
  | { kind: 'follow' }
  | null;

/** The products a row's cart button adds: the product's SKUs with a quantity each. */
function AddToCartDialog({
  product,
  onClose,
}: {
  product: CatalogueProduct | null;
  onClose(): void;
}) {
  const { t } = useTranslation('catalogue');
  const format = useFormats();
  const detail = useCatalogueProduct(product?.id);
  return (
    <Modal
      opened={product !== null}
      onClose={onClose}
      title={product ? t('cart.addTitle', { title: titleOf(product, format.language) }) : ''}
      size="xl"
      centered
    >
      {detail.isPending ? (
        <SkeletonRows rows={3} height={32} />
      ) : detail.isError ? (
        <LoadFailed
          title={t('details.loadError')}
          retrying={detail.isFetching}
          onRetry={() => void detail.refetch()}
        />
      ) : (
        <AddToCartForm product={detail.data} onAdded={onClose} />
      )}
    </Modal>
  );
}

/**
 * Product sourcing (spec sections 1 and 2: /product/thirdProductList): the mall's search over
 * more than ten million products, the supplier and direct-sale catalogue, and each shop's
 * third-party products from the categories it follows, in tabs. Filters, sort and the keyset
 * position are in the address; products are added to the cart or chosen into shops from here.
 */
export function CatalogueListPage() {
  const { t } = useTranslation(['catalogue', 'common']);
  const navigate = useNavigate();
  const errorText = useErrorText();
  const format = useFormats();
  const { categories } = useCategories();
  const follows = useFollows();
  const canChoose = usePermission('claim');
  const skuList = useSession()?.user.skuList ?? [];
  const count = cartCount(skuList);

  const list = useListPage({
    to: MENU_URL,
    paging: 'cursor',
    validate: validateCatalogueSearch,
    tab: { key: 'source', initial: 'mall' },
    filters: (tab: CatalogueTab) => TAB_FILTERS[tab],
    pageSize: PAGE_SIZE,
    remember: true,
    // Each list's own filters are added below; these are the ones every list shares.
    query: (search: CatalogueSearch) => ({
      categoryId: search.categoryId,
      priceMin: search.priceMin,
      priceMax: search.priceMax,
      inStock: search.inStock ? ('true' as const) : undefined,
    }),
  });
  const { search } = list;
  const tab = list.tab as CatalogueTab;
  const set = (patch: Partial<CatalogueSearch>) => list.set(patch);

  // Third-party products are a shop's: the one the address names, else the first that follows.
  const followShops = follows.data?.shops ?? [];
  const shop =
    followShops.find((entry) => entry.shopId === search.shopId) ??
    followShops.find((entry) => entry.categories.length > 0) ??
    followShops[0];
  const followed = new Set(shop?.categories.map((category) => category.id) ?? []);

  const { params } = list;
  const sort = search.sort === 'relevance' ? undefined : search.sort;
  const mall = useMallSearch(
    {
      ...params,
      q: search.keyword,
      sourceSite: search.sourceSite,
      shipsFrom: search.shipsFrom,
      sort: search.sort,
    },
    tab === 'mall',
  );
  const catalogue = useCatalogueList(
    tab === 'directSale'
      ? { ...params, source: 'directSale', site: search.site, sort }
      : { ...params, source: 'supplier', supplierId: search.supplierId, sort },
    tab === 'supplier' || tab === 'directSale',
  );
  const third = useThirdPartyList(
    { ...params, shopId: shop?.shopId ?? '', sort },
    tab === 'thirdParty' && shop !== undefined && shop.categories.length > 0,
  );
  const query = tab === 'mall' ? mall : tab === 'thirdParty' ? third : catalogue;

  const selection = useListSelection<CatalogueProduct>(list.scope, (product) => product.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const close = () => setDialog(null);
  const columns = useCatalogueColumns({
    tab,
    canChoose,
    onCart: (product) => setDialog({ kind: 'cart', product }),
    onChoose: (product) => setDialog({ kind: 'choose', products: [product] }),
    onSupplier: (supplierId) => list.set({ source: 'supplier', supplierId }),
  });

  const narrow =
    query.error instanceof ApiError && typeof query.error.key === 'string'
      ? NARROW_KEYS.has(query.error.key)
      : false;
  const currency: Currency =
    tab === 'directSale' ? (search.site ? siteCurrency(search.site) : 'THB') : 'CNY';
  const sorts = TAB_SORTS[tab];
  const supplierName =
    search.supplierId &&
    query.data?.records.find((product) => product.supplier?.id === search.supplierId)?.supplier
      ?.name;

  const filters = (
    <>
      {tab === 'mall' && (
        <ListKeyword
          value={search.keyword}
          onSubmit={(keyword) => set({ keyword: keyword || undefined })}
          label={t('filters.keyword')}
          placeholder={t('filters.keywordPlaceholder')}
          busy={query.isFetching && !query.isPending}
        />
      )}
      {tab === 'thirdParty' && followShops.length > 0 && (
        <Select
          size="sm"
          w={200}
          label={t('filters.shop')}
          data={followShops.map((entry) => ({
            value: entry.shopId,
            label: `${entry.shopName} (${entry.categories.length}/${entry.limit})`,
          }))}
          value={shop?.shopId ?? null}
          onChange={(value) => set({ shopId: value || undefined, categoryId: undefined })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, hideDetached: false }}
          data-testid="third-shop"
        />
      )}
      <CategoryPicker
        categories={categories}
        value={search.categoryId}
        onChange={(categoryId) => set({ categoryId })}
        {...(tab === 'thirdParty' ? { only: followed } : {})}
      />
      <PriceRange
        min={search.priceMin}
        max={search.priceMax}
        currency={currency}
        onChange={(range) => set(range)}
      />
      {tab === 'mall' && (
        <>
          <FilterSelect
            label={t('filters.sourceSite')}
            all={t('filters.allSourceSites')}
            value={search.sourceSite}
            options={MALL_SOURCE_SITES.map((site) => ({
              value: site,
              label: t(`sourceSites.${site}`),
            }))}
            onChange={(sourceSite) => set({ sourceSite })}
            testId="source-site-filter"
            w={140}
          />
          <FilterSelect
            label={t('filters.shipsFrom')}
            all={t('filters.anywhere')}
            value={search.shipsFrom}
            options={SITE_CODES.map((site) => ({ value: site, label: t(`common:sites.${site}`) }))}
            onChange={(shipsFrom) => set({ shipsFrom })}
            testId="ships-from-filter"
            w={140}
          />
        </>
      )}
      {tab === 'directSale' && (
        <FilterSelect
          label={t('filters.warehouseSite')}
          all={t('filters.allWarehouses')}
          value={search.site}
          options={SITE_CODES.map((site) => ({ value: site, label: t(`common:sites.${site}`) }))}
          onChange={(site) => set({ site, priceMin: undefined, priceMax: undefined })}
          testId="warehouse-site-filter"
          w={150}
        />
      )}
      {tab === 'supplier' && search.supplierId && (
        <Badge
          size="lg"
          variant="light"
          tt="none"
          mb={4}
          rightSection={
            <CloseButton
              size="xs"
              aria-label={t('filters.clearSupplier')}
              onClick={() => set({ supplierId: undefined })}
            />
          }
          data-testid="supplier-filter"
        >
          {t('filters.supplier', { name: supplierName ?? '…' })}
        </Badge>
      )}
      <InStockSwitch
        value={search.inStock === true}
        onChange={(on) => set({ inStock: on || undefined })}
      />
      <Select
        size="sm"
        w={150}
        label={t('filters.sort')}
        data={sorts.map((sort) => ({ value: sort, label: t(`sorts.${sort}`) }))}
        value={search.sort ?? sorts[0] ?? null}
        onChange={(value) =>
          set({ sort: value && value !== sorts[0] ? (value as MallSort) : undefined })
        }
        allowDeselect={false}
        comboboxProps={{ withinPortal: true, hideDetached: false }}
        data-testid="sort"
      />
    </>
  );

  const thirdEmpty =
    tab === 'thirdParty' && (followShops.length === 0 || !shop || shop.categories.length === 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
        </Stack>
        <Group gap="sm">
          <Permission value="follow">
            <Button
              variant="default"
              leftSection={<IconCategory size={16} />}
              onClick={() => setDialog({ kind: 'follow' })}
              data-testid="follow-open"
            >
              {t('actions.follow')}
            </Button>
          </Permission>
          <Indicator label={count} size={18} disabled={count === 0} offset={4}>
            <Button
              variant="light"
              leftSection={<IconShoppingCart size={16} />}
              onClick={() => setCartOpen(true)}
              data-testid="cart-open"
              data-count={count}
            >
              {t('cart.open')}
            </Button>
          </Indicator>
        </Group>
      </Group>

      <Card withBorder radius="lg" padding="lg">
        {thirdEmpty && follows.isSuccess ? (
          <Stack gap="md">
            <TabsOnly tab={tab} onTab={(next) => list.setTab(next)} />
            <Stack align="center" gap="sm" data-testid="third-empty">
              <EmptyState
                icon={<IconCategory size={28} />}
                title={followShops.length === 0 ? t('empty.noShopTitle') : t('empty.noFollowTitle')}
                hint={followShops.length === 0 ? t('empty.noShopHint') : t('empty.noFollowHint')}
                py={32}
              />
              {followShops.length > 0 && (
                <Permission value="follow">
                  <Button onClick={() => setDialog({ kind: 'follow' })}>
                    {t('actions.follow')}
                  </Button>
                </Permission>
              )}
            </Stack>
          </Stack>
        ) : (
          <ListPage
            list={list}
            query={query}
            rows={(data) => data.records}
            rowKey={(product) => product.id}
            cursors={(data) => ({ next: data.next, previous: data.previous })}
            testId="catalogue"
            words={{
              pagination: t('list.pagination'),
              loadError: narrow && query.error ? errorText(query.error) : t('list.loadError'),
              filteredTitle: t('empty.filteredTitle'),
              filteredHint: t('empty.filteredHint'),
              clearFilters: t('actions.clearFilters'),
            }}
            tabs={CATALOGUE_TABS.map((value) => ({ value, label: t(`tabs.${value}`) }))}
            filters={filters}
            summary={(data) =>
              data.broad ? (
                <Alert
                  color="blue"
                  variant="light"
                  icon={<IconSearch size={18} />}
                  data-testid="catalogue-broad"
                >
                  {t('list.broad', { sort: t(`sorts.${data.sort}`) })}
                </Alert>
              ) : null
            }
            loading={<SkeletonRows rows={6} height={56} radius="sm" />}
            empty={
              <EmptyState
                icon={
                  tab === 'directSale' ? (
                    <IconBuildingWarehouse size={28} />
                  ) : (
                    <IconSearch size={28} />
                  )
                }
                title={t('empty.title')}
                hint={t('empty.hint')}
                py={48}
              />
            }
            {...(canChoose
              ? {
                  bulk: {
                    state: selection,
                    pageLabel: t('list.selectAll'),
                    rowLabel: (product: CatalogueProduct) =>
                      t('list.select', { title: titleOf(product, format.language) }),
                    noneSelected: t('list.noneSelected'),
                    actions: (
                      <Button
                        leftSection={<IconPackageImport size={16} />}
                        disabled={selection.count === 0}
                        onClick={() => setDialog({ kind: 'choose', products: selection.rows })}
                        data-testid="catalogue-choose"
                      >
                        {t('actions.choose')}
                      </Button>
                    ),
                  },
                }
              : {})}
            table={{
              columns,
              label: t(`tabs.${tab}`),
              testId: 'catalogue-table',
              minWidth: 1040,
              rowProps: (product) => ({ 'data-testid': 'catalogue-row', 'data-id': product.id }),
              onRowOpen: (product) =>
                void navigate({ to: DETAILS_URL, search: { id: product.id } }),
            }}
          />
        )}
      </Card>

      <ChooseDialog
        opened={dialog?.kind === 'choose'}
        products={dialog?.kind === 'choose' ? dialog.products : []}
        onClose={close}
        onChosen={selection.clear}
      />
      <AddToCartDialog product={dialog?.kind === 'cart' ? dialog.product : null} onClose={close} />
      <FollowDialog
        opened={dialog?.kind === 'follow'}
        categories={categories}
        shopId={shop?.shopId}
        onClose={close}
        onFollowed={(shopId) => list.set({ source: 'thirdParty', shopId, categoryId: undefined })}
      />
      <CartDrawer opened={cartOpen} onClose={() => setCartOpen(false)} />
    </Stack>
  );
}
