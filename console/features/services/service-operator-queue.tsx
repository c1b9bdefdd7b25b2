import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { SERVICE_STEP_KEYS, type ServiceStepKey } from '@shared/contracts/service-steps';
import type { OperatorQueuePage } from '@shared/contracts/services';

type OperatorQueueRow = OperatorQueuePage['records'][number];

import { useServiceQueue } from '@shared/queries/services';
import { EmptyState } from '@shared/ui/empty-state';
import { IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import type { ListColumn } from '../../components/list-table';
import type { ListState } from '../../components/use-list-page';
import { useServiceColumns, useServiceFormat } from './service-parts';
import { SERVICE_TYPE_FILTERS } from './services-search';

const PAGE_SIZE = 20;
type TypeFilter = (typeof SERVICE_TYPE_FILTERS)[number];

function useColumns(onOpen: (serviceNo: string) => void): ListColumn<OperatorQueueRow>[] {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const shared = useServiceColumns<OperatorQueueRow>({
    onOpen,
    openTestId: 'queue-open',
    estimate: (row) => row.frozen,
  });
  return [
    shared.serviceNo,
    {
      key: 'seller',
      header: t('columns.seller'),
      cell: (row) => (
        <Text size="sm" truncate maw={220}>
          {row.seller}
        </Text>
      ),
    },
    shared.type,
    shared.status,
    {
      key: 'nextStep',
      header: t('columns.nextStep'),
      width: 200,
      cell: (row) => (
        <Text size="sm">
          {row.nextStep ? t(`steps.${row.nextStep}`) : t('operator.completeTitle')}
        </Text>
      ),
    },
    {
      key: 'waiting',
      header: t('columns.waiting'),
      width: 150,
      cell: (row) => {
        const late = row.targetHours !== null && row.waitingMinutes > row.targetHours * 60;
        return (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c={late ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
              {format.duration(row.waitingMinutes)}
            </Text>
            {late && (
              <Badge size="xs" color="red" variant="light">
                {t('detail.late')}
              </Badge>
            )}
          </Group>
        );
      },
    },
    shared.estimate,
  ];
}

/**
 * The service operator's queue (role-gated by the `operate` button, enforced by the server): the
 * open services of every seller, by the step they wait for, the longest waiting first.
 */
export function OperatorQueue({ onOpen }: { onOpen(serviceNo: string): void }) {
  const { t } = useTranslation('services');
  const [step, setStep] = useState<ServiceStepKey | undefined>();
  const [type, setType] = useState<TypeFilter | undefined>();
  const [cursor, setCursor] = useState<string | undefined>();
  const queue = useServiceQueue({
    limit: PAGE_SIZE,
    ...(step ? { step } : {}),
    ...(type ? { type } : {}),
    ...(cursor ? { cursor } : {}),
  });
  const list: ListState = {
    tab: 'queue',
    filtered: step !== undefined || type !== undefined,
    paging: 'cursor',
    page: 1,
    cursor,
    limit: PAGE_SIZE,
    pageSizes: [],
    scope: JSON.stringify({ step, type }),
    setPage: () => undefined,
    setCursor: (next) => setCursor(next ?? undefined),
    setLimit: () => undefined,
    setTab: () => undefined,
    clearFilters: () => {
      setStep(undefined);
      setType(undefined);
      setCursor(undefined);
    },
  };
  const columns = useColumns(onOpen);
  return (
    <Stack gap="sm" data-testid="operator-queue">
      <Text size="sm" c="dimmed">
        {t('operator.hint')}
      </Text>
      <ListPage
        list={list}
        query={queue}
        rows={(data) => data.records}
        rowKey={(row) => row.serviceNo}
        cursors={(data) => ({ next: data.next, previous: data.previous })}
        testId="queue"
        filters={
          <>
            <Select
              label={t('columns.nextStep')}
              w={{ base: '100%', xs: 230 }}
              data={[
                { value: '', label: t('operator.allSteps') },
                ...SERVICE_STEP_KEYS.filter((key) => key !== 'serviceSubmit').map((key) => ({
                  value: key,
                  label: t(`steps.${key}`),
                })),
              ]}
              value={step ?? ''}
              allowDeselect={false}
              onChange={(next) => {
                setCursor(undefined);
                setStep(SERVICE_STEP_KEYS.find((key) => key === next));
              }}
              data-testid="queue-filter-step"
            />
            <Select
              label={t('columns.type')}
              w={{ base: '100%', xs: 190 }}
              data={[
                { value: '', label: t('progress.allTypes') },
                ...SERVICE_TYPE_FILTERS.map((key) => ({ value: key, label: t(`types.${key}`) })),
              ]}
              value={type ?? ''}
              allowDeselect={false}
              onChange={(next) => {
                setCursor(undefined);
                setType(SERVICE_TYPE_FILTERS.find((key) => key === next));
              }}
              data-testid="queue-filter-type"
            />
          </>
        }
        empty={
          <EmptyState
            icon={<IconListDetails size={28} />}
            title={t('operator.empty')}
            hint={t('operator.hint')}
            py={48}
          />
        }
        table={{
          columns,
          label: t('operator.title'),
          testId: 'queue-table',
          minWidth: 1080,
          rowProps: (row) => ({
            'data-testid': 'queue-row',
            'data-service-no': row.serviceNo,
            'data-next-step': row.nextStep ?? '',
          }),
          onRowOpen: (row: OperatorQueueRow) => onOpen(row.serviceNo),
        }}
      />
    </Stack>
  );
}
