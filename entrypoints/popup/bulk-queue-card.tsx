import type { BulkQueue } from '@extension/messaging/schemas';
import { collectClient, onBulkChanged } from '@extension/pages/collect-client';
import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

const bulkKey = ['collect', 'bulk'] as const;

const STATE_COLOURS: Record<BulkQueue['state'], string> = {
  idle: 'gray',
  running: 'cmp',
  paused: 'yellow',
  waitingSession: 'orange',
  done: 'green',
};

/** The bulk queue while it has addresses: how far it got, and pause, resume or clear. */
export function BulkQueueCard() {
  const { t } = useTranslation('extension');
  const client = useQueryClient();
  const queue = useQuery({ queryKey: bulkKey, queryFn: () => collectClient.bulk('get') });
  useEffect(() => onBulkChanged((next) => client.setQueryData(bulkKey, next)), [client]);
  const act = useMutation({
    mutationFn: (action: 'pause' | 'resume' | 'clear') => collectClient.bulk(action),
    onSuccess: (next) => client.setQueryData(bulkKey, next),
  });

  const data = queue.data;
  if (!data || data.items.length === 0) return null;
  const total = data.items.length;
  const finished = data.items.filter(
    (item) => item.status === 'done' || item.status === 'failed',
  ).length;
  const failed = data.items.filter((item) => item.status === 'failed').length;
  const canPause = data.state === 'running' || data.state === 'waitingSession';
  const canResume = data.state === 'paused' || data.state === 'idle';

  return (
    <Paper withBorder radius="md" p="sm" data-testid="bulk-queue" data-state={data.state}>
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {t('popup.bulkTitle')}
          </Text>
          <Badge size="sm" variant="light" color={STATE_COLOURS[data.state]}>
            {t(`popup.bulkStates.${data.state}`)}
          </Badge>
        </Group>
        <Progress value={(finished / total) * 100} size="sm" animated={data.state === 'running'} />
        <Group justify="space-between">
          <Text size="xs" data-testid="bulk-progress">
            {t('popup.bulkProgress', { done: finished, total })}
          </Text>
          {failed > 0 ? (
            <Text size="xs" c="red.7">
              {t('popup.bulkFailed', { count: failed })}
            </Text>
          ) : null}
        </Group>
        <Group gap="xs" grow>
          {canPause ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPause size={14} />}
              loading={act.isPending && act.variables === 'pause'}
              onClick={() => act.mutate('pause')}
              data-testid="bulk-pause"
            >
              {t('popup.bulkPause')}
            </Button>
          ) : null}
          {canResume ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} />}
              loading={act.isPending && act.variables === 'resume'}
              onClick={() => act.mutate('resume')}
              data-testid="bulk-resume"
            >
              {t('popup.bulkResume')}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            loading={act.isPending && act.variables === 'clear'}
            onClick={() => act.mutate('clear')}
            data-testid="bulk-clear"
          >
            {t('popup.bulkClear')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
