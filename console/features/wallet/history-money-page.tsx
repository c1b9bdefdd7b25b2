import {
  Box,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { Currency } from '@shared/contracts/money';
import { allows } from '@shared/permissions';
import {
  useBalanceRecords,
  useExportBalanceRecords,
  useExportFreezeRecords,
  useFreezeRecords,
  useWalletSummary,
} from '@shared/queries/wallet';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { IconLock, IconPlus, IconReceipt, IconTicket } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilteredEmpty, LoadFailed } from '../../components/list-states';
import { usePermission } from '../../components/permission';
import { saveFile } from '../../components/save-file';
import {
  BILL_TYPES,
  FREEZE_STATE_LIST,
  type HistoryMoneySearch,
  type HistoryTab,
  validateHistoryMoneySearch,
} from './history-money-search';
import { ExportButton, RangeFilter } from './wallet-filters';
import { type DateTimeRange, defaultRange, readerTimeZone } from './wallet-range';
import { LedgerStatus, WalletSummaryCards } from './wallet-summary';
import { FreezeTable, HistoryTable, TableSkeleton, useMoney } from './wallet-tables';

const MENU_URL = '/other/historyMoney';
const RECHARGE_URL = '/pay/recharge';
const COUPONS_URL = '/other/couponCenter';
const PAGE_SIZE = 20;
const ERROR_TOAST_MS = 5000;

/** A list's page: its total and the pages, or nothing while there is one page. */
function ListFooter({
  total,
  page,
  onPage,
}: {
  total: number;
  page: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation('wallet');
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="list-total" data-total={total}>
        {t('list.total', { count: total })}
      </Text>
      {pages > 1 && (
        <nav aria-label={t('list.pagination')}>
          <Pagination value={page} onChange={onPage} total={pages} size="sm" />
        </nav>
      )}
    </Group>
  );
}

/**
 * Past the last page (a hand-edited address, or fewer records after a filter elsewhere): goes to
 * the new last page instead of saying the period is empty.
 */
function useLastPage(
  list: { data?: { total: number } | undefined; isPlaceholderData: boolean },
  page: number,
  onPage: (page: number) => void,
) {
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const pastEnd = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) onPage(pages);
  }, [pastEnd, pages, onPage]);
}

/** Saves an export, or says in a toast why it could not be made. */
function useExportOutcome() {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText();
  return {
    onSuccess: ({ blob, filename }: { blob: Blob; filename: string }) => {
      saveFile(blob, filename);
      toast({ color: 'green', message: t('export.done', { name: filename }) });
    },
    onError: (error: unknown) => {
      // The one error handler has already answered a session end or a dialog.
      if (
        error instanceof ApiError &&
        ['auth', 'canceled', 'dialog', 'insufficient-balance'].includes(error.kind)
      )
        return;
      toast({
        color: 'red',
        message: t('export.failed', { reason: errorText(error) }),
        autoClose: ERROR_TOAST_MS,
      });
    },
  };
}

interface ListProps {
  search: HistoryMoneySearch;
  currency: Currency;
  range: DateTimeRange;
  timeZone: string;
  filters: ReactNode;
  /** `replace` rewrites the address instead of adding to the history. */
  setSearch(next: HistoryMoneySearch, replace?: boolean): void;
}

/** A list that is empty: either its filter matches nothing, or the period has nothing. */
function EmptyList({
  filtered,
  title,
  hint,
  icon,
  onClear,
}: {
  filtered: boolean;
  title: string;
  hint: string;
  icon: ReactNode;
  onClear(): void;
}) {
  const { t } = useTranslation('wallet');
  return filtered ? (
    <FilteredEmpty
      title={t('empty.filteredTitle')}
      hint={t('empty.filteredHint')}
      clearLabel={t('actions.clearFilters')}
      onClear={onClear}
    />
  ) : (
    <EmptyState icon={icon} title={title} hint={hint} py={48} />
  );
}

/**
 * A list's body as both tabs show it: skeleton while loading, a retry when it failed, the empty
 * state, or the table (dimmed while the next page loads) with the total and the pages.
 */
function ListBody<Data extends { total: number }>({
  list,
  page,
  empty,
  onPage,
  children,
}: {
  list: UseQueryResult<Data>;
  page: number;
  empty: ReactNode;
  onPage(page: number): void;
  children(data: Data): ReactNode;
}) {
  const { t } = useTranslation('wallet');
  if (list.isPending) return <TableSkeleton />;
  if (list.isError)
    return (
      <LoadFailed
        title={t('list.loadError')}
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  if (list.data.total === 0) return empty;
  return (
    <Stack gap="md">
      <Box
        style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        aria-busy={list.isPlaceholderData}
      >
        {children(list.data)}
      </Box>
      <ListFooter total={list.data.total} page={page} onPage={onPage} />
    </Stack>
  );
}

/** The wallet history tab: bill type filter, totals of the range, the entries and the export. */
function HistoryList({ search, currency, range, timeZone, filters, setSearch }: ListProps) {
  const { t } = useTranslation(['wallet', 'common']);
  const money = useMoney();
  const canExport = usePermission('export');
  const page = search.page ?? 1;
  const query = {
    ...(search.billType ? { billType: search.billType } : {}),
    currency,
    ...range,
    timeZone,
  };
  const list = useBalanceRecords({ page, limit: PAGE_SIZE, ...query });
  const exporter = useExportBalanceRecords();
  const outcome = useExportOutcome();
  const total = list.data?.total ?? 0;
  useLastPage(list, page, (last) => setSearch({ ...search, page: last }, true));
  const { page: _page, billType: _billType, ...unfiltered } = search;

  const content = (
    <ListBody
      list={list}
      page={page}
      empty={
        <EmptyList
          filtered={Boolean(search.billType)}
          title={t('empty.historyTitle')}
          hint={t('empty.historyHint')}
          icon={<IconReceipt size={28} />}
          onClear={() => setSearch(unfiltered)}
        />
      }
      onPage={(next) => setSearch({ ...search, page: next })}
    >
      {(data) => <HistoryTable records={data.records} />}
    </ListBody>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('filters.billType')}
            w={{ base: '100%', xs: 200 }}
            data={[
              { value: 'all', label: t('filters.allBillTypes') },
              ...BILL_TYPES.map((kind) => ({ value: kind, label: t(`billTypes.${kind}`) })),
            ]}
            value={search.billType ?? 'all'}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            onChange={(value) => {
              const { billType: _b, page: _p, ...rest } = search;
              const kind = BILL_TYPES.find((entry) => entry === value);
              setSearch(kind ? { ...rest, billType: kind } : rest);
            }}
            data-testid="filter-bill-type"
          />
          {filters}
        </Group>
        {canExport && (
          <ExportButton
            testId="history-export"
            pending={exporter.isPending}
            disabled={total === 0}
            onClick={() => exporter.mutate(query, outcome)}
          />
        )}
      </Group>
      {list.data && total > 0 && (
        <Group gap="lg" data-testid="history-totals">
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('totals.income')}
            </Text>
            <Text size="sm" fw={700} c="green.8" data-testid="totals-income">
              {money(Math.abs(list.data.totals.income), currency, true)}
            </Text>
          </Group>
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('totals.expense')}
            </Text>
            <Text size="sm" fw={700} c="red.7" data-testid="totals-expense">
              {money(-Math.abs(list.data.totals.expense), currency)}
            </Text>
          </Group>
        </Group>
      )}
      {content}
    </Stack>
  );
}

/** The freeze details tab: state filter, what is frozen now, the freezes and the export. */
function FreezeList({ search, currency, range, timeZone, filters, setSearch }: ListProps) {
  const { t } = useTranslation(['wallet', 'common']);
  const money = useMoney();
  const canExport = usePermission('export');
  const page = search.page ?? 1;
  const query = {
    ...(search.state ? { state: search.state } : {}),
    currency,
    ...range,
    timeZone,
  };
  const list = useFreezeRecords({ page, limit: PAGE_SIZE, ...query });
  const exporter = useExportFreezeRecords();
  const outcome = useExportOutcome();
  const total = list.data?.total ?? 0;
  useLastPage(list, page, (last) => setSearch({ ...search, page: last }, true));
  const { page: _page, state: _state, ...unfiltered } = search;

  const content = (
    <ListBody
      list={list}
      page={page}
      empty={
        <EmptyList
          filtered={Boolean(search.state)}
          title={t('empty.freezesTitle')}
          hint={t('empty.freezesHint')}
          icon={<IconLock size={28} />}
          onClear={() => setSearch(unfiltered)}
        />
      }
      onPage={(next) => setSearch({ ...search, page: next })}
    >
      {(data) => <FreezeTable records={data.records} />}
    </ListBody>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label={t('filters.state')}
            w={{ base: '100%', xs: 180 }}
            data={[
              { value: 'all', label: t('filters.allStates') },
              ...FREEZE_STATE_LIST.map((state) => ({
                value: state,
                label: t(`freezeStates.${state}`),
              })),
            ]}
            value={search.state ?? 'all'}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            onChange={(value) => {
              const { state: _s, page: _p, ...rest } = search;
              const state = FREEZE_STATE_LIST.find((entry) => entry === value);
              setSearch(state ? { ...rest, state } : rest);
            }}
            data-testid="filter-freeze-state"
          />
          {filters}
        </Group>
        {canExport && (
          <ExportButton
            testId="freeze-export"
            pending={exporter.isPending}
            disabled={total === 0}
            onClick={() => exporter.mutate(query, outcome)}
          />
        )}
      </Group>
      {list.data && (
        <Group gap={6} data-testid="freeze-totals">
          <Text size="sm" c="dimmed">
            {t('totals.openTotal')}
          </Text>
          <Text size="sm" fw={700} c="blue.8" data-testid="totals-open">
            {money(list.data.openTotal, currency)}
          </Text>
        </Group>
      )}
      {content}
    </Stack>
  );
}

/**
 * The money history (spec section 2: /other/historyMoney): the wallets at the top with the
 * ledger's last verification, then two tabs, the wallet history and the freeze details, each
 * filtered by type or state, currency and a date-time range (the last 14 days by default), with
 * totals, pages and an .xlsx export. Tab, filters and page live in the address.
 */
export function HistoryMoneyPage() {
  const { t } = useTranslation(['wallet', 'common']);
  const search = validateHistoryMoneySearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const navigate = useNavigate();
  const session = useSession();
  const summary = useWalletSummary();
  const tab: HistoryTab = search.tab ?? 'history';
  const routes = session?.routes ?? [];
  const siteCurrency = session?.user.currency ?? summary.data?.currency ?? 'CNY';
  const currency = search.currency ?? siteCurrency;
  const currencies = [
    ...new Set([currency, ...(summary.data?.wallets ?? []).map((wallet) => wallet.currency)]),
  ];
  const defaults = defaultRange();
  const range: DateTimeRange = {
    beginTime: search.beginTime ?? defaults.beginTime,
    endTime: search.endTime ?? defaults.endTime,
  };
  const timeZone = readerTimeZone();

  /** Changes the tab, filters or page in the address (a filter change goes back to page 1). */
  const setSearch = (next: HistoryMoneySearch, replace = false) =>
    void navigate({ to: MENU_URL, search: validateHistoryMoneySearch({ ...next }), replace });

  const filters = (
    <>
      {currencies.length > 1 && (
        <Select
          label={t('filters.currency')}
          w={{ base: '100%', xs: 130 }}
          data={currencies}
          value={currency}
          allowDeselect={false}
          comboboxProps={{ hideDetached: false }}
          onChange={(value) => {
            const { currency: _c, page: _p, ...rest } = search;
            const chosen = currencies.find((entry) => entry === value);
            setSearch(chosen && chosen !== siteCurrency ? { ...rest, currency: chosen } : rest);
          }}
          data-testid="filter-currency"
        />
      )}
      <RangeFilter
        range={range}
        isDefault={!search.beginTime && !search.endTime}
        onChange={(next) => {
          const { beginTime: _b, endTime: _e, page: _p, ...rest } = search;
          setSearch({
            ...rest,
            ...(next.beginTime && next.beginTime !== defaults.beginTime
              ? { beginTime: next.beginTime }
              : {}),
            ...(next.endTime && next.endTime !== defaults.endTime ? { endTime: next.endTime } : {}),
          });
        }}
        onReset={() => {
          const { beginTime: _b, endTime: _e, page: _p, ...rest } = search;
          setSearch(rest);
        }}
      />
    </>
  );
  const listProps: ListProps = { search, currency, range, timeZone, filters, setSearch };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
          <LedgerStatus />
        </Stack>
        <Group gap="sm">
          {allows(routes, COUPONS_URL) && (
            <Button
              component={Link}
              to={COUPONS_URL}
              variant="default"
              leftSection={<IconTicket size={16} />}
              data-testid="history-coupons"
            >
              {t('actions.coupons')}
            </Button>
          )}
          {allows(routes, RECHARGE_URL) && (
            <Button
              component={Link}
              to={RECHARGE_URL}
              leftSection={<IconPlus size={16} />}
              data-testid="history-recharge"
            >
              {t('actions.recharge')}
            </Button>
          )}
        </Group>
      </Group>

      <WalletSummaryCards />

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Tabs
            value={tab}
            onChange={(value) => {
              // Each tab has its own filter; the currency and the range stay.
              const { tab: _tab, page: _page, billType: _b, state: _s, ...rest } = search;
              setSearch(value === 'freezes' ? { ...rest, tab: 'freezes' } : rest);
            }}
          >
            <Tabs.List>
              <Tabs.Tab
                value="history"
                leftSection={<IconReceipt size={16} />}
                data-testid="tab-history"
              >
                {t('tabs.history')}
              </Tabs.Tab>
              <Tabs.Tab
                value="freezes"
                leftSection={<IconLock size={16} />}
                data-testid="tab-freezes"
              >
                {t('tabs.freezes')}
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {tab === 'history' ? <HistoryList {...listProps} /> : <FreezeList {...listProps} />}
          <Text size="xs" c="dimmed" data-testid="history-time-zone">
            {t('list.range', { zone: timeZone })}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
