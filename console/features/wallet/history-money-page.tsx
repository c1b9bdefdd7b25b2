import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
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
import { IconLock, IconPlus, IconReceipt, IconTicket } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListTab } from '../../components/list-page';
import { usePermission } from '../../components/permission';
import { useListPage } from '../../components/use-list-page';
import {
  BILL_TYPES,
  FREEZE_STATE_LIST,
  HISTORY_PAGE_SIZE,
  HISTORY_PAGE_SIZES,
  type HistoryMoneySearch,
  validateHistoryMoneySearch,
} from './history-money-search';
import { RangeFilter } from './wallet-filters';
import { type DateTimeRange, defaultRange, readerTimeZone } from './wallet-range';
import { LedgerStatus, WalletSummaryCards } from './wallet-summary';
import { TableSkeleton, useFreezeColumns, useHistoryColumns, useMoney } from './wallet-tables';

const MENU_URL = '/other/historyMoney';
const RECHARGE_URL = '/pay/recharge';
const COUPONS_URL = '/other/couponCenter';

/** Each tab has a filter of its own; the currency and the range belong to both. */
const TAB_FILTERS = { history: ['billType'], freezes: ['state'] } as const;

/** The range the search names, each end the default one where it names none. */
function rangeOf(search: HistoryMoneySearch, defaults: DateTimeRange): DateTimeRange {
  return {
    beginTime: search.beginTime ?? defaults.beginTime,
    endTime: search.endTime ?? defaults.endTime,
  };
}

/** The page's list state: tab, filters, range, currency and page, in the address. */
function useHistoryList(siteCurrency: Currency, defaults: DateTimeRange, timeZone: string) {
  return useListPage({
    to: MENU_URL,
    paging: 'cursor',
    validate: validateHistoryMoneySearch,
    tab: { key: 'tab', initial: 'history' },
    filters: (tab) => TAB_FILTERS[tab],
    pageSize: HISTORY_PAGE_SIZE,
    pageSizes: HISTORY_PAGE_SIZES,
    remember: true,
    query: (search, tab) => ({
      ...(tab === 'history' && search.billType ? { billType: search.billType } : {}),
      ...(tab === 'freezes' && search.state ? { state: search.state } : {}),
      currency: search.currency ?? siteCurrency,
      ...rangeOf(search, defaults),
      timeZone,
    }),
  });
}

type HistoryListState = ReturnType<typeof useHistoryList>;

interface ListProps {
  list: HistoryListState;
  currency: Currency;
  /** The currency and range filters both tabs share. */
  filters: ReactNode;
  tabs: readonly ListTab[];
}

/** The filter of a tab: one choice of a list, "all" for none. */
function ChoiceFilter<T extends string>({
  label,
  all,
  choices,
  value,
  onChange,
  testId,
  width,
}: {
  label: string;
  all: string;
  choices: readonly { value: T; label: string }[];
  value: T | undefined;
  onChange(value: T | undefined): void;
  testId: string;
  width: number;
}) {
  return (
    <Select
      label={label}
      w={{ base: '100%', xs: width }}
      data={[{ value: 'all', label: all }, ...choices]}
      value={value ?? 'all'}
      allowDeselect={false}
      comboboxProps={{ hideDetached: false }}
      onChange={(next) => onChange(choices.find((choice) => choice.value === next)?.value)}
      data-testid={testId}
    />
  );
}

/** What both tabs' lists say about their rows: the count, a failed load, filters matching nothing. */
function useListWords() {
  const { t } = useTranslation('wallet');
  return {
    total: (count: number) => t('list.total', { count }),
    loadError: t('list.loadError'),
    filteredTitle: t('empty.filteredTitle'),
    filteredHint: t('empty.filteredHint'),
  };
}

/** The wallet history tab: bill type filter, totals of the range, the entries and the export. */
function HistoryList({ list, currency, filters, tabs }: ListProps) {
  const { t } = useTranslation(['wallet', 'common']);
  const money = useMoney();
  const canExport = usePermission('export');
  const { cursor: _cursor, limit: _limit, ...query } = list.params;
  const records = useBalanceRecords(list.params);
  const exporter = useExportBalanceRecords();
  const columns = useHistoryColumns();
  const words = useListWords();

  return (
    <ListPage
      list={list}
      query={records}
      rows={(data) => data.records}
      rowKey={(record) => record.id}
      total={(data) => data.total}
      cursors={(data) => ({ next: data.next, previous: data.previous })}
      testId="list"
      words={words}
      tabs={tabs}
      filters={
        <>
          <ChoiceFilter
            label={t('filters.billType')}
            all={t('filters.allBillTypes')}
            choices={BILL_TYPES.map((kind) => ({ value: kind, label: t(`billTypes.${kind}`) }))}
            value={list.search.billType}
            onChange={(billType) => list.set({ billType })}
            testId="filter-bill-type"
            width={200}
          />
          {filters}
        </>
      }
      exporter={{
        run: () => exporter.mutateAsync(query),
        testId: 'history-export',
        allowed: canExport,
      }}
      summary={(data, total) =>
        total > 0 && (
          <Group gap="lg" data-testid="history-totals">
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('totals.income')}
              </Text>
              <Text size="sm" fw={700} c="green.8" data-testid="totals-income">
                {money(Math.abs(data.totals.income), currency, true)}
              </Text>
            </Group>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                {t('totals.expense')}
              </Text>
              <Text size="sm" fw={700} c="red.7" data-testid="totals-expense">
                {money(-Math.abs(data.totals.expense), currency)}
              </Text>
            </Group>
          </Group>
        )
      }
      loading={<TableSkeleton />}
      empty={
        <EmptyState
          icon={<IconReceipt size={28} />}
          title={t('empty.historyTitle')}
          hint={t('empty.historyHint')}
          py={48}
        />
      }
      table={{
        columns,
        label: t('tabs.history'),
        testId: 'history-table',
        minWidth: 1080,
        striped: true,
        rowProps: (record) => ({
          'data-testid': 'history-row',
          'data-id': record.id,
          'data-bill-type': record.billType,
        }),
      }}
    />
  );
}

/** The freeze details tab: state filter, what is frozen now, the freezes and the export. */
function FreezeList({ list, currency, filters, tabs }: ListProps) {
  const { t } = useTranslation(['wallet', 'common']);
  const money = useMoney();
  const canExport = usePermission('export');
  const { cursor: _cursor, limit: _limit, ...query } = list.params;
  const records = useFreezeRecords(list.params);
  const exporter = useExportFreezeRecords();
  const columns = useFreezeColumns();
  const words = useListWords();

  return (
    <ListPage
      list={list}
      query={records}
      rows={(data) => data.records}
      rowKey={(record) => record.id}
      total={(data) => data.total}
      cursors={(data) => ({ next: data.next, previous: data.previous })}
      testId="list"
      words={words}
      tabs={tabs}
      filters={
        <>
          <ChoiceFilter
            label={t('filters.state')}
            all={t('filters.allStates')}
            choices={FREEZE_STATE_LIST.map((state) => ({
              value: state,
              label: t(`freezeStates.${state}`),
            }))}
            value={list.search.state}
            onChange={(state) => list.set({ state })}
            testId="filter-freeze-state"
            width={180}
          />
          {filters}
        </>
      }
      exporter={{
        run: () => exporter.mutateAsync(query),
        testId: 'freeze-export',
        allowed: canExport,
      }}
      summary={(data) => (
        <Group gap={6} data-testid="freeze-totals">
          <Text size="sm" c="dimmed">
            {t('totals.openTotal')}
          </Text>
          <Text size="sm" fw={700} c="blue.8" data-testid="totals-open">
            {money(data.openTotal, currency)}
          </Text>
        </Group>
      )}
      loading={<TableSkeleton />}
      empty={
        <EmptyState
          icon={<IconLock size={28} />}
          title={t('empty.freezesTitle')}
          hint={t('empty.freezesHint')}
          py={48}
        />
      }
      table={{
        columns,
        label: t('tabs.freezes'),
        testId: 'freeze-table',
        minWidth: 960,
        striped: true,
        rowProps: (record) => ({ 'data-testid': 'freeze-row', 'data-id': record.id }),
      }}
    />
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
  const session = useSession();
  const summary = useWalletSummary();
  const routes = session?.routes ?? [];
  const siteCurrency = session?.user.currency ?? summary.data?.currency ?? 'CNY';
  const timeZone = readerTimeZone();
  const defaults = defaultRange();
  const list = useHistoryList(siteCurrency, defaults, timeZone);
  const { search } = list;
  const currency = search.currency ?? siteCurrency;
  const range = rangeOf(search, defaults);
  const currencies = [
    ...new Set([currency, ...(summary.data?.wallets ?? []).map((wallet) => wallet.currency)]),
  ];

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
            const chosen = currencies.find((entry) => entry === value);
            list.set({ currency: chosen && chosen !== siteCurrency ? chosen : undefined });
          }}
          data-testid="filter-currency"
        />
      )}
      <RangeFilter
        range={range}
        isDefault={!search.beginTime && !search.endTime}
        onChange={(next) =>
          list.set({
            beginTime: next.beginTime !== defaults.beginTime ? next.beginTime : undefined,
            endTime: next.endTime !== defaults.endTime ? next.endTime : undefined,
          })
        }
        onReset={() => list.set({ beginTime: undefined, endTime: undefined })}
      />
    </>
  );
  const tabs: ListTab[] = [
    {
      value: 'history',
      label: t('tabs.history'),
      icon: <IconReceipt size={16} />,
      testId: 'tab-history',
    },
    {
      value: 'freezes',
      label: t('tabs.freezes'),
      icon: <IconLock size={16} />,
      testId: 'tab-freezes',
    },
  ];
  const listProps: ListProps = { list, currency, filters, tabs };

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
          {list.tab === 'history' ? <HistoryList {...listProps} /> : <FreezeList {...listProps} />}
          <Text size="xs" c="dimmed" data-testid="history-time-zone">
            {t('list.range', { zone: timeZone })}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
