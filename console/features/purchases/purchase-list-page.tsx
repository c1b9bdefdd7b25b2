import {
  Badge,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import {
  PURCHASE_TAB_KEYS,
  PURCHASE_TYPES,
  type PurchaseTab,
  type PurchaseType,
} from '@shared/contracts/purchases';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { usePurchaseCustomer, usePurchases, useWarehouses } from '@shared/queries/purchases';
import { useShops } from '@shared/queries/shops';
import { useSession } from '@shared/session/react';
import { IconHeadset, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PurchaseListSearch } from './purchase-search';

const LIST = '/purchaseAndWarehouse/purchaseManage';
const DETAIL = '/purchaseAndWarehouse/purchaseManageDetail';
const PAGE_SIZE = 20;

/** Who answers purchase questions, beside the list (getPurchaseCustomer). */
function PurchaseCustomerCard() {
  const { t } = useTranslation('purchases');
  const customer = usePurchaseCustomer().data;
  if (!customer) return null;
  const rows = [
    ['phone', customer.phone],
    ['wechat', customer.wechat],
    ['email', customer.email],
    ['hours', customer.hours],
  ] as const;
  return (
    <Card withBorder radius="md" data-testid="purchase-customer">
      <Group gap="xs" mb="xs">
        <IconHeadset size={18} />
        <Text fw={600}>{t('customer.title')}</Text>
      </Group>
      <Stack gap={4}>
        {rows.map(([key, value]) =>
          value ? (
            <Text key={key} size="sm">
              <Text span c="dimmed">
                {t(`customer.${key}`)}:{' '}
              </Text>
              {value}
            </Text>
          ) : null,
        )}
      </Stack>
    </Card>
  );
}

/**
 * Purchase management (spec section 2: purchaseManage): the tabs to be audited (with returned
 * requests under a badge), to be delivered, shipped, completed, rejected, cancelled and abnormal,
 * each with its count; keyword, type, warehouse and shop filters in the address; pages by keyset.
 */
export function PurchaseListPage() {
  const { t, i18n } = useTranslation(['purchases', 'common']);
  const language = i18n.language as Language;
  const search = useSearch({ strict: false }) as PurchaseListSearch;
  const navigate = useNavigate();
  const routes = useSession()?.routes ?? [];
  const tab: PurchaseTab = search.tab ?? 'waitAudit';
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors.at(-1);
  const list = usePurchases({
    tab,
    limit: PAGE_SIZE,
    ...(search.keyword ? { keyword: search.keyword } : {}),
    ...(search.type ? { type: search.type } : {}),
    ...(search.warehouseId ? { warehouseId: search.warehouseId } : {}),
    ...(search.shopId ? { shopId: search.shopId } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const shops = useShops().data ?? [];
  const warehouses = useWarehouses(undefined).data?.records ?? [];
  const counts = list.data?.counts;
  const go = (next: PurchaseListSearch) => {
    setCursors([undefined]);
    void navigate({ to: LIST, search: next });
  };
  const [keyword, setKeyword] = useState(search.keyword ?? '');

  return (
    <SimpleGrid cols={{ base: 1, lg: 4 }} spacing="md">
      <Stack style={{ gridColumn: 'span 3' }} gap="md">
        <Group justify="space-between">
          <Title order={3}>{t('list.title')}</Title>
          {allows(routes, LIST, 'create') && (
            <Group gap="xs">
              {([2, 1] as const).map((type) => (
                <Button
                  key={type}
                  onClick={() => void navigate({ to: DETAIL, search: { type } })}
                  variant={type === 2 ? 'filled' : 'light'}
                  leftSection={<IconPlus size={16} />}
                  data-testid={`purchase-create-${type}`}
                >
                  {type === 2 ? t('list.daily') : t('list.crossSale')}
                </Button>
              ))}
            </Group>
          )}
        </Group>
        <Group>
          <TextInput
            placeholder={t('list.keyword')}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') go({ ...search, keyword: keyword.trim() || undefined });
            }}
            w={320}
            aria-label={t('list.keyword')}
          />
          <Select
            aria-label={t('fields.type')}
            data={[
              { value: '', label: t('list.allTypes') },
              ...PURCHASE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) })),
            ]}
            value={search.type ?? ''}
            onChange={(value) => go({ ...search, type: (value || undefined) as PurchaseType })}
            w={200}
            allowDeselect={false}
          />
          <Select
            aria-label={t('fields.warehouse')}
            data={[
              { value: '', label: t('list.allWarehouses') },
              ...warehouses.map((entry) => ({ value: entry.id, label: entry.code })),
            ]}
            value={search.warehouseId ?? ''}
            onChange={(value) => go({ ...search, warehouseId: value || undefined })}
            w={200}
            allowDeselect={false}
            searchable
            data-testid="purchase-filter-warehouse"
          />
          <Select
            aria-label={t('fields.shop')}
            data={[
              { value: '', label: t('list.allShops') },
              ...shops.map((shop) => ({ value: shop.id, label: shop.alias || shop.name })),
            ]}
            value={search.shopId ?? ''}
            onChange={(value) => go({ ...search, shopId: value || undefined })}
            w={220}
            allowDeselect={false}
            searchable
            data-testid="purchase-filter-shop"
          />
        </Group>
        <Tabs value={tab} onChange={(value) => go({ ...search, tab: value as PurchaseTab })}>
          <Tabs.List>
            {PURCHASE_TAB_KEYS.map((key) => (
              <Tabs.Tab
                key={key}
                value={key}
                rightSection={
                  key === 'waitAudit' && counts && counts.beWait > 0 ? (
                    <Badge
                      color="orange"
                      size="sm"
                      title={t('list.returned', { count: counts.beWait })}
                    >
                      {counts.beWait}
                    </Badge>
                  ) : undefined
                }
              >
                {t(`tabs.${key}`)} ({counts?.[key] ?? 0})
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Table.ScrollContainer minWidth={900}>
          <Table striped highlightOnHover data-testid="purchase-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.purchaseNo')}</Table.Th>
                <Table.Th>{t('fields.type')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                <Table.Th>{t('fields.shop')}</Table.Th>
                <Table.Th>{t('fields.warehouse')}</Table.Th>
                <Table.Th>{t('fields.itemCount')}</Table.Th>
                <Table.Th>{t('fields.estimated')}</Table.Th>
                <Table.Th>{t('fields.actual')}</Table.Th>
                <Table.Th>{t('fields.createdAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(list.data?.records ?? []).map((row) => (
                <Table.Tr key={row.purchaseNo}>
                  <Table.Td>
                    <Link to={DETAIL} search={{ purchaseNo: row.purchaseNo }}>
                      {row.purchaseNo}
                    </Link>
                  </Table.Td>
                  <Table.Td>{t(`types.${row.type}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={row.status === 'beWait' ? 'orange' : 'gray'} variant="light">
                      {t(`status.${row.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{row.shopName}</Table.Td>
                  <Table.Td>{row.warehouseName || '—'}</Table.Td>
                  <Table.Td>{row.itemCount}</Table.Td>
                  <Table.Td>{formatMoney(row.estimatedTotal, row.currency, language)}</Table.Td>
                  <Table.Td>
                    {row.actualTotal === null
                      ? '—'
                      : formatMoney(row.actualTotal, row.currency, language)}
                  </Table.Td>
                  <Table.Td>{formatDateTime(row.createdAt, language)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {list.data && list.data.records.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            {t('list.empty')}
          </Text>
        )}
        <Group justify="center">
          {cursors.length > 1 && (
            <Button variant="default" onClick={() => setCursors((all) => all.slice(0, -1))}>
              {t('common:list.previous')}
            </Button>
          )}
          {list.data?.next && (
            <Button
              variant="default"
              onClick={() => setCursors((all) => [...all, list.data?.next ?? undefined])}
            >
              {t('list.more')}
            </Button>
          )}
        </Group>
      </Stack>
      <Stack>
        <PurchaseCustomerCard />
      </Stack>
    </SimpleGrid>
  );
}
