import { Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { Return } from '@shared/contracts/returns';
import {
  useCancelReturn,
  useDictionary,
  useProcessReturn,
  useReturns,
  useSignReturn,
} from '@shared/queries/orders';
import { useShops } from '@shared/queries/shops';
import { EmptyState } from '@shared/ui/empty-state';
import { toast } from '@shared/ui/toast';
import { IconPackageImport, IconSearch } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { ListPage, type ListTab } from '../../components/list-page';
import type { ListColumn } from '../../components/list-table';
import { usePermission } from '../../components/permission';
import { useListPage } from '../../components/use-list-page';
import { useFormat } from './order-parts';
import { RETURN_TABS, validateReturnsSearch } from './orders-search';

const MENU_URL = '/thirdPartyPlatform/returnManage';

function useColumns(onCancel: (entry: Return) => void) {
  const { t } = useTranslation('orders');
  const format = useFormat();
  const express = useDictionary('RETURN_EXPRESS');
  const sign = useSignReturn();
  const process = useProcessReturn();
  const canSign = usePermission('sign');
  const canProcess = usePermission('process');
  const canCancel = usePermission('cancel');
  const companyOf = (value: string) =>
    express.data?.find((entry) => entry.value === value)?.label ?? value;
  const done = (key: 'signed' | 'completed') => (entry: Return) =>
    toast({ color: 'green', message: t(`returns.${key}`, { returnNo: entry.returnNo }) });
  const columns: ListColumn<Return>[] = [
    {
      key: 'returnNo',
      header: t('returns.fields.returnNo'),
      width: 190,
      cell: (entry) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {entry.returnNo}
          </Text>
          <Text size="xs" c="dimmed">
            {t('returns.fields.orderNo')}: {entry.orderNo}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'shop',
      header: t('returns.fields.shop'),
      width: 160,
      cell: (entry) => <Text size="sm">{entry.shopName}</Text>,
    },
    {
      key: 'express',
      header: t('returns.fields.express'),
      width: 190,
      cell: (entry) => (
        <Stack gap={0}>
          <Text size="sm">{companyOf(entry.express)}</Text>
          <Text size="xs" c="dimmed">
            {entry.trackingNo}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'items',
      header: t('returns.fields.items'),
      cell: (entry) => (
        <Stack gap={2}>
          {entry.items.map((item) => (
            <Text key={item.orderItemId} size="xs">
              {item.sku} ×{item.quantity}
              {item.remark ? ` · ${item.remark}` : ''}
            </Text>
          ))}
        </Stack>
      ),
    },
    {
      key: 'time',
      header: t('returns.fields.createdAt'),
      width: 170,
      cell: (entry) => (
        <Stack gap={0}>
          <Text size="sm">{format.time(entry.createdAt)}</Text>
          {entry.signedAt && (
            <Text size="xs" c="dimmed">
              {t('returns.fields.signedAt')}: {format.time(entry.signedAt)}
            </Text>
          )}
          {entry.outcome && (
            <Badge size="xs" variant="light" color={entry.outcome === 'restock' ? 'green' : 'gray'}>
              {t(`returns.outcomes.${entry.outcome}`)}
            </Badge>
          )}
        </Stack>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: 220,
      align: 'right',
      cell: (entry) => (
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {entry.status === 'toSign' && canSign && (
            <Button
              size="compact-xs"
              loading={sign.isPending && sign.variables === entry.id}
              onClick={() => sign.mutate(entry.id, { onSuccess: done('signed') })}
              data-testid="return-sign"
            >
              {t('returns.actions.sign')}
            </Button>
          )}
          {entry.status === 'toSign' && canCancel && (
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={() => onCancel(entry)}
              data-testid="return-cancel"
            >
              {t('returns.actions.cancel')}
            </Button>
          )}
          {entry.status === 'pending' && canProcess && (
            <>
              <Button
                size="compact-xs"
                onClick={() =>
                  process.mutate(
                    { returnId: entry.id, outcome: 'restock' },
                    { onSuccess: done('completed') },
                  )
                }
                data-testid="return-restock"
              >
                {t('returns.actions.restock')}
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                onClick={() =>
                  process.mutate(
                    { returnId: entry.id, outcome: 'dispose' },
                    { onSuccess: done('completed') },
                  )
                }
                data-testid="return-dispose"
              >
                {t('returns.actions.dispose')}
              </Button>
            </>
          )}
        </Group>
      ),
    },
  ];
  return columns;
}

/**
 * Returns (spec section 2: /thirdPartyPlatform/returnManage): tabs to be signed, pending,
 * completed and cancelled with their counts; the warehouse signs (an operator), the seller
 * restocks or disposes of a signed return, or cancels one not yet signed.
 */
export function ReturnsPage() {
  const { t } = useTranslation(['orders', 'common']);
  const list = useListPage({
    to: MENU_URL,
    validate: validateReturnsSearch,
    tab: { key: 'status', initial: 'toSign' },
    filters: ['shopId', 'keyword'],
    paging: 'cursor',
    pageSize: 50,
    remember: true,
    query: (search, tab) => ({
      status: tab,
      ...(search.shopId ? { shopId: search.shopId } : {}),
      ...(search.keyword ? { keyword: search.keyword } : {}),
    }),
  });
  const returns = useReturns(list.params);
  const shops = useShops();
  const cancel = useCancelReturn();
  const [cancelling, setCancelling] = useState<Return | null>(null);
  const [keyword, setKeyword] = useState(list.search.keyword ?? '');
  const previous = useRef(new Map<string, string | null>());
  const columns = useColumns(setCancelling);
  const tabs: ListTab[] = RETURN_TABS.map((status) => ({
    value: status,
    label: t(`returns.tabs.${status}`),
    count: returns.data?.counts[status],
    testId: `returns-tab-${status}`,
  }));
  return (
    <Stack gap="lg">
      <Title order={2}>{t('returns.title')}</Title>
      <Card withBorder radius="lg" padding="lg">
        <ListPage
          list={list}
          query={returns}
          rows={(data) => data.records}
          rowKey={(entry) => entry.id}
          cursors={(data) => {
            if (data.nextCursor) previous.current.set(data.nextCursor, list.cursor ?? null);
            return {
              next: data.nextCursor,
              previous: list.cursor ? (previous.current.get(list.cursor) ?? null) : null,
            };
          }}
          testId="returns"
          tabs={tabs}
          filters={
            <>
              <Select
                label={t('returns.fields.shop')}
                w={{ base: '100%', xs: 200 }}
                data={[
                  { value: '', label: t('filters.allShops') },
                  ...(shops.data ?? []).map((shop) => ({
                    value: shop.id,
                    label: shop.alias || shop.name,
                  })),
                ]}
                value={list.search.shopId ?? ''}
                allowDeselect={false}
                comboboxProps={{ hideDetached: false }}
                onChange={(value) => list.set({ shopId: value || undefined })}
                data-testid="returns-filter-shop"
              />
              <form
                onSubmit={(event) => {
                  event.preventDefault();
                  list.set({ keyword: keyword.trim() || undefined });
                }}
              >
                <TextInput
                  label={t('returns.keyword')}
                  w={{ base: '100%', xs: 260 }}
                  value={keyword}
                  onChange={(event) => setKeyword(event.currentTarget.value)}
                  onBlur={() => list.set({ keyword: keyword.trim() || undefined })}
                  rightSection={<IconSearch size={14} />}
                  data-testid="returns-filter-keyword"
                />
              </form>
            </>
          }
          empty={
            <EmptyState
              icon={<IconPackageImport size={28} />}
              title={t('returns.empty')}
              hint={t('returns.emptyHint')}
              py={48}
            />
          }
          table={{
            columns,
            label: t('returns.title'),
            testId: 'returns-table',
            minWidth: 1000,
            rowProps: (entry) => ({
              'data-testid': 'return-row',
              'data-id': entry.id,
              'data-status': entry.status,
            }),
          }}
        />
      </Card>
      <ConfirmModal
        opened={cancelling !== null}
        title={t('returns.actions.cancel')}
        message={t('returns.cancelConfirm', { returnNo: cancelling?.returnNo ?? '' })}
        confirmLabel={t('returns.actions.cancel')}
        danger
        loading={cancel.isPending}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling.id, {
            onSuccess: (entry) => {
              toast({
                color: 'green',
                message: t('returns.cancelled', { returnNo: entry.returnNo }),
              });
              setCancelling(null);
            },
          })
        }
        onClose={() => setCancelling(null)}
      />
    </Stack>
  );
}
