import { Button, Card, Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import {
  MESSAGE_READ,
  MESSAGE_TYPE_NAMES,
  MESSAGE_TYPES,
  MESSAGE_UNREAD,
  type MessageType,
} from '@shared/contracts/messages';
import { useMessageList, useReadAllMessages } from '@shared/queries/messages';
import { EmptyState } from '@shared/ui/empty-state';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { usePermission } from '../../components/permission';
import { useListPage } from '../../components/use-list-page';
import { validateMessageCenterSearch } from './message-center-search';
import { useMessageOpener } from './message-open';
import { MessageLine } from './message-parts';

/** This page's address: a filter or page change navigates here with a new search. */
const MENU_URL = '/account/messageCenter';
const PAGE_SIZE = 10;

type ReadFilter = 'all' | `${typeof MESSAGE_UNREAD}` | `${typeof MESSAGE_READ}`;

/**
 * The message center (/account/messageCenter): every message of the account, newest first,
 * filtered by type and read state (both kept in the address with the page); a click opens it as
 * the bell does.
 */
export function MessageCenterPage() {
  const { t } = useTranslation(['messages', 'common']);
  const canReadAll = usePermission('readAll');
  const list = useListPage({
    to: MENU_URL,
    paging: 'cursor',
    validate: validateMessageCenterSearch,
    filters: ['type', 'isRead'],
    pageSize: PAGE_SIZE,
    query: ({ type, isRead }) => ({
      ...(type ? { type: type as MessageType } : {}),
      ...(isRead ? { isRead } : {}),
    }),
  });
  const { search } = list;
  const messages = useMessageList(list.params);
  const readAll = useReadAllMessages();
  const opener = useMessageOpener();
  const unread = messages.data?.unread ?? 0;

  function markAllRead() {
    readAll.mutate(undefined, {
      onSuccess: ({ count }) =>
        toast({
          color: 'green',
          message: count > 0 ? t('toasts.readAll', { count }) : t('toasts.nothingUnread'),
        }),
    });
  }

  const readFilter: ReadFilter = search.isRead ? `${search.isRead}` : 'all';

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed">{t('intro')}</Text>
        </div>
        {canReadAll && (
          <Button
            variant="light"
            leftSection={<IconChecks size={18} />}
            onClick={markAllRead}
            loading={readAll.isPending}
            disabled={messages.isSuccess && unread === 0}
            data-testid="messages-read-all"
          >
            {t('actions.readAll')}
          </Button>
        )}
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <ListPage
          list={list}
          query={messages}
          rows={(data) => data.records}
          rowKey={(message) => String(message.id)}
          total={(data) => data.total}
          cursors={(data) => ({ next: data.next, previous: data.previous })}
          testId="messages"
          words={{
            total: (count) => t('list.total', { count }),
            pagination: t('list.pagination'),
            loadError: t('list.loadError'),
            filteredTitle: t('empty.filteredTitle'),
            filteredHint: t('empty.filteredHint'),
          }}
          filters={
            <>
              <SegmentedControl
                aria-label={t('filters.readState')}
                value={readFilter}
                onChange={(value) =>
                  list.set({ isRead: value === 'all' ? undefined : (Number(value) as 1 | 2) })
                }
                data={[
                  { value: 'all', label: t('filters.all') },
                  {
                    value: `${MESSAGE_UNREAD}`,
                    label: messages.data
                      ? `${t('filters.unread')} (${unread})`
                      : t('filters.unread'),
                  },
                  { value: `${MESSAGE_READ}`, label: t('filters.read') },
                ]}
              />
              <Select
                aria-label={t('filters.type')}
                placeholder={t('filters.allTypes')}
                data={MESSAGE_TYPES.map((value) => ({
                  value: String(value),
                  label: t(`types.${MESSAGE_TYPE_NAMES[value]}`),
                }))}
                value={search.type ? String(search.type) : null}
                onChange={(value) => list.set({ type: value ? Number(value) : undefined })}
                clearable
                w={200}
                comboboxProps={{ hideDetached: false }}
              />
            </>
          }
          loading={<SkeletonRows rows={5} height={56} radius="sm" gap="xs" />}
          empty={
            <EmptyState
              icon={<IconBell size={28} />}
              title={t('empty.title')}
              hint={t('empty.hint')}
              py={48}
            />
          }
        >
          {(records) => (
            <Stack gap={4} data-testid="message-list">
              {records.map((message) => (
                <MessageLine
                  key={message.id}
                  message={message}
                  busy={opener.openingId === message.id}
                  withType
                  onOpen={() => void opener.open(message)}
                />
              ))}
            </Stack>
          )}
        </ListPage>
      </Card>
      {opener.dialog}
    </Stack>
  );
}
