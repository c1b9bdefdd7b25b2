import { Badge, Stack, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import type { Currency } from '@shared/contracts/money';
import type { BalanceRecord, FreezeRecord, LedgerEntryKind } from '@shared/contracts/wallet';
import { formatMoney } from '@shared/i18n/format';
import { SkeletonRows } from '@shared/ui/skeletons';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../components/list-table';
import type { FreezeState } from './history-money-search';
import { toDateTimeText } from './wallet-range';

/** The colour of each bill type's badge: money in green tones, out red tones, freezes blue. */
const BILL_TYPE_COLORS: Record<LedgerEntryKind, string> = {
  recharge: 'green',
  refund: 'teal',
  compensation: 'lime',
  withholdingReturn: 'cyan',
  deduct: 'red',
  withdraw: 'orange',
  withholding: 'grape',
  freeze: 'blue',
  release: 'indigo',
};

const FREEZE_STATE_COLORS: Record<FreezeState, string> = {
  open: 'blue',
  settled: 'green',
  released: 'gray',
};

/** Money in the reader's language; `signed` puts a plus before money in. */
export function useMoney() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return (minor: number, currency: Currency, signed = false) =>
    `${signed && minor > 0 ? '+' : ''}${formatMoney(minor, currency, language)}`;
}

/** An instant as the ranges read it: YYYY-MM-DD HH:mm:ss on the reader's clock. */
const time = (iso: string) => toDateTimeText(new Date(iso));

/** Times and order numbers line up digit under digit. */
const TABULAR = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const changeColor = (minor: number) => (minor > 0 ? 'green.8' : minor < 0 ? 'red.7' : 'dimmed');

function BillTypeBadge({ kind }: { kind: LedgerEntryKind }) {
  const { t } = useTranslation('wallet');
  return (
    <Badge
      variant="light"
      color={BILL_TYPE_COLORS[kind]}
      tt="none"
      miw="max-content"
      data-testid="history-bill-type"
    >
      {t(`billTypes.${kind}`)}
    </Badge>
  );
}

/** The history's cells: figures right-aligned, times and order numbers digit under digit. */
export function useHistoryColumns(): ListColumn<BalanceRecord>[] {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  return [
    {
      key: 'time',
      header: t('columns.time'),
      cell: (record) => (
        <Text size="sm" style={TABULAR} data-testid="history-time">
          {time(record.createdAt)}
        </Text>
      ),
    },
    {
      key: 'billType',
      header: t('columns.billType'),
      cell: (record) => <BillTypeBadge kind={record.billType} />,
    },
    {
      key: 'change',
      header: t('columns.change'),
      align: 'right',
      cell: (record) => (
        <Stack gap={0} align="flex-end">
          <Text
            size="sm"
            fw={600}
            c={changeColor(record.change)}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="history-change"
          >
            {money(record.change, record.currency, true)}
          </Text>
          {record.availableChange !== 0 && record.availableChange !== record.change && (
            <Text
              size="xs"
              c="dimmed"
              style={{ whiteSpace: 'nowrap' }}
              data-testid="history-available-change"
            >
              {t('list.availableChange', {
                amount: money(record.availableChange, record.currency, true),
              })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'availableAfter',
      header: t('columns.availableAfter'),
      align: 'right',
      cell: (record) => (
        <span data-testid="history-available-after">
          {money(record.availableAfter, record.currency)}
        </span>
      ),
    },
    {
      key: 'frozenAfter',
      header: t('columns.frozenAfter'),
      align: 'right',
      cell: (record) => (
        <span data-testid="history-frozen-after">{money(record.frozenAfter, record.currency)}</span>
      ),
    },
    {
      key: 'balanceAfter',
      header: t('columns.balanceAfter'),
      align: 'right',
      cell: (record) => (
        <span data-testid="history-balance-after">
          {money(record.balanceAfter, record.currency)}
        </span>
      ),
    },
    {
      key: 'reference',
      header: t('columns.reference'),
      cell: (record) => (
        <Text size="sm" style={TABULAR} data-testid="history-reference">
          {record.reference.id}
        </Text>
      ),
    },
    {
      key: 'memo',
      header: t('columns.memo'),
      cell: (record) => (
        <Text
          size="sm"
          c={record.memo ? undefined : 'dimmed'}
          lineClamp={2}
          maw={260}
          data-testid="history-memo"
        >
          {record.memo ?? '—'}
        </Text>
      ),
    },
  ];
}

/**
 * The freeze details' cells: when, the order, what was frozen, its state, and once resolved what
 * was deducted, what went back and when.
 */
export function useFreezeColumns(): ListColumn<FreezeRecord>[] {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const optional = (minor: number | null, currency: Currency) =>
    minor === null ? '—' : money(minor, currency);
  return [
    {
      key: 'time',
      header: t('columns.time'),
      cell: (record) => (
        <Text size="sm" style={TABULAR} data-testid="freeze-time">
          {time(record.createdAt)}
        </Text>
      ),
    },
    {
      key: 'reference',
      header: t('columns.reference'),
      cell: (record) => (
        <Text size="sm" style={TABULAR} data-testid="freeze-reference">
          {record.reference.id}
        </Text>
      ),
    },
    {
      key: 'amount',
      header: t('columns.amount'),
      align: 'right',
      cell: (record) => (
        <Text size="sm" fw={600} data-testid="freeze-amount">
          {money(record.amount, record.currency)}
        </Text>
      ),
    },
    {
      key: 'state',
      header: t('columns.state'),
      cell: (record) => (
        <Badge
          variant="light"
          color={FREEZE_STATE_COLORS[record.state]}
          tt="none"
          miw="max-content"
          data-testid="freeze-state"
          data-state={record.state}
        >
          {t(`freezeStates.${record.state}`)}
        </Badge>
      ),
    },
    {
      key: 'deducted',
      header: t('columns.deducted'),
      align: 'right',
      cell: (record) => (
        <span data-testid="freeze-deducted">{optional(record.deducted, record.currency)}</span>
      ),
    },
    {
      key: 'released',
      header: t('columns.released'),
      align: 'right',
      cell: (record) => (
        <span data-testid="freeze-released">{optional(record.released, record.currency)}</span>
      ),
    },
    {
      key: 'resolvedAt',
      header: t('columns.resolvedAt'),
      cell: (record) => (
        <Text
          size="sm"
          style={TABULAR}
          c={record.resolvedAt ? undefined : 'dimmed'}
          data-testid="freeze-resolved"
        >
          {record.resolvedAt ? time(record.resolvedAt) : '—'}
        </Text>
      ),
    },
  ];
}

/** Rows standing in for a table while its first page loads. */
export function TableSkeleton() {
  return <SkeletonRows rows={6} height={36} radius="sm" />;
}
