import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { allows } from '@shared/permissions';
import { useReadAllMessages } from '@shared/queries/messages';
import { useSession } from '@shared/session/react';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type Ref, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageOpener } from './message-open';
import { MessageLine } from './message-parts';
import { useMessagePoll } from './use-message-poll';

const CENTER = '/account/messageCenter';

/** "99+" past 99, as a badge has room for. */
const badgeCount = (unread: number) => (unread > 99 ? '99+' : String(unread));

function BellButton({
  unread,
  label,
  onClick,
  ref,
}: {
  unread: number;
  label: string;
  onClick?(): void;
  /** The popover anchors its dropdown to the button. */
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <Indicator
      disabled={unread === 0}
      label={badgeCount(unread)}
      size={16}
      offset={6}
      color="red"
      styles={{ indicator: { fontSize: 10, fontWeight: 700, paddingInline: 4 } }}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        onClick={onClick}
        ref={ref}
        data-testid="message-bell"
        data-loading={onClick ? undefined : true}
      >
        <IconBell size={20} stroke={1.7} />
      </ActionIcon>
    </Indicator>
  );
}

function Bell() {
  const { t } = useTranslation(['messages', 'common']);
  const routes = useSession()?.routes ?? [];
  const canReadAll = allows(routes, CENTER, 'readAll');
  const canViewAll = allows(routes, CENTER);
  const [opened, setOpened] = useState(false);
  const latest = useMessagePoll();
  const readAll = useReadAllMessages();
  const opener = useMessageOpener({ onOpen: () => setOpened(false) });
  const unread = latest.data?.unread ?? 0;
  const records = latest.data?.records ?? [];

  function markAllRead() {
    readAll.mutate(undefined, {
      onSuccess: ({ count }) =>
        toast({
          color: 'green',
          message: count > 0 ? t('toasts.readAll', { count }) : t('toasts.nothingUnread'),
        }),
    });
  }

  return (
    <>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={380}
        shadow="md"
        radius="md"
        withinPortal
        trapFocus={false}
        // The bell lives in the header and is always on screen; never hide the list on a measure.
        hideDetached={false}
      >
        <Popover.Target>
          <BellButton
            unread={unread}
            label={unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label')}
            onClick={() => setOpened((value) => !value)}
          />
        </Popover.Target>
        <Popover.Dropdown p={0} data-testid="message-dropdown">
          <Group justify="space-between" px="md" py="sm" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600}>{t('bell.heading')}</Text>
              <Text size="xs" c="dimmed">
                {unread > 0 ? t('bell.unread', { count: unread }) : t('bell.allRead')}
              </Text>
            </Stack>
            {canReadAll && (
              <Button
                size="compact-sm"
                variant="subtle"
                leftSection={<IconChecks size={16} />}
                onClick={markAllRead}
                loading={readAll.isPending}
                disabled={unread === 0}
              >
                {t('bell.readAll')}
              </Button>
            )}
          </Group>
          <Divider />
          {latest.isPending ? (
            <SkeletonRows rows={3} height={40} gap="xs" p="md" />
          ) : latest.isError && records.length === 0 ? (
            <Alert color="red" variant="light" m="md" title={t('bell.loadError')}>
              <Button size="xs" variant="light" color="red" onClick={() => latest.refetch()}>
                {t('common:actions.retry')}
              </Button>
            </Alert>
          ) : records.length === 0 ? (
            <Stack align="center" gap={4} py="xl">
              <IconBell size={28} stroke={1.4} color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                {t('bell.empty')}
              </Text>
            </Stack>
          ) : (
            <ScrollArea.Autosize mah={400} type="auto">
              <Stack gap={2} p={4}>
                {records.map((message) => (
                  <MessageLine
                    key={message.id}
                    message={message}
                    busy={opener.openingId === message.id}
                    onOpen={() => void opener.open(message)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          {canViewAll && (
            <>
              <Divider />
              <Group justify="center" py="xs">
                <Anchor
                  component={Link}
                  to={CENTER}
                  size="sm"
                  fw={500}
                  onClick={() => setOpened(false)}
                >
                  {t('bell.viewAll')}
                </Anchor>
              </Group>
            </>
          )}
        </Popover.Dropdown>
      </Popover>
      {opener.dialog}
    </>
  );
}

/**
 * The header's message bell (spec section 1): the unread count, polled every minute, and a
 * dropdown of the newest messages with "read all" and the way to the message center. Its words
 * load on their own, so the header never waits for them.
 */
export function MessageBell() {
  const { t } = useTranslation('common');
  return (
    <Suspense fallback={<BellButton unread={0} label={t('loading')} />}>
      <Bell />
    </Suspense>
  );
}
