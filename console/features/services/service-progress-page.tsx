import {
  Anchor,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ServiceRow } from '@shared/contracts/services';
import { useExportServices, useServices } from '@shared/queries/services';
import { EmptyState } from '@shared/ui/empty-state';
import { IconListDetails, IconSearch } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListTab } from '../../components/list-page';
import { defaultRange, ListRange, readerTimeZone } from '../../components/list-range';
import type { ListColumn } from '../../components/list-table';
import { usePermission } from '../../components/permission';
import { useListPage } from '../../components/use-list-page';
import { ServiceDetailDrawer } from './service-detail-drawer';
import { OperatorQueue } from './service-operator-queue';
import { useServiceColumns, useServiceFormat } from './service-parts';
import {
  SERVICE_TABS,
  SERVICE_TYPE_FILTERS,
  type ServiceProgressSearch,
  validateServiceProgressSearch,
} from './services-search';

const MENU_URL = '/order/serviceProgress';
const MARKET_URL = '/service/serviceMarket';
const PAGE_SIZE = 20;
const FILTERS = ['type', 'number', 'orderNo', 'beginTime', 'endTime'] as const;

function filtersOf(
  search: ServiceProgressSearch,
  defaults: { beginTime: string; endTime: string },
  timeZone: string,
) {
  return {
    ...(search.type ? { type: search.type } : {}),
    ...(search.number ? { serviceNo: search.number } : {}),
    ...(search.orderNo ? { platformOrderNo: search.orderNo } : {}),
    beginTime: search.beginTime ?? defaults.beginTime,
    endTime: search.endTime ?? defaults.endTime,
    timeZone,
  };
}

function useColumns(onOpen: (serviceNo: string) => void): ListColumn<ServiceRow>[] {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const shared = useServiceColumns<ServiceRow>({
    onOpen,
    openTestId: 'service-open',
    estimate: (row) => row.estimate,
  });
  return [
    shared.serviceNo,
    shared.type,
    shared.status,
    shared.estimate,
    shared.money('actual', t('columns.actual'), (row) => row.actual),
    {
      key: 'platformOrderNo',
      header: t('columns.platformOrderNo'),
      width: 180,
      cell: (row) => <Text size="sm">{row.platformOrderNo ?? '—'}</Text>,
    },
    {
      key: 'currentStep',
      header: t('columns.currentStep'),
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm">{t(`steps.${row.currentStep}`)}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {format.time(row.currentStepAt)}
          </Text>
        </Stack>
      ),
    },
  ];
}

/** The seller's services: tabs with counts, filters, keyset pages. */
function SellerServices({ onOpen }: { onOpen(serviceNo: string): void }) {
  const { t } = useTranslation(['services', 'common']);
  const timeZone = readerTimeZone();
  const defaults = defaultRange();
  const list = useListPage({
    to: MENU_URL,
    validate: validateServiceProgressSearch,
    tab: { key: 'tab', initial: 'all' },
    filters: FILTERS,
    paging: 'cursor',
    pageSize: PAGE_SIZE,
    remember: true,
    query: (search, tab) => ({ ...filtersOf(search, defaults, timeZone), tab }),
  });
  const { search } = list;
  const services = useServices(list.params);
  const filters = filtersOf(search, defaults, timeZone);
  const [number, setNumber] = useState(search.number ?? '');
  const [orderNo, setOrderNo] = useState(search.orderNo ?? '');
  const columns = useColumns(onOpen);
  const exporter = useExportServices();
  const canExport = usePermission('export');
  const counts = services.data?.counts;
  const tabs: ListTab[] = SERVICE_TABS.map((tab) => ({
    value: tab,
    label: t(`tabs.${tab}`),
    count: counts?.[tab],
    testId: `services-tab-${tab}`,
  }));
  const textFilter = (
    label: string,
    value: string,
    set: (next: string) => void,
    apply: () => void,
    testId: string,
  ) => (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <TextInput
        label={label}
        w={{ base: '100%', xs: 190 }}
        value={value}
        onChange={(event) => set(event.currentTarget.value)}
        onBlur={apply}
        rightSection={<IconSearch size={14} />}
        data-testid={testId}
      />
    </form>
  );

  return (
    <ListPage
      list={list}
      query={services}
      rows={(data) => data.records}
      rowKey={(row) => row.serviceNo}
      cursors={(data) => ({ next: data.next, previous: data.previous })}
      total={(data) => data.counts[list.tab as keyof typeof data.counts] ?? data.records.length}
      testId="services"
      words={{ total: (count) => t('progress.total', { count }) }}
      tabs={tabs}
      filters={
        <>
          <Select
            label={t('columns.type')}
            w={{ base: '100%', xs: 190 }}
            data={[
              { value: '', label: t('progress.allTypes') },
              ...SERVICE_TYPE_FILTERS.map((type) => ({ value: type, label: t(`types.${type}`) })),
            ]}
            value={search.type ?? ''}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            onChange={(next) => list.set({ type: SERVICE_TYPE_FILTERS.find((v) => v === next) })}
            data-testid="services-filter-type"
          />
          {textFilter(
            t('progress.number'),
            number,
            setNumber,
            () => list.set({ number: number.trim() || undefined }),
            'services-filter-number',
          )}
          {textFilter(
            t('progress.orderNo'),
            orderNo,
            setOrderNo,
            () => list.set({ orderNo: orderNo.trim() || undefined }),
            'services-filter-order',
          )}
          <ListRange
            range={{ beginTime: filters.beginTime, endTime: filters.endTime }}
            defaults={defaults}
            labels={{ from: t('progress.from'), to: t('progress.to') }}
            testId="services-range"
            onChange={(next) => list.set(next)}
          />
        </>
      }
      exporter={{
        run: () =>
          exporter.mutateAsync({ ...filters, tab: list.tab as (typeof SERVICE_TABS)[number] }),
        testId: 'services-export',
        allowed: canExport,
      }}
      empty={
        <Stack align="center" gap={0} pb="lg">
          <EmptyState
            icon={<IconListDetails size={28} />}
            title={t('progress.empty')}
            hint={t('progress.emptyHint')}
            py={48}
          />
          <Anchor component={Link} to={MARKET_URL} size="sm">
            {t('progress.market')}
          </Anchor>
        </Stack>
      }
      table={{
        columns,
        label: t('progress.title'),
        testId: 'services-table',
        minWidth: 1080,
        rowProps: (row) => ({
          'data-testid': 'service-row',
          'data-service-no': row.serviceNo,
          'data-status': row.status,
        }),
        onRowOpen: (row: ServiceRow) => onOpen(row.serviceNo),
      }}
    />
  );
}

/**
 * Service progress (spec section 2: /order/serviceProgress, "order management" in the user menu):
 * the seller's services by tab (all, pending, complete, cancel, abort) with counts, filtered by
 * type, numbers and dates (the last 14 days by default), in keyset pages; `?serviceNo` (a type-3
 * message) opens its drawer. The service operator also has the queue across sellers.
 */
export function ServiceProgressPage() {
  const { t } = useTranslation('services');
  const search = validateServiceProgressSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const navigate = useNavigate();
  const operator = usePermission('operate');
  const view = operator ? (search.view ?? 'queue') : 'list';
  // The open service is not a filter: opening or closing it keeps the tab, filters and position.
  const show = (serviceNo: string | undefined) =>
    void navigate({
      to: MENU_URL,
      search: { ...search, serviceNo },
      replace: serviceNo === undefined,
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{view === 'queue' ? t('operator.title') : t('progress.title')}</Title>
        {operator && (
          <SegmentedControl
            value={view}
            onChange={(next) =>
              void navigate({
                to: MENU_URL,
                search: next === 'queue' ? {} : { view: 'list' },
              })
            }
            data={[
              { value: 'queue', label: t('progress.viewQueue') },
              { value: 'list', label: t('progress.viewList') },
            ]}
            data-testid="services-view"
          />
        )}
      </Group>
      <Card withBorder radius="lg" padding="lg">
        {view === 'queue' ? <OperatorQueue onOpen={show} /> : <SellerServices onOpen={show} />}
      </Card>
      <ServiceDetailDrawer
        serviceNo={search.serviceNo ?? null}
        operator={operator}
        onClose={() => show(undefined)}
        onOpen={show}
      />
    </Stack>
  );
}
