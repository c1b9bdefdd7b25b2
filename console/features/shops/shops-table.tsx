import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import type { Platform, ShopDetail } from '@shared/contracts/shops';
import { formatDate } from '@shared/i18n/format';
import { placeholderKeys } from '@shared/ui/skeletons';
import { IconKey, IconPencil, IconUnlink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FailureText, ShopSyncState, useNow } from '../../components/shop-sync-state';
import { PlatformMark } from './platform-mark';
import classes from './shops.module.css';

type Language = 'zh' | 'th' | 'en';

/** An authorization ending within this many days is shown in the warning colour. */
const EXPIRY_WARNING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ShopAction = 'editAlias' | 'reauthorize' | 'unbind';

/** How close an authorization is to its end. */
function expiryOf(expiresAt: string | null, now: number): 'none' | 'ok' | 'soon' | 'expired' {
  if (!expiresAt) return 'none';
  const left = Date.parse(expiresAt) - now;
  if (left <= 0) return 'expired';
  return left <= EXPIRY_WARNING_DAYS * DAY_MS ? 'soon' : 'ok';
}

function ExpiryCell({ shop, now }: { shop: ShopDetail; now: number }) {
  const { t, i18n } = useTranslation('shops');
  const language = i18n.language as Language;
  const state = expiryOf(shop.authorizationExpiresAt, now);
  const authorized = (
    <Text size="xs" c="dimmed">
      {t('expiry.authorizedOn', { date: formatDate(shop.authorizedAt, language) })}
    </Text>
  );
  if (!shop.authorizationExpiresAt || state === 'none') {
    return (
      <Stack gap={0}>
        <Text size="sm" c="dimmed">
          {t('expiry.none')}
        </Text>
        {authorized}
      </Stack>
    );
  }
  const days = Math.max(0, Math.ceil((Date.parse(shop.authorizationExpiresAt) - now) / DAY_MS));
  return (
    <Stack gap={0} data-testid="shop-expiry" data-expiry={state}>
      <Text
        size="sm"
        c={state === 'expired' ? 'red' : state === 'soon' ? 'orange.7' : undefined}
        fw={state === 'ok' ? undefined : 600}
      >
        {formatDate(shop.authorizationExpiresAt, language)}
      </Text>
      {state !== 'ok' && (
        <Text size="xs" c={state === 'expired' ? 'red' : 'orange.7'}>
          {state === 'expired' ? t('expiry.expired') : t('expiry.soon', { count: days })}
        </Text>
      )}
      {authorized}
    </Stack>
  );
}

/** Whether the seller should renew this shop's authorization now. */
function needsReauthorization(shop: ShopDetail, now: number): boolean {
  const expiry = expiryOf(shop.authorizationExpiresAt, now);
  return shop.status === 'abnormal' || expiry === 'soon' || expiry === 'expired';
}

export function ShopsTableSkeleton() {
  return (
    <Stack gap="sm" aria-busy data-testid="shops-loading">
      {placeholderKeys(4).map((key) => (
        <Group key={key} gap="md" wrap="nowrap">
          <Skeleton height={36} width="22%" />
          <Skeleton height={36} width="14%" />
          <Skeleton height={36} width="14%" />
          <Skeleton height={36} width="24%" />
          <Skeleton height={36} width="20%" />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The authorized shops: name and alias, platform, site, type, authorization (status, reason,
 * expiry), default logistics, where their sync stands, and the row's actions.
 */
export function ShopsTable({
  shops,
  icons,
  actions,
  canSync,
  retrying,
  onAction,
  onRetry,
}: {
  shops: readonly ShopDetail[];
  icons: Partial<Record<Platform, string>>;
  /** The row actions this account's buttons allow. */
  actions: ReadonlySet<ShopAction>;
  canSync: boolean;
  /** The shop whose sync is being queued again. */
  retrying: string | null;
  onAction(action: ShopAction, shop: ShopDetail): void;
  onRetry(shop: ShopDetail): void;
}) {
  const { t } = useTranslation(['shops', 'common']);
  const now = useNow();
  const withActions = actions.has('reauthorize') || actions.has('unbind');

  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="shops-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.shop')}</Table.Th>
            <Table.Th>{t('fields.platform')}</Table.Th>
            <Table.Th>{t('fields.site')}</Table.Th>
            <Table.Th>{t('fields.type')}</Table.Th>
            <Table.Th>{t('fields.status')}</Table.Th>
            <Table.Th>{t('fields.defaultLogistics')}</Table.Th>
            <Table.Th>{t('fields.expiresAt')}</Table.Th>
            <Table.Th>{t('fields.sync')}</Table.Th>
            {withActions && (
              <Table.Th className={classes.actionsCell} data-testid="shops-actions-head">
                {t('fields.actions')}
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shops.map((shop) => {
            const name = shop.alias || shop.name;
            return (
              <Table.Tr
                key={shop.id}
                data-testid="shop-row"
                data-shop-id={shop.id}
                data-status={shop.status}
              >
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Stack gap={0}>
                      <Text fw={600} size="sm">
                        {name}
                      </Text>
                      {shop.alias && shop.alias !== shop.name && (
                        <Text size="xs" c="dimmed">
                          {shop.name}
                        </Text>
                      )}
                    </Stack>
                    {actions.has('editAlias') && (
                      <Tooltip label={t('alias.title')}>
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-label={t('alias.editFor', { name })}
                          onClick={() => onAction('editAlias', shop)}
                        >
                          <IconPencil size={14} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <PlatformMark platform={shop.platform} iconUrl={icons[shop.platform]} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`common:sites.${shop.site}`)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{t(`types.${shop.type}`)}</Text>
                </Table.Td>
                <Table.Td maw={240}>
                  <Stack gap={2}>
                    <Badge
                      variant="dot"
                      color={shop.status === 'normal' ? 'green' : 'red'}
                      data-testid="shop-status"
                    >
                      {t(`status.${shop.status}`)}
                    </Badge>
                    {shop.status === 'abnormal' && (
                      <Text size="xs" c="red" data-testid="shop-abnormal-reason">
                        {shop.abnormalReason ? (
                          <FailureText failure={shop.abnormalReason} />
                        ) : (
                          t('status.abnormalHint')
                        )}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={shop.defaultLogistics ? undefined : 'dimmed'}>
                    {shop.defaultLogistics ?? t('logistics.none')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ExpiryCell shop={shop} now={now} />
                </Table.Td>
                <Table.Td>
                  <ShopSyncState
                    shop={shop}
                    now={now}
                    canRetry={canSync}
                    retrying={retrying === shop.id}
                    onRetry={() => onRetry(shop)}
                  />
                </Table.Td>
                {withActions && (
                  <Table.Td className={classes.actionsCell} data-testid="shop-actions">
                    <Group gap={6} wrap="nowrap">
                      {actions.has('reauthorize') && needsReauthorization(shop, now) && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="orange"
                          leftSection={<IconKey size={14} />}
                          onClick={() => onAction('reauthorize', shop)}
                          aria-label={t('actions.reauthorizeFor', { name })}
                        >
                          {t('actions.reauthorize')}
                        </Button>
                      )}
                      {actions.has('unbind') && (
                        <Tooltip label={t('actions.unbind')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('actions.unbindFor', { name })}
                            onClick={() => onAction('unbind', shop)}
                          >
                            <IconUnlink size={16} />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
