import {
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SUB_ACCOUNT_STATUSES, type SubAccount } from '@shared/contracts/sub-accounts';
import { allows } from '@shared/permissions';
import { useShops } from '@shared/queries/shops';
import {
  useDeleteSubAccount,
  useSetSubAccountStatus,
  useSubAccounts,
} from '@shared/queries/sub-accounts';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { toast } from '@shared/ui/toast';
import { IconSearch, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { FilteredEmpty, LoadFailed } from '../../components/list-states';
import { CreateSubAccountModal } from './members-create-modal';
import { EditSubAccountModal, PermissionsModal, ResetPasswordModal } from './members-dialogs';
import { MembersTable, MembersTableSkeleton, type RowAction } from './members-table';

/** The menu this page is, as the session's routerInfoList names it. */
const MENU_URL = '/account/accountManage';
const PAGE_SIZE = 10;
const ROW_ACTIONS: readonly RowAction[] = [
  'edit',
  'permissions',
  'resetPassword',
  'status',
  'delete',
];

type Status = SubAccount['status'];
type Dialog = 'create' | Exclude<RowAction, 'status'> | 'disable' | null;

/** User management: the main account's sub-accounts, their access and their lifecycle. */
export function MembersPage() {
  const { t } = useTranslation(['members', 'common']);
  const routes = useSession()?.routes ?? [];
  const canCreate = allows(routes, MENU_URL, 'create');
  const actions = new Set(ROW_ACTIONS.filter((action) => allows(routes, MENU_URL, action)));

  // Search: typed words apply after a pause, or at once on Enter.
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [entered, setEntered] = useState<string | null>(null);
  const keyword = entered ?? debounced;
  const [status, setStatus] = useState<Status | null>(null);
  // Any change of the filters starts again at page 1 (state adjusted while rendering).
  const filterKey = JSON.stringify([keyword, status]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ filterKey, page: next });

  const list = useSubAccounts({
    page,
    limit: PAGE_SIZE,
    keyword,
    ...(status ? { status } : {}),
  });
  const shops = useShops();
  const shopsById = useMemo(
    () => new Map((shops.data ?? []).map((shop) => [shop.id, shop])),
    [shops.data],
  );
  const total = list.data?.total ?? 0;
  const records = list.data?.records ?? [];
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = keyword !== '' || status !== null;
  // The header's create button shows once the list is known; with no sub-account at all, the
  // empty state carries it instead.
  const headerCreate =
    canCreate && !list.isPending && !(list.isSuccess && total === 0 && !filtered);

  // The last row of the last page went (deleted, or filtered away): show the new last page.
  const emptyPage = list.data !== undefined && !list.isPlaceholderData && records.length === 0;
  useEffect(() => {
    if (emptyPage && page > pages) setPaging({ filterKey, page: pages });
  }, [emptyPage, page, pages, filterKey]);

  const [dialog, setDialog] = useState<Dialog>(null);
  const [target, setTarget] = useState<SubAccount | null>(null);
  const close = () => setDialog(null);
  const changeStatus = useSetSubAccountStatus();
  const remove = useDeleteSubAccount();

  function enable(account: SubAccount) {
    changeStatus.mutate(
      { id: account.id, status: 'enabled' },
      {
        onSuccess: () =>
          toast({ color: 'green', message: t('toasts.enabled', { name: account.name }) }),
      },
    );
  }

  function onAction(action: RowAction, account: SubAccount) {
    setTarget(account);
    if (action === 'status') {
      if (account.status === 'forbidden') enable(account);
      else setDialog('disable');
      return;
    }
    setDialog(action);
  }

  function clearFilters() {
    setSearch('');
    setEntered(null);
    setStatus(null);
  }

  const createButton = (
    <Button
      leftSection={<IconUserPlus size={18} />}
      onClick={() => setDialog('create')}
      data-testid="member-create"
    >
      {t('actions.create')}
    </Button>
  );

  let content: ReactNode;
  if (list.isPending) {
    content = <MembersTableSkeleton />;
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
        onClear={clearFilters}
      />
    );
  } else if (total === 0) {
    content = (
      <Stack align="center" gap={0} pb="lg">
        <EmptyState
          icon={<IconUsers size={28} />}
          title={t('empty.title')}
          hint={t('empty.hint')}
          py={48}
        />
        {canCreate && createButton}
      </Stack>
    );
  } else {
    content = (
      <Stack gap="md">
        <Box
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={list.isPlaceholderData}
        >
          <MembersTable records={records} shops={shopsById} actions={actions} onAction={onAction} />
        </Box>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="members-total">
            {t('total', { count: total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('list.pagination')}>
              <Pagination value={page} onChange={setPage} total={pages} size="sm" />
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
        {headerCreate && createButton}
      </Group>
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <TextInput
              aria-label={t('filters.keyword')}
              enterKeyHint="search"
              placeholder={t('filters.keywordPlaceholder')}
              leftSection={<IconSearch size={16} />}
              rightSection={
                list.isFetching && !list.isPending ? (
                  <Loader size={14} />
                ) : search ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('common:actions.reset')}
                    onClick={() => {
                      setSearch('');
                      setEntered(null);
                    }}
                  />
                ) : null
              }
              value={search}
              onChange={(event) => {
                setSearch(event.currentTarget.value);
                setEntered(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') setEntered(search.trim());
              }}
              style={{ flex: '1 1 240px' }}
              maw={360}
            />
            <Select
              aria-label={t('filters.status')}
              placeholder={t('filters.allStatuses')}
              data={SUB_ACCOUNT_STATUSES.map((value) => ({
                value,
                label: t(`status.${value}`),
              }))}
              value={status}
              onChange={(value) => setStatus(value as Status | null)}
              clearable
              w={180}
              comboboxProps={{ hideDetached: false }}
            />
          </Group>
          {content}
        </Stack>
      </Card>

      <CreateSubAccountModal opened={dialog === 'create'} onClose={close} />
      <EditSubAccountModal account={target} opened={dialog === 'edit'} onClose={close} />
      <ResetPasswordModal account={target} opened={dialog === 'resetPassword'} onClose={close} />
      <PermissionsModal account={target} opened={dialog === 'permissions'} onClose={close} />
      <ConfirmModal
        opened={dialog === 'disable'}
        title={t('confirm.disableTitle')}
        message={t('confirm.disableMessage', { name: target?.name ?? '' })}
        confirmLabel={t('confirm.disable')}
        danger
        loading={changeStatus.isPending}
        onClose={close}
        onConfirm={() => {
          if (!target) return;
          changeStatus.mutate(
            { id: target.id, status: 'forbidden' },
            {
              onSuccess: () =>
                toast({ color: 'green', message: t('toasts.disabled', { name: target.name }) }),
              onSettled: close,
            },
          );
        }}
      />
      <ConfirmModal
        opened={dialog === 'delete'}
        title={t('confirm.deleteTitle')}
        message={t('confirm.deleteMessage', {
          name: target?.name ?? '',
          account: target?.account ?? '',
        })}
        confirmLabel={t('confirm.delete')}
        danger
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          if (!target) return;
          remove.mutate(target.id, {
            onSuccess: () =>
              toast({ color: 'green', message: t('toasts.deleted', { name: target.name }) }),
            onSettled: close,
          });
        }}
      />
    </Stack>
  );
}
