import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { EmptyState } from '@shared/ui/empty-state';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSkeleton } from './dashboard-article-modal';

/**
 * One dashboard card: a title with an optional icon and action, then its content. `tour` names
 * the card for the dashboard's guided tour (`data-tour="dashboard-<tour>"`).
 */
export function DashboardCard({
  title,
  icon,
  action,
  tour,
  testId,
  children,
}: {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  tour?: 'todo' | 'chart' | 'wallet' | 'notices' | 'service' | 'help';
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      h="100%"
      data-tour={tour ? `dashboard-${tour}` : undefined}
      data-testid={testId}
    >
      <Group justify="space-between" wrap="nowrap" mb="md" gap="xs">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          {icon}
          <Text fw={600} truncate>
            {title}
          </Text>
        </Group>
        {action}
      </Group>
      {children}
    </Card>
  );
}

/** A card whose data failed to load: what happened and a retry. */
export function CardFailure({ onRetry, testId }: { onRetry(): void; testId?: string }) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Stack align="center" gap="xs" py="lg" data-testid={testId}>
      <IconAlertTriangle size={28} stroke={1.5} color="var(--mantine-color-red-6)" />
      <Text size="sm" c="dimmed" ta="center">
        {t('loadFailed')}
      </Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </Stack>
  );
}

/**
 * The body of a card that lists what one query loads: a skeleton while it loads, the failure with
 * a retry, the empty state, or the records.
 */
export function CardList<T>(props: {
  query: {
    isPending: boolean;
    isError: boolean;
    refetch(): unknown;
    data?: { records: T[] } | undefined;
  };
  rows: number;
  failedTestId: string;
  empty: { icon: ReactNode; title: string; hint: string };
  children(records: T[]): ReactNode;
}) {
  const { query } = props;
  const records = query.data?.records ?? [];
  if (query.isPending) return <ListSkeleton rows={props.rows} />;
  if (query.isError) {
    return <CardFailure onRetry={() => void query.refetch()} testId={props.failedTestId} />;
  }
  if (records.length === 0) return <EmptyState py={24} {...props.empty} />;
  return props.children(records);
}
