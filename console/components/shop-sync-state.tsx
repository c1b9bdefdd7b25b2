import { Button, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
import {
  type ShopDetail,
  type ShopFailure,
  SYNC_RESOURCES,
  type SyncResource,
} from '@shared/contracts/shops';
import { formatDateTime, formatRelative } from '@shared/i18n/format';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Language = 'zh' | 'th' | 'en';

/** The time now, moving on every minute, so that "x minutes ago" stays true while the page is open. */
export function useNow(stepMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), stepMs);
    return () => window.clearInterval(timer);
  }, [stepMs]);
  return now;
}

/** A failure as the seller reads it: the server's words and the platform's own code (once). */
export function FailureText({ failure }: { failure: ShopFailure }) {
  const { t } = useTranslation('shops');
  return (
    <>
      {failure.message}
      {failure.platformCode && !failure.message.includes(failure.platformCode) && (
        <Text span size="xs" c="dimmed">
          {' '}
          ({t('fields.platformCode', { code: failure.platformCode })})
        </Text>
      )}
    </>
  );
}

function ResourceLine({
  resource,
  state,
  now,
}: {
  resource: SyncResource;
  state: ShopDetail['sync'][SyncResource];
  now: number;
}) {
  const { t, i18n } = useTranslation(['shops', 'common']);
  const { t: common } = useTranslation('common');
  const language = i18n.language as Language;
  const last = state.lastSyncedAt
    ? t('syncState.last', { ago: formatRelative(common, state.lastSyncedAt, now) })
    : t('syncState.never');
  return (
    <Stack gap={0} data-testid={`sync-${resource}`}>
      <Group gap={4} wrap="nowrap">
        <Text size="xs" fw={600}>
          {t(`syncState.resources.${resource}`)}
        </Text>
        {state.running ? (
          <Group gap={4} wrap="nowrap">
            <Loader size={10} />
            <Text size="xs" c="blue">
              {t('syncState.running')}
            </Text>
          </Group>
        ) : (
          <Tooltip
            label={
              state.lastSyncedAt
                ? t('syncState.lastExact', {
                    time: formatDateTime(state.lastSyncedAt, language),
                    count: state.lastCount,
                  })
                : t('syncState.never')
            }
          >
            <Text size="xs" c="dimmed" tabIndex={0}>
              {last}
            </Text>
          </Tooltip>
        )}
      </Group>
      {state.nextSyncAt && !state.running && (
        <Text size="xs" c="dimmed">
          {t('syncState.next', { time: formatDateTime(state.nextSyncAt, language) })}
        </Text>
      )}
      {state.lastFailure && (
        <Text size="xs" c="red" data-testid={`sync-${resource}-failure`}>
          <IconAlertTriangle size={12} style={{ verticalAlign: -2, marginRight: 4 }} />
          <FailureText failure={state.lastFailure} />
        </Text>
      )}
    </Stack>
  );
}

/**
 * Where a shop's orders and products sync stands: when each last synced, when next, the last
 * failure with the platform's code, and a Retry when something failed.
 */
export function ShopSyncState({
  shop,
  now,
  canRetry,
  retrying,
  onRetry,
}: {
  shop: ShopDetail;
  now: number;
  canRetry: boolean;
  retrying: boolean;
  onRetry(): void;
}) {
  const { t } = useTranslation('shops');
  const failed = SYNC_RESOURCES.some((resource) => shop.sync[resource].lastFailure !== null);
  const running = SYNC_RESOURCES.some((resource) => shop.sync[resource].running);
  return (
    <Stack gap={4} miw={190}>
      {SYNC_RESOURCES.map((resource) => (
        <ResourceLine key={resource} resource={resource} state={shop.sync[resource]} now={now} />
      ))}
      {failed && canRetry && shop.status === 'normal' && (
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconRefresh size={12} />}
          loading={retrying}
          disabled={running}
          onClick={onRetry}
          aria-label={t('syncState.retryFor', { name: shop.alias || shop.name })}
          w="fit-content"
        >
          {t('syncState.retry')}
        </Button>
      )}
    </Stack>
  );
}
