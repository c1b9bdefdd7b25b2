import { Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { SubAccount } from '@shared/contracts/sub-accounts';
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
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { ListKeyword } from '../../components/list-keyword';
import { ListPage } from '../../components/list-page';
import { useListPage } from '../../components/use-list-page';
import { CreateSubAccountModal } from './members-create-modal';
import { EditSubAccountModal, PermissionsModal, ResetPasswordModal } from './members-dialogs';
import { MEMBER_STATUSES, validateMembersSearch } from './members-search';
import { MembersTableSkeleton, type RowAction, useMembersColumns } from './members-table';

/** The menu this page is, as the session's routerInfoList names it. */
const MENU_URL = '/account/accountManage';
const PAGE_SIZE = 10;
/** Typed words apply after this pause (Enter applies them at once). */
const SEARCH_PAUSE_MS = 400;
const ROW_ACTIONS: readonly RowAction[] = [
  'edit',
  'permissions',
  'resetPassword',
  'status',
  'delete',
];

type Dialog = 'create' | Exclude<RowAction, 'status'> | 'disable' | null;

/** User management: the main account's sub-accounts, their access and their lifecycle. */
export function MembersPage() {
  const { t } = useTranslation(['members', 'common']);
  const routes = useSession()?.routes ?? [];
  const canCreate = allows(routes, MENU_URL, 'create');
  const actions = new Set(ROW_ACTIONS.filter((action) => allows(routes, MENU_URL, action)));

  // Search, status and page in the address; the words apply after a pause, or at once on Enter.
  const list = useListPage({
    to: MENU_URL,
    paging: 'cursor',
    validate: validateMembersSearch,
    filters: ['keyword', 'status'],
    pageSize: PAGE_SIZE,
    query: ({ keyword, status }) => ({ keyword: keyword ?? '', ...(status ? { status } : {}) }),
  });
  const accounts = useSubAccounts(list.params);
  const shops = useShops();
  const shopsById = useMemo(
    () => new Map((shops.data ?? []).map((shop) => [shop.id, shop])),
    [shops.data],
  );
  const total = accounts.data?.total ?? 0;
  // The header's create button shows once the list is known; with no sub-account at all, the
  // empty state carries it instead.
  const headerCreate =
    canCreate && !accounts.isPending && !(accounts.isSuccess && total === 0 && !list.filtered);

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
  const columns = useMembersColumns({ shops: shopsById, actions, onAction });

  const createButton = (
    <Button
      leftSection={<IconUserPlus size={18} />}
      onClick={() => setDialog('create')}
      data-testid="member-create"
    >
      {t('actions.create')}
    </Button>
  );

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
        <ListPage
          list={list}
          query={accounts}
          rows={(data) => data.records}
          rowKey={(account) => account.id}
          total={(data) => data.total}
          cursors={(data) => ({ next: data.next, previous: data.previous })}
          testId="members"
          words={{
            total: (count) => t('total', { count }),
            pagination: t('list.pagination'),
            loadError: t('list.loadError'),
            filteredTitle: t('empty.filteredTitle'),
            filteredHint: t('empty.filteredHint'),
          }}
          filters={
            <>
              <ListKeyword
                value={list.search.keyword}
                onSubmit={(keyword, typing) =>
                  list.set({ keyword: keyword || undefined }, { replace: typing })
                }
                label={t('filters.keyword')}
                placeholder={t('filters.keywordPlaceholder')}
                busy={accounts.isFetching && !accounts.isPending}
                debounceMs={SEARCH_PAUSE_MS}
              />
              <Select
                aria-label={t('filters.status')}
                placeholder={t('filters.allStatuses')}
                data={MEMBER_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
                value={list.search.status ?? null}
                onChange={(value) =>
                  list.set({ status: MEMBER_STATUSES.find((status) => status === value) })
                }
                clearable
                w={180}
                comboboxProps={{ hideDetached: false }}
              />
            </>
          }
          loading={<MembersTableSkeleton />}
          empty={
            <Stack align="center" gap={0} pb="lg">
              <EmptyState
                icon={<IconUsers size={28} />}
                title={t('empty.title')}
                hint={t('empty.hint')}
                py={48}
              />
              {canCreate && createButton}
            </Stack>
          }
          table={{
            columns,
            label: t('title'),
            minWidth: 1040,
            rowProps: () => ({ 'data-testid': 'member-row' }),
          }}
        />
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
