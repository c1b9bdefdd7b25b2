import {
  Button,
  Card,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { PLATFORMS, type Platform, type ShopDetail } from '@shared/contracts/shops';
import { allows } from '@shared/permissions';
import { useOrderSyncRun, useRetryShopSync, useShops, useUnbindShop } from '@shared/queries/shops';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { toast } from '@shared/ui/toast';
import {
  IconBook2,
  IconBuildingStore,
  IconPlugConnected,
  IconRefresh,
  IconSearch,
} from '@tabler/icons-react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { FilteredEmpty, LoadFailed } from '../../components/list-states';
import { OrdersSyncDialog } from '../../components/orders-sync-dialog';
import { usePermission } from '../../components/permission';
import { usePlatformIcons } from '../../components/platform-icon';
import { AuthorizeDialog } from './authorize-dialog';
import { AuthorizeGuideDialog } from './authorize-guide-dialog';
import { type AuthorizePreset, readAuthorizePreset } from './authorize-search';
import { ShopAliasModal } from './shop-alias-modal';
import { type ShopAction, ShopsTable, ShopsTableSkeleton } from './shops-table';

const ORDER_MANAGE = '/thirdPartyPlatform/orderManage';

type Dialog =
  | { kind: 'authorize'; preset: AuthorizePreset; shop: ShopDetail | null }
  | { kind: 'guide' }
  | { kind: 'sync' }
  | { kind: 'alias'; shop: ShopDetail }
  | { kind: 'unbind'; shop: ShopDetail }
  | null;

/** The toolbar's Sync orders button, with the progress of a run still going. */
function SyncButton({
  runId,
  disabled,
  onClick,
}: {
  runId: string | null;
  disabled: boolean;
  onClick(): void;
}) {
  const { t } = useTranslation('shops');
  const run = useOrderSyncRun(runId).data;
  const running = runId !== null && run?.status === 'running';
  return (
    <Button
      variant="default"
      leftSection={<IconRefresh size={16} />}
      onClick={onClick}
      disabled={disabled}
      data-testid="shops-sync"
    >
      {running
        ? t('sync.buttonRunning', { done: run.shopsDone, total: run.shopCount })
        : t('actions.syncOrders')}
    </Button>
  );
}

/**
 * Shop authorization (spec section 2: /thirdPartyPlatform/authorizeList): the shops the account
 * may see with their authorization and sync state, and the ways to authorize, renew, rename,
 * unbind and sync them. A sub-account sees only the shops its main account shared; the server
 * filters, this page shows what it gets. Buttons follow the route's button permissions.
 */
export function ShopsPage() {
  const { t } = useTranslation(['shops', 'common']);
  const session = useSession();
  const navigate = useNavigate();
  const shops = useShops();
  const icons = usePlatformIcons();
  const retry = useRetryShopSync();
  const unbind = useUnbindShop();
  const [platform, setPlatform] = useState<'all' | Platform>('all');
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [syncRun, setSyncRun] = useState<{ id: string; joined: boolean } | null>(null);
  const close = () => setDialog(null);

  const canAuthorize = usePermission('authorize');
  const canReauthorize = usePermission('reauthorize');
  const canEditAlias = usePermission('editAlias');
  const canUnbind = usePermission('unbind');
  const canSync = usePermission('sync');
  // Starting an order sync is the order page's own button (the server checks it there).
  const canSyncOrders = canSync && allows(session?.routes ?? [], ORDER_MANAGE, 'sync');
  const actions = useMemo(
    () =>
      new Set<ShopAction>([
        ...(canEditAlias ? (['editAlias'] as const) : []),
        ...(canReauthorize ? (['reauthorize'] as const) : []),
        ...(canUnbind ? (['unbind'] as const) : []),
      ]),
    [canEditAlias, canReauthorize, canUnbind],
  );

  // Asked from elsewhere (the result page, the global dialog): `?authorize=<platform>` opens the
  // authorize dialog preset; the address then drops the request.
  const search = useRouterState({
    select: (state) => state.location.search as Record<string, unknown>,
  });
  const asked = readAuthorizePreset(search);
  const askedKey = asked ? JSON.stringify(asked) : null;
  useEffect(() => {
    if (askedKey === null) return;
    if (canAuthorize) {
      setDialog({ kind: 'authorize', preset: JSON.parse(askedKey) as AuthorizePreset, shop: null });
    }
    void navigate({ to: '/thirdPartyPlatform/authorizeList', search: {}, replace: true });
  }, [askedKey, canAuthorize, navigate]);

  const all = shops.data ?? [];
  const visible = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    return all.filter(
      (shop) =>
        (platform === 'all' || shop.platform === platform) &&
        (!needle ||
          shop.name.toLowerCase().includes(needle) ||
          shop.alias.toLowerCase().includes(needle)),
    );
  }, [all, platform, keyword]);
  const count = (which: 'all' | Platform) =>
    all.filter((shop) => which === 'all' || shop.platform === which).length;

  function onAction(action: ShopAction, shop: ShopDetail) {
    if (action === 'editAlias') setDialog({ kind: 'alias', shop });
    else if (action === 'unbind') setDialog({ kind: 'unbind', shop });
    else setDialog({ kind: 'authorize', preset: { platform: shop.platform }, shop });
  }

  function onRetry(shop: ShopDetail) {
    retry.mutate(
      { shopId: shop.id },
      {
        onSuccess: () =>
          toast({
            color: 'green',
            message: t('syncState.retried', { name: shop.alias || shop.name }),
          }),
      },
    );
  }

  const openAuthorize = () => setDialog({ kind: 'authorize', preset: {}, shop: null });
  const authorizeButton = (
    <Button
      leftSection={<IconPlugConnected size={18} />}
      onClick={openAuthorize}
      data-testid="shops-authorize"
    >
      {t('actions.authorize')}
    </Button>
  );

  let content: ReactNode;
  if (shops.isPending) {
    content = <ShopsTableSkeleton />;
  } else if (shops.isError) {
    content = (
      <LoadFailed
        title={t('list.loadError')}
        retrying={shops.isFetching}
        onRetry={() => shops.refetch()}
      />
    );
  } else if (all.length === 0) {
    content = (
      <Stack align="center" gap={0} pb="lg" data-testid="shops-empty">
        <EmptyState
          icon={<IconBuildingStore size={28} />}
          title={t('empty.title')}
          hint={
            canAuthorize
              ? t('empty.hintMain')
              : session?.user.isMain
                ? t('empty.hintNoPermission')
                : t('empty.hintSub')
          }
          py={48}
        />
        {canAuthorize && authorizeButton}
      </Stack>
    );
  } else if (visible.length === 0) {
    content = (
      <FilteredEmpty
        title={t('empty.filtered')}
        hint={t('empty.filteredHint')}
        clearLabel={t('actions.clearFilters')}
        onClear={() => {
          setPlatform('all');
          setKeyword('');
        }}
      />
    );
  } else {
    content = (
      <ShopsTable
        shops={visible}
        icons={icons}
        actions={actions}
        canSync={canSync}
        retrying={retry.isPending ? (retry.variables?.shopId ?? null) : null}
        onAction={onAction}
        onRetry={onRetry}
      />
    );
  }

  const unbinding = dialog?.kind === 'unbind' ? dialog.shop : null;
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={2}>
          <Title order={2}>{t('title')}</Title>
          <Text c="dimmed" size="sm">
            {session?.user.isMain ? t('subtitle.main') : t('subtitle.sub')}
          </Text>
        </Stack>
        <Group gap="sm" data-testid="shops-toolbar">
          <Button
            variant="subtle"
            leftSection={<IconBook2 size={16} />}
            onClick={() => setDialog({ kind: 'guide' })}
            data-testid="shops-guide"
          >
            {t('actions.guide')}
          </Button>
          {canSyncOrders && (
            <SyncButton
              runId={syncRun?.id ?? null}
              disabled={!shops.isSuccess || all.length === 0}
              onClick={() => setDialog({ kind: 'sync' })}
            />
          )}
          {canAuthorize && all.length > 0 && authorizeButton}
        </Group>
      </Group>
      <Card withBorder radius="md" padding="lg">
        {all.length > 0 && (
          <Group justify="space-between" mb="md" gap="sm">
            <ScrollArea type="never" maw="100%">
              <SegmentedControl
                value={platform}
                onChange={(value) => setPlatform(value as 'all' | Platform)}
                data={(['all', ...PLATFORMS] as const).map((value) => ({
                  value,
                  label: `${t(`platforms.${value}`)} (${count(value)})`,
                }))}
              />
            </ScrollArea>
            <TextInput
              placeholder={t('search')}
              aria-label={t('search')}
              leftSection={<IconSearch size={16} />}
              value={keyword}
              onChange={(event) => setKeyword(event.currentTarget.value)}
              w={{ base: '100%', sm: 260 }}
            />
          </Group>
        )}
        {content}
      </Card>

      <AuthorizeDialog
        opened={dialog?.kind === 'authorize'}
        onClose={close}
        preset={dialog?.kind === 'authorize' ? dialog.preset : {}}
        shop={dialog?.kind === 'authorize' ? dialog.shop : null}
      />
      <AuthorizeGuideDialog
        opened={dialog?.kind === 'guide'}
        onClose={close}
        {...(canAuthorize ? { onAuthorize: openAuthorize } : {})}
      />
      <OrdersSyncDialog
        opened={dialog?.kind === 'sync'}
        onClose={close}
        shops={all}
        run={syncRun}
        onRun={setSyncRun}
      />
      <ShopAliasModal shop={dialog?.kind === 'alias' ? dialog.shop : null} onClose={close} />
      <ConfirmModal
        opened={unbinding !== null}
        title={t('unbind.title')}
        message={t('unbind.message', { name: unbinding ? unbinding.alias || unbinding.name : '' })}
        confirmLabel={t('unbind.confirm')}
        danger
        loading={unbind.isPending}
        onClose={close}
        onConfirm={() => {
          if (!unbinding) return;
          unbind.mutate(
            { shopId: unbinding.id },
            {
              onSuccess: () =>
                toast({
                  color: 'green',
                  message: t('unbind.done', { name: unbinding.alias || unbinding.name }),
                }),
              onSettled: close,
            },
          );
        }}
      />
    </Stack>
  );
}
