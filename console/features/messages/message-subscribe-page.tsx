import { Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import {
  MESSAGE_CHANNELS,
  MESSAGE_TYPE_NAMES,
  type MessageChannel,
  type SubscriptionRow,
} from '@shared/contracts/messages';
import { useMessageSubscription, useSaveMessageSubscription } from '@shared/queries/messages';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { IconMail } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { usePermission } from '../../components/permission';
import { MessageTypeIcon } from './message-parts';

const sameRows = (a: readonly SubscriptionRow[], b: readonly SubscriptionRow[]) =>
  a.length === b.length &&
  a.every((row, index) => {
    const other = b[index];
    return other?.type === row.type && other.site === row.site && other.email === row.email;
  });

/**
 * Message subscription (/account/messageSubscribe): for each message type, whether it reaches the
 * account in the console and by e-mail. Edits stay on screen until saved; a failed save keeps them.
 */
export function MessageSubscribePage() {
  const { t } = useTranslation(['messages', 'common']);
  const canEdit = usePermission('edit');
  const saved = useMessageSubscription();
  const save = useSaveMessageSubscription();
  const [draft, setDraft] = useState<SubscriptionRow[] | null>(null);
  const rows = draft ?? saved.data?.rows ?? [];
  const dirty = draft !== null && saved.data !== undefined && !sameRows(draft, saved.data.rows);

  function toggle(type: SubscriptionRow['type'], channel: MessageChannel, enabled: boolean) {
    setDraft(rows.map((row) => (row.type === type ? { ...row, [channel]: enabled } : row)));
  }

  function submit() {
    if (!draft) return;
    save.mutate(
      { rows: draft },
      {
        onSuccess: () => {
          setDraft(null);
          toast({ color: 'green', message: t('subscribe.saved') });
        },
      },
    );
  }

  const channelTitle = (channel: MessageChannel) => t(`subscribe.${channel}`);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('subscribe.title')}</Title>
        <Text c="dimmed">{t('subscribe.intro')}</Text>
      </div>
      <Card withBorder radius="lg" padding="lg">
        {saved.isPending ? (
          <SkeletonRows rows={6} height={48} />
        ) : saved.isError ? (
          <LoadFailed
            title={t('subscribe.loadError')}
            retrying={saved.isFetching}
            onRetry={() => saved.refetch()}
          />
        ) : (
          <Stack gap="md">
            <Table.ScrollContainer minWidth={520}>
              <Table verticalSpacing="sm" data-testid="subscription-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('subscribe.type')}</Table.Th>
                    {MESSAGE_CHANNELS.map((channel) => (
                      <Table.Th key={channel} ta="center" w={140}>
                        {channelTitle(channel)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => {
                    const name = t(`types.${MESSAGE_TYPE_NAMES[row.type]}`);
                    return (
                      <Table.Tr key={row.type}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <MessageTypeIcon type={row.type} />
                            <div>
                              <Text size="sm" fw={600}>
                                {name}
                              </Text>
                              <Text size="xs" c="dimmed">
                                {t(`subscribe.hints.${MESSAGE_TYPE_NAMES[row.type]}`)}
                              </Text>
                            </div>
                          </Group>
                        </Table.Td>
                        {MESSAGE_CHANNELS.map((channel) => (
                          <Table.Td key={channel}>
                            <Group justify="center">
                              <Switch
                                checked={row[channel]}
                                disabled={!canEdit || save.isPending}
                                onChange={(event) =>
                                  toggle(row.type, channel, event.currentTarget.checked)
                                }
                                aria-label={t('subscribe.switchLabel', {
                                  type: name,
                                  channel: channelTitle(channel),
                                })}
                              />
                            </Group>
                          </Table.Td>
                        ))}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" gap="sm">
              <Group gap={6} wrap="nowrap">
                <IconMail size={16} color="var(--mantine-color-dimmed)" />
                <Text size="xs" c="dimmed">
                  {t('subscribe.emailNote')}
                </Text>
              </Group>
              {canEdit && (
                <Group gap="sm">
                  {dirty && (
                    <Text size="sm" c="orange" role="status">
                      {t('subscribe.unsaved')}
                    </Text>
                  )}
                  <Button
                    variant="default"
                    onClick={() => setDraft(null)}
                    disabled={!dirty || save.isPending}
                  >
                    {t('subscribe.discard')}
                  </Button>
                  <Button onClick={submit} disabled={!dirty} loading={save.isPending}>
                    {t('subscribe.save')}
                  </Button>
                </Group>
              )}
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
