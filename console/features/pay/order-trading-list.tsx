import {
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useTrades } from '@shared/queries/payments';
import { EmptyState } from '@shared/ui/empty-state';
import { placeholderKeys } from '@shared/ui/skeletons';
import { IconReceipt } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { useFormats } from './pay-parts';

const PAGE_SIZE = 10;

/** The orders waiting to be paid, each with the way to pay it; an empty state when there are none. */
export function PendingTrades({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { t } = useTranslation('pay');
  const { money, dateTime } = useFormats();
  const list = useTrades({ page, limit: PAGE_SIZE, status: 'pending' });
  const total = list.data?.total ?? 0;
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const pastEnd = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) onPage(pages);
  }, [pastEnd, onPage, pages]);

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <Stack gap="sm" aria-busy data-testid="trades-loading">
        {placeholderKeys(3).map((key) => (
          <Skeleton key={key} height={40} />
        ))}
      </Stack>
    );
  } else if (list.isError) {
    content = (
      <LoadFailed
        title={t('trades.loadError')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (total === 0) {
    content = (
      <div data-testid="trades-empty">
        <EmptyState
          icon={<IconReceipt size={28} />}
          title={t('trades.empty')}
          hint={t('trades.emptyHint')}
          py={48}
        />
      </div>
    );
  } else {
    content = (
      <Stack gap="md">
        <Table.ScrollContainer minWidth={720} type="native">
          <Table verticalSpacing="sm" highlightOnHover data-testid="trades-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('trades.columns.order')}</Table.Th>
                <Table.Th>{t('trades.columns.scope')}</Table.Th>
                <Table.Th ta="right">{t('trades.columns.amount')}</Table.Th>
                <Table.Th>{t('trades.columns.createdAt')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((trade) => (
                <Table.Tr key={trade.tradeNo} data-testid="trade-row">
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {trade.title}
                      </Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {trade.tradeNo}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" tt="none">
                      {t(`scopes.${trade.scope}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Text size="sm" fw={600}>
                      {money(trade.amount, trade.currency)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {dateTime(trade.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="xs"
                      renderRoot={(props) => (
                        <Link
                          {...props}
                          to="/pay/orderTrading"
                          search={{ tradeNo: trade.tradeNo }}
                        />
                      )}
                      aria-label={t('trades.payOrder', { title: trade.title })}
                    >
                      {t('actions.pay')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {t('trades.total', { count: total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('history.pagination')}>
              <Pagination value={page} onChange={onPage} total={pages} size="sm" />
            </nav>
          )}
        </Group>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="pending-trades">
      {content}
    </Card>
  );
}
