import {
  Box,
  Button,
  Card,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
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
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FilteredEmpty, LoadFailed } from '../../components/list-states';
import { usePermission } from '../../components/permission';
import { type MessageCenterSearch, validateMessageCenterSearch } from './message-center-search';
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
  const search = validateMessageCenterSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const type = search.type as MessageType | undefined;

  /** Changes the filters (back to page 1) or the page, in the address. */
  const setSearch = (next: MessageCenterSearch) =>
    void navigate({ to: MENU_URL, search: validateMessageCenterSearch({ ...next }) });

  const list = useMessageList({
    page,
    limit: PAGE_SIZE,
    ...(type ? { type } : {}),
    ...(search.isRead ? { isRead: search.isRead } : {}),
  });
  const readAll = useReadAllMessages();
  const opener = useMessageOpener();
  const total = list.data?.total ?? 0;
  const unread = list.data?.unread ?? 0;
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = type !== undefined || search.isRead !== undefined;

  // Past the last page (after "read all" under the unread filter, or a hand-edited address):
  // show the new last page.
  const pastEnd = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) void navigate({ to: MENU_URL, search: { ...search, page: pages }, replace: true });
  }, [pastEnd, navigate, search, pages]);

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

  let content: ReactNode;
  if (list.isPending) {
    content = <SkeletonRows rows={5} height={56} radius="sm" gap="xs" />;
  } else if (list.isError) {
    content = (
      <LoadFailed
        title={t('list.loadError')}
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  } else if (total === 0 && filtered) {
    content = (
      <FilteredEmpty
        title={t('empty.filteredTitle')}
        hint={t('empty.filteredHint')}
        clearLabel={t('actions.clearFilters')}
        onClear={() => setSearch({})}
      />
    );
  } else if (total === 0) {
    content = (
      <EmptyState
        icon={<IconBell size={28} />}
        title={t('empty.title')}
        hint={t('empty.hint')}
        py={48}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <Box
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={list.isPlaceholderData}
        >
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
        </Box>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="messages-total">
            {t('list.total', { count: total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('list.pagination')}>
              <Pagination
                value={Math.min(page, pages)}
                onChange={(next) => setSearch({ ...search, page: next })}
                total={pages}
                size="sm"
              />
            </nav>
          )}
        </Group>
      </Stack>
    );
  }

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
            disabled={list.isSuccess && unread === 0}
            data-testid="messages-read-all"
          >
            {t('actions.readAll')}
          </Button>
        )}
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t('filters.readState')}
              value={readFilter}
              onChange={(value) =>
                setSearch({
                  ...(type ? { type } : {}),
                  ...(value === 'all' ? {} : { isRead: Number(value) as 1 | 2 }),
                })
              }
              data={[
                { value: 'all', label: t('filters.all') },
                {
                  value: `${MESSAGE_UNREAD}`,
                  label: list.data ? `${t('filters.unread')} (${unread})` : t('filters.unread'),
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
              value={type ? String(type) : null}
              onChange={(value) =>
                setSearch({
                  ...(value ? { type: Number(value) } : {}),
                  ...(search.isRead ? { isRead: search.isRead } : {}),
                })
              }
              clearable
              w={200}
              comboboxProps={{ hideDetached: false }}
            />
          </Group>
          {content}
        </Stack>
      </Card>
      {opener.dialog}
    </Stack>
  );
}
