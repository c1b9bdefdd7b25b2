import {
  ActionIcon,
  Avatar,
  Badge,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import type { Shop } from '@shared/contracts/shops';
import type { SubAccount } from '@shared/contracts/sub-accounts';
import { formatDateTime, formatDay } from '@shared/i18n/format';
import { placeholderKeys } from '@shared/ui/skeletons';
import {
  IconDotsVertical,
  IconKey,
  IconLock,
  IconLockOpen,
  IconMail,
  IconPencil,
  IconPhone,
  IconShieldCheck,
  IconTrash,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../components/list-table';

/** What the row menu can do; each is offered only when the session allows its button. */
export type RowAction = 'edit' | 'permissions' | 'resetPassword' | 'status' | 'delete';

const STATUS_COLOR: Record<SubAccount['status'], string> = {
  enabled: 'green',
  forbidden: 'gray',
  expired: 'orange',
};

function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return {
    dateTime: (iso: string) => formatDateTime(iso, language),
    day: (ymd: string) => formatDay(ymd, language),
  };
}

function StatusBadge({ status }: { status: SubAccount['status'] }) {
  const { t } = useTranslation('members');
  return (
    <Badge
      color={STATUS_COLOR[status]}
      variant="light"
      data-testid="member-status"
      style={{ minWidth: 'max-content' }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The shops of a row: the first two as badges, the rest counted with their names on hover/focus. */
function ShopBadges({ ids, shops }: { ids: string[]; shops: ReadonlyMap<string, Shop> }) {
  const { t } = useTranslation('members');
  const names = ids.flatMap((id) => {
    const shop = shops.get(id);
    return shop ? [shop.alias || shop.name] : [];
  });
  if (ids.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('list.noShops')}
      </Text>
    );
  }
  // Shops not loaded yet: the count alone.
  if (names.length === 0) return <Badge variant="outline">{ids.length}</Badge>;
  const shown = names.slice(0, 2);
  const rest = names.slice(2);
  return (
    <Group gap={4} wrap="wrap" maw={260}>
      {shown.map((name) => (
        <Badge key={name} variant="outline" color="gray" tt="none" fw={500}>
          {name}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.join(', ')} withArrow multiline maw={260}>
          <Badge
            variant="light"
            tt="none"
            tabIndex={0}
            aria-label={rest.join(', ')}
            style={{ cursor: 'default' }}
          >
            {t('list.moreShops', { count: rest.length })}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

function RowMenu({
  account,
  actions,
  onAction,
}: {
  account: SubAccount;
  actions: ReadonlySet<RowAction>;
  onAction(action: RowAction, account: SubAccount): void;
}) {
  const { t } = useTranslation('members');
  if (actions.size === 0) return null;
  const disabled = account.status === 'forbidden';
  return (
    // Not hidden when the row scrolls out of the table's scroll box: it closes on the next click anyway.
    <Menu position="bottom-end" withinPortal shadow="md" width={220} hideDetached={false}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.more', { name: account.name })}
        >
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.has('edit') && (
          <Menu.Item
            leftSection={<IconPencil size={16} />}
            onClick={() => onAction('edit', account)}
          >
            {t('actions.edit')}
          </Menu.Item>
        )}
        {actions.has('permissions') && (
          <Menu.Item
            leftSection={<IconShieldCheck size={16} />}
            onClick={() => onAction('permissions', account)}
          >
            {t('actions.permissions')}
          </Menu.Item>
        )}
        {actions.has('resetPassword') && (
          <Menu.Item
            leftSection={<IconKey size={16} />}
            onClick={() => onAction('resetPassword', account)}
          >
            {t('actions.resetPassword')}
          </Menu.Item>
        )}
        {actions.has('status') && (
          <Menu.Item
            leftSection={disabled ? <IconLockOpen size={16} /> : <IconLock size={16} />}
            onClick={() => onAction('status', account)}
          >
            {disabled ? t('actions.enable') : t('actions.disable')}
          </Menu.Item>
        )}
        {actions.has('delete') && (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => onAction('delete', account)}
            >
              {t('actions.delete')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The columns of the sub-accounts; the menu column only when some row action is allowed. */
export function useMembersColumns({
  shops,
  actions,
  onAction,
}: {
  shops: ReadonlyMap<string, Shop>;
  actions: ReadonlySet<RowAction>;
  onAction(action: RowAction, account: SubAccount): void;
}): ListColumn<SubAccount>[] {
  const { t } = useTranslation('members');
  const format = useFormats();
  const columns: ListColumn<SubAccount>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      cell: (account) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar size={32} radius="xl" color="initials" name={account.name} />
          <Text size="sm" fw={600} lineClamp={2} miw={96}>
            {account.name}
          </Text>
        </Group>
      ),
    },
    {
      key: 'account',
      header: t('columns.account'),
      cell: (account) => (
        <Group gap={6} wrap="nowrap">
          {account.email ? (
            <IconMail size={16} stroke={1.6} aria-hidden />
          ) : (
            <IconPhone size={16} stroke={1.6} aria-hidden />
          )}
          <Text size="sm">{account.account}</Text>
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (account) => <StatusBadge status={account.status} />,
    },
    {
      key: 'validUntil',
      header: t('columns.validUntil'),
      cell: (account) => (
        <Text size="sm" c={account.validUntil ? undefined : 'dimmed'}>
          {account.validUntil ? format.day(account.validUntil) : t('list.noLimit')}
        </Text>
      ),
    },
    {
      key: 'shops',
      header: t('columns.shops'),
      cell: (account) => <ShopBadges ids={account.shopIds} shops={shops} />,
    },
    {
      key: 'lastLogin',
      header: t('columns.lastLogin'),
      cell: (account) => (
        <Text size="sm" c={account.lastLoginAt ? undefined : 'dimmed'}>
          {account.lastLoginAt ? format.dateTime(account.lastLoginAt) : t('list.never')}
        </Text>
      ),
    },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      cell: (account) => <Text size="sm">{format.dateTime(account.createdAt)}</Text>,
    },
  ];
  if (actions.size > 0)
    columns.push({
      key: 'actions',
      header: <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>,
      width: 64,
      cell: (account) => <RowMenu account={account} actions={actions} onAction={onAction} />,
    });
  return columns;
}

/** The table's shape while the first page loads. */
export function MembersTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="members-loading">
      <Skeleton h={28} radius="sm" />
      {placeholderKeys(rows).map((key) => (
        <Group key={key} gap="md" wrap="nowrap">
          <Skeleton h={32} w={32} circle />
          <Skeleton h={14} w="18%" />
          <Skeleton h={14} w="22%" />
          <Skeleton h={20} w={64} radius="xl" />
          <Skeleton h={14} w="12%" />
          <Skeleton h={14} w="16%" />
        </Group>
      ))}
    </Stack>
  );
}
