import {
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { IconChevronLeft, IconChevronRight, IconFileSpreadsheet } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './list-page.module.css';
import { FilteredEmpty, LoadFailed } from './list-states';
import { type ListColumn, ListTable, type VirtualBody } from './list-table';
import { saveFile } from './save-file';
import type { ListState } from './use-list-page';
import type { ListSelection } from './use-list-selection';

/** Spec section 9: an error toast stays 5000 ms. */
const ERROR_TOAST_MS = 5000;

/** A list's own words where the common ones (namespace `common`, `list.*`) are too plain. */
export interface ListWords {
  /** "12 products": the rows the filters match. */
  total(count: number): string;
  /** The name of the pages' navigation, for screen readers. */
  pagination: string;
  loadError: string;
  filteredTitle: string;
  filteredHint: string;
  clearFilters: string;
}

export interface ListTab {
  value: string;
  label: ReactNode;
  icon?: ReactNode;
  /** Shown beside the label (a figure, or words such as "10,000+"). */
  count?: number | string | undefined;
  /** The tab's test id; `<testId>-tab-<value>` by default. */
  testId?: string;
}

/** Rows chosen across pages, and what can be done with them. */
interface ListBulk<Row> {
  state: ListSelection<Row>;
  /** The header checkbox's name: choose every row of this page. */
  pageLabel: string;
  rowLabel(row: Row): string;
  /** The bulk actions' buttons (each disabled while nothing is chosen). */
  actions: ReactNode;
  /** Why the actions wait: nothing chosen yet. */
  noneSelected: string;
}

/** An export of what the filters match: the file is saved, or a toast says why not. */
interface ListExport {
  run(): Promise<{ blob: Blob; filename: string }>;
  testId: string;
  /** Hidden without the export permission. */
  allowed?: boolean;
}

export interface ListPageProps<Data, Row> {
  list: ListState;
  query: UseQueryResult<Data>;
  rows(data: Data): readonly Row[];
  rowKey(row: Row): string;
  /** Numbered pages: how many rows the filters match. */
  total?(data: Data): number;
  /** Keyset pages: the server's positions of the pages around this one. */
  cursors?(data: Data): { next: string | null; previous: string | null };
  /** Prefix of the test ids: `<testId>-total`, `-bulk`, `-selected`, `-select-all`, … */
  testId: string;
  words?: Partial<ListWords>;
  tabs?: readonly ListTab[];
  /** The filter controls, at the start of the toolbar. */
  filters?: ReactNode;
  /** More buttons at the end of the toolbar, before the export. */
  actions?: ReactNode;
  exporter?: ListExport;
  /** Figures of the whole list (totals), between the toolbar and the rows. */
  summary?(data: Data, total: number): ReactNode;
  /** What stands for the rows while the first page loads. */
  loading?: ReactNode;
  /** The list holds nothing at all (no filter narrows it). */
  empty: ReactNode | ((data: Data) => ReactNode);
  bulk?: ListBulk<Row>;
  /** The rows as a table; `children` draws them otherwise (cards, lines). */
  table?: {
    columns: readonly ListColumn<Row>[];
    label: string;
    testId?: string;
    minWidth?: number;
    striped?: boolean;
    rowProps?(row: Row): Record<`data-${string}`, string | number | boolean | undefined>;
    onRowOpen?(row: Row): void;
    virtual?: VirtualBody | false;
  };
  children?(rows: readonly Row[], data: Data): ReactNode;
}

function useListWords(words: Partial<ListWords> | undefined): ListWords {
  const { t } = useTranslation('common');
  return {
    total: (count) => t('list.total', { count }),
    pagination: t('list.pagination'),
    loadError: t('list.loadError'),
    filteredTitle: t('list.filteredTitle'),
    filteredHint: t('list.filteredHint'),
    clearFilters: t('list.clearFilters'),
    ...words,
  };
}

/** The export button: its progress shows on it; the file is saved or a toast says why not. */
function ExportButton({ exporter, disabled }: { exporter: ListExport; disabled: boolean }) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const [pending, setPending] = useState(false);
  async function run() {
    setPending(true);
    try {
      const { blob, filename } = await exporter.run();
      saveFile(blob, filename);
      toast({ color: 'green', message: t('list.exportDone', { name: filename }) });
    } catch (error) {
      // The one error handler has already answered a session end or a dialog.
      const handled =
        error instanceof ApiError &&
        ['auth', 'canceled', 'dialog', 'insufficient-balance'].includes(error.kind);
      if (!handled)
        toast({
          color: 'red',
          message: t('list.exportFailed', { reason: errorText(error) }),
          autoClose: ERROR_TOAST_MS,
        });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      variant="default"
      leftSection={pending ? <Loader size={14} /> : <IconFileSpreadsheet size={16} />}
      disabled={disabled || pending}
      aria-busy={pending}
      onClick={() => void run()}
      data-testid={exporter.testId}
      data-pending={pending || undefined}
    >
      {pending ? t('list.exporting') : t('list.export')}
    </Button>
  );
}

/**
 * How many rows match (when the server counts them), the rows per page when the list offers a
 * choice, and the pages: numbered, or the previous and next ones of a keyset list, as far as the
 * server says there are.
 */
function PageFooter({
  list,
  total,
  cursors,
  words,
  testId,
}: {
  list: ListState;
  total: number | undefined;
  /** Keyset pages: the server's positions around this one. */
  cursors: { next: string | null; previous: string | null } | null;
  words: ListWords;
  testId: string;
}) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil((total ?? 0) / list.limit));
  // Without a position this is the first page; a page after it always leads back.
  const hasPrevious = list.cursor !== undefined;
  const next = cursors?.next ?? null;
  return (
    <Group justify="space-between" gap="sm">
      {total === undefined ? (
        <span />
      ) : (
        <Text size="sm" c="dimmed" data-testid={`${testId}-total`} data-total={total}>
          {words.total(total)}
        </Text>
      )}
      <Group gap="sm">
        {list.pageSizes.length > 1 && (
          <Select
            aria-label={t('list.pageSize')}
            size="xs"
            w={130}
            data={list.pageSizes.map((size) => ({
              value: String(size),
              label: t('list.perPage', { count: size }),
            }))}
            value={String(list.limit)}
            allowDeselect={false}
            comboboxProps={{ hideDetached: false }}
            onChange={(value) => value && list.setLimit(Number(value))}
            data-testid={`${testId}-page-size`}
          />
        )}
        {cursors
          ? (hasPrevious || next) && (
              <Group gap="sm" component="nav" aria-label={words.pagination}>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} />}
                  disabled={!hasPrevious}
                  onClick={() => list.setCursor(cursors.previous)}
                  data-testid={`${testId}-previous`}
                >
                  {t('list.previous')}
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} />}
                  disabled={!next}
                  onClick={() => next && list.setCursor(next)}
                  data-testid={`${testId}-next`}
                >
                  {t('list.next')}
                </Button>
              </Group>
            )
          : pages > 1 && (
              <nav aria-label={words.pagination}>
                <Pagination
                  value={Math.min(list.page, pages)}
                  onChange={(page) => list.setPage(page)}
                  total={pages}
                  size="sm"
                />
              </nav>
            )}
      </Group>
    </Group>
  );
}

/** How many rows are chosen (on any page), the way to let them go, and the bulk actions. */
function BulkBar<Row>({ bulk, testId }: { bulk: ListBulk<Row>; testId: string }) {
  const { t } = useTranslation('common');
  const count = bulk.state.count;
  return (
    <Group gap="sm" justify="space-between" data-testid={`${testId}-bulk`}>
      <Group gap="xs">
        <Text size="sm" data-testid={`${testId}-selected`} aria-live="polite">
          {t('list.selected', { count })}
        </Text>
        {count > 0 ? (
          <Button size="compact-sm" variant="subtle" onClick={bulk.state.clear}>
            {t('list.clearSelection')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" data-testid={`${testId}-bulk-reason`}>
            {bulk.noneSelected}
          </Text>
        )}
      </Group>
      <Tooltip label={bulk.noneSelected} disabled={count > 0} withArrow>
        <Group gap="sm">{bulk.actions}</Group>
      </Tooltip>
    </Group>
  );
}

/**
 * A list page's card: tabs, the toolbar (filters, actions, export), the bulk bar over a selection
 * kept across pages, and the rows in their states: loading, failed (with a retry), empty (no data
 * at all, or nothing matching the filters with a way to clear them), or the table (or the page's
 * own drawing of the rows) dimmed while the next page loads, then the pages (numbered, or
 * previous and next for keyset lists).
 */
export function ListPage<Data, Row>(props: ListPageProps<Data, Row>) {
  const { list, query, testId, bulk } = props;
  const words = useListWords(props.words);
  const data = query.data;
  const rows = data === undefined ? [] : props.rows(data);
  const keyset = list.paging === 'cursor';
  const total = data === undefined ? 0 : props.total ? props.total(data) : rows.length;
  const settled = data !== undefined && !query.isPlaceholderData;
  const pages = Math.max(1, Math.ceil(total / list.limit));

  // Past the end (rows gone meanwhile, a hand-edited address): the last page, or the first.
  const pastEnd =
    settled && (keyset ? list.cursor !== undefined && rows.length === 0 : list.page > pages);
  useEffect(() => {
    if (!pastEnd) return;
    if (keyset) list.setCursor(null);
    else list.setPage(pages, { replace: true });
  }, [pastEnd, keyset, pages, list]);

  const isEmpty = data !== undefined && (keyset ? rows.length === 0 : total === 0);

  let content: ReactNode;
  if (query.isPending) {
    content = props.loading ?? <SkeletonRows rows={6} height={36} radius="sm" />;
  } else if (query.isError) {
    content = (
      <LoadFailed
        title={words.loadError}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  } else if (isEmpty && list.filtered) {
    content = (
      <FilteredEmpty
        title={words.filteredTitle}
        hint={words.filteredHint}
        clearLabel={words.clearFilters}
        onClear={list.clearFilters}
      />
    );
  } else if (isEmpty) {
    content = typeof props.empty === 'function' ? props.empty(query.data) : props.empty;
  } else {
    const cursors = keyset && props.cursors ? props.cursors(query.data) : null;
    content = (
      <Stack gap="md">
        <Box
          className={query.isPlaceholderData ? classes.stale : undefined}
          aria-busy={query.isPlaceholderData}
        >
          {props.table ? (
            <ListTable
              rows={rows}
              rowKey={props.rowKey}
              {...props.table}
              {...(bulk
                ? {
                    selection: {
                      state: bulk.state,
                      pageLabel: bulk.pageLabel,
                      rowLabel: bulk.rowLabel,
                      testId: `${testId}-select-all`,
                    },
                  }
                : {})}
            />
          ) : (
            props.children?.(rows, query.data)
          )}
        </Box>
        <PageFooter
          list={list}
          total={keyset && !props.total ? undefined : total}
          cursors={keyset ? (cursors ?? { next: null, previous: null }) : null}
          words={words}
          testId={testId}
        />
      </Stack>
    );
  }

  const showExport = props.exporter !== undefined && props.exporter.allowed !== false;
  return (
    <Stack gap="md">
      {props.tabs && (
        <Tabs value={list.tab} onChange={(value) => value && list.setTab(value)}>
          <Tabs.List>
            {props.tabs.map((tab) => (
              <Tabs.Tab
                key={tab.value}
                value={tab.value}
                leftSection={tab.icon}
                data-testid={tab.testId ?? `${testId}-tab-${tab.value}`}
              >
                {tab.count === undefined ? (
                  tab.label
                ) : (
                  <Group gap={6} wrap="nowrap">
                    <span>{tab.label}</span>
                    <Badge
                      size="sm"
                      variant={tab.value === list.tab ? 'filled' : 'light'}
                      color={tab.value === list.tab ? undefined : 'gray'}
                      data-testid={`${testId}-count-${tab.value}`}
                    >
                      {tab.count}
                    </Badge>
                  </Group>
                )}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      )}
      {(props.filters || props.actions || showExport) && (
        <Group justify="space-between" align="flex-end" gap="sm">
          {/* May shrink below its widest filter: a phone's screen holds the keyword box. */}
          <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 auto', minWidth: 0 }}>
            {props.filters}
          </Group>
          {(props.actions || showExport) && (
            <Group gap="sm">
              {props.actions}
              {props.exporter && showExport && (
                <ExportButton exporter={props.exporter} disabled={!settled || total === 0} />
              )}
            </Group>
          )}
        </Group>
      )}
      {bulk && data !== undefined && !isEmpty && <BulkBar bulk={bulk} testId={testId} />}
      {data !== undefined && props.summary?.(data, total)}
      {content}
    </Stack>
  );
}
