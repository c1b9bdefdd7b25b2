import {
  Box,
  Card,
  Chip,
  Group,
  Pagination,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { PAYMENT_ORDER_STATES, type PaymentOrderState } from '@shared/contracts/payments';
import { useRecharges } from '@shared/queries/payments';
import { EmptyState } from '@shared/ui/empty-state';
import { placeholderKeys } from '@shared/ui/skeletons';
import { IconReceipt } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilteredEmpty, LoadFailed } from '../../components/list-states';
import { ChannelName, OrderStateBadge, useFormats } from './pay-parts';

const PAGE_SIZE = 10;

function HistorySkeleton() {
  return (
    <Stack gap="sm" aria-busy data-testid="recharge-history-loading">
      {placeholderKeys(4).map((key) => (
        <Skeleton key={key} height={36} />
      ))}
    </Stack>
  );
}

/**
 * The recharge history (spec section 3, recharge record): number, what arrived, currency,
 * channel, state and time, filtered by state and paged; the filter and page live in the address.
 */
export function RechargeHistory({
  status,
  page,
  onChange,
}: {
  status: PaymentOrderState | undefined;
  page: number;
  onChange(next: { status?: PaymentOrderState; page?: number }): void;
}) {
  const { t } = useTranslation('pay');
  const { money, dateTime } = useFormats();
  const list = useRecharges({ page, limit: PAGE_SIZE, ...(status ? { status } : {}) });
  const total = list.data?.total ?? 0;
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  // Past the last page (a hand-edited address): show the last page there is.
  const pastEnd = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) onChange({ ...(status ? { status } : {}), page: pages });
  }, [pastEnd, onChange, status, pages]);

  let content: ReactNode;
  if (list.isPending) {
    content = <HistorySkeleton />;
  } else if (list.isError) {
    content = (
      <LoadFailed
        title={t('history.loadError')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (total === 0 && status) {
    content = (
      <FilteredEmpty
        title={t('history.filteredEmpty')}
        hint={t('history.filteredEmptyHint')}
        clearLabel={t('history.clearFilter')}
        onClear={() => onChange({})}
      />
    );
  } else if (total === 0) {
    content = (
      <Box data-testid="recharge-history-empty">
        <EmptyState
          icon={<IconReceipt size={28} />}
          title={t('history.empty')}
          hint={t('history.emptyHint')}
          py={40}
        />
      </Box>
    );
  } else {
    content = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={760} type="native">
          <Table
            verticalSpacing="sm"
            highlightOnHover
            data-testid="recharge-history-table"
            style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}
            aria-busy={list.isPlaceholderData}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.columns.orderNo')}</Table.Th>
                <Table.Th ta="right">{t('history.columns.arrival')}</Table.Th>
                <Table.Th>{t('history.columns.currency')}</Table.Th>
                <Table.Th>{t('history.columns.channel')}</Table.Th>
                <Table.Th>{t('history.columns.status')}</Table.Th>
                <Table.Th>{t('history.columns.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((record) => (
                <Table.Tr key={record.orderNo} data-testid="recharge-row">
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {record.orderNo}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={500} data-testid="recharge-row-amount">
                      {money(record.amount, record.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{record.currency}</Table.Td>
                  <Table.Td>
                    <ChannelName channel={record.channel} />
                  </Table.Td>
                  <Table.Td>
                    <OrderStateBadge status={record.status} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {dateTime(record.paidAt ?? record.createdAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="recharge-history-total">
            {t('history.total', { count: total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('history.pagination')}>
              <Pagination
                value={page}
                onChange={(next) => onChange({ ...(status ? { status } : {}), page: next })}
                total={pages}
                size="sm"
              />
            </nav>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="recharge-history">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} size="h4">
            {t('history.title')}
          </Title>
          <ScrollArea type="never" maw="100%">
            <Chip.Group
              multiple={false}
              value={status ?? 'all'}
              onChange={(value) =>
                onChange(value === 'all' ? {} : { status: value as PaymentOrderState })
              }
            >
              <Group gap={6} wrap="nowrap" role="radiogroup" aria-label={t('history.filter')}>
                <Chip value="all" size="sm" data-testid="recharge-filter-all">
                  {t('history.all')}
                </Chip>
                {PAYMENT_ORDER_STATES.map((state) => (
                  <Chip
                    key={state}
                    value={state}
                    size="sm"
                    data-testid={`recharge-filter-${state}`}
                  >
                    {t(`status.${state}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </ScrollArea>
        </Group>
        {content}
      </Stack>
    </Card>
  );
}
