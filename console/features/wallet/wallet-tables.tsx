import { Badge, Stack, Table, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import type { Currency } from '@shared/contracts/money';
import type { BalanceRecord, FreezeRecord, LedgerEntryKind } from '@shared/contracts/wallet';
import { formatMoney } from '@shared/i18n/format';
import { SkeletonRows } from '@shared/ui/skeletons';
import { useTranslation } from 'react-i18next';
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

/**
 * One page of the wallet history, newest first: when, what kind, the change of the balance (and
 * of the available part where it differs, as for a freeze), the wallet's figures right after it,
 * the order it was for and its memo.
 */
export function HistoryTable({ records }: { records: readonly BalanceRecord[] }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  return (
    <Table.ScrollContainer minWidth={1080} type="native">
      <Table verticalSpacing="sm" highlightOnHover striped data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.billType')}</Table.Th>
            <Table.Th ta="right">{t('columns.change')}</Table.Th>
            <Table.Th ta="right">{t('columns.availableAfter')}</Table.Th>
            <Table.Th ta="right">{t('columns.frozenAfter')}</Table.Th>
            <Table.Th ta="right">{t('columns.balanceAfter')}</Table.Th>
            <Table.Th>{t('columns.reference')}</Table.Th>
            <Table.Th>{t('columns.memo')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr
              key={record.id}
              data-testid="history-row"
              data-id={record.id}
              data-bill-type={record.billType}
            >
              <Table.Td>
                <Text size="sm" style={TABULAR} data-testid="history-time">
                  {time(record.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <BillTypeBadge kind={record.billType} />
              </Table.Td>
              <Table.Td ta="right">
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
              </Table.Td>
              <Table.Td ta="right" data-testid="history-available-after">
                {money(record.availableAfter, record.currency)}
              </Table.Td>
              <Table.Td ta="right" data-testid="history-frozen-after">
                {money(record.frozenAfter, record.currency)}
              </Table.Td>
              <Table.Td ta="right" data-testid="history-balance-after">
                {money(record.balanceAfter, record.currency)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={TABULAR} data-testid="history-reference">
                  {record.reference.id}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  c={record.memo ? undefined : 'dimmed'}
                  lineClamp={2}
                  maw={260}
                  data-testid="history-memo"
                >
                  {record.memo ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * One page of the freeze details: when, the order, what was frozen, its state, and once resolved
 * what was deducted, what went back and when.
 */
export function FreezeTable({ records }: { records: readonly FreezeRecord[] }) {
  const { t } = useTranslation('wallet');
  const money = useMoney();
  const optional = (minor: number | null, currency: Currency) =>
    minor === null ? '—' : money(minor, currency);
  return (
    <Table.ScrollContainer minWidth={960} type="native">
      <Table verticalSpacing="sm" highlightOnHover striped data-testid="freeze-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.time')}</Table.Th>
            <Table.Th>{t('columns.reference')}</Table.Th>
            <Table.Th ta="right">{t('columns.amount')}</Table.Th>
            <Table.Th>{t('columns.state')}</Table.Th>
            <Table.Th ta="right">{t('columns.deducted')}</Table.Th>
            <Table.Th ta="right">{t('columns.released')}</Table.Th>
            <Table.Th>{t('columns.resolvedAt')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((record) => (
            <Table.Tr key={record.id} data-testid="freeze-row" data-id={record.id}>
              <Table.Td>
                <Text size="sm" style={TABULAR} data-testid="freeze-time">
                  {time(record.createdAt)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={TABULAR} data-testid="freeze-reference">
                  {record.reference.id}
                </Text>
              </Table.Td>
              <Table.Td ta="right" fw={600} data-testid="freeze-amount">
                {money(record.amount, record.currency)}
              </Table.Td>
              <Table.Td>
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
              </Table.Td>
              <Table.Td ta="right" data-testid="freeze-deducted">
                {optional(record.deducted, record.currency)}
              </Table.Td>
              <Table.Td ta="right" data-testid="freeze-released">
                {optional(record.released, record.currency)}
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  style={TABULAR}
                  c={record.resolvedAt ? undefined : 'dimmed'}
                  data-testid="freeze-resolved"
                >
                  {record.resolvedAt ? time(record.resolvedAt) : '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Rows standing in for a table while its first page loads. */
export function TableSkeleton() {
  return <SkeletonRows rows={6} height={36} radius="sm" />;
}
