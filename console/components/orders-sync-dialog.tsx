import {
  Alert,
  Button,
  Group,
  List,
  Loader,
  Modal,
  MultiSelect,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { ShopDetail, SyncRun } from '@shared/contracts/shops';
import { formatDateTime } from '@shared/i18n/format';
import { useCancelOrderSync, useOrderSyncRun, useStartOrderSync } from '@shared/queries/shops';
import { useErrorText } from '@shared/ui/error-message';
import { IconAlertTriangle, IconCircleCheck, IconPlayerStop } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from './date-fields';
import { FormFailure } from './form-parts';
import { FailureText } from './shop-sync-state';

type Language = 'zh' | 'th' | 'en';

/** Order sync looks back this many days by default (spec section 9), today included. */
const DEFAULT_SYNC_DAYS = 15;
/** The longest custom range the server accepts. */
const MAX_SYNC_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day (YYYY-MM-DD) in the reader's time zone. */
function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Midnight at the start of a YYYY-MM-DD day, in the reader's time zone. */
function startOfDay(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/**
 * The default range: from 00:00 fourteen days ago to now, in the reader's time zone, so that the
 * fifteen days are the reader's days (decisions.md: default ranges use the user's time zone).
 */
function defaultSyncRange(now: Date = new Date()): { from: Date; to: Date } {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (DEFAULT_SYNC_DAYS - 1));
  return { from, to: now };
}

function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The id of the run a SYNC_ALREADY_RUNNING answer points at, when it names one. */
function runningRunId(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.key !== 'SYNC_ALREADY_RUNNING') return null;
  const datas = error.datas;
  if (!datas || typeof datas !== 'object') return null;
  const named = (datas as Record<string, unknown>).runId ?? (datas as Record<string, unknown>).id;
  return typeof named === 'string' ? named : null;
}

interface SyncFormErrors {
  shops?: string;
  from?: string;
  to?: string;
}

function SyncForm({
  shops,
  onStarted,
  onClose,
}: {
  shops: readonly ShopDetail[];
  onStarted(runId: string, joined: boolean): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation(['shops', 'common']);
  const language = i18n.language as Language;
  const errorText = useErrorText();
  const start = useStartOrderSync();
  const normal = shops.filter((shop) => shop.status === 'normal');
  const [shopIds, setShopIds] = useState<string[]>(() => normal.map((shop) => shop.id));
  const [mode, setMode] = useState<'default' | 'custom'>('default');
  const initial = defaultSyncRange();
  const [from, setFrom] = useState(dayOf(initial.from));
  const [to, setTo] = useState(dayOf(initial.to));
  const [errors, setErrors] = useState<SyncFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const today = dayOf(new Date());

  function check(): SyncFormErrors {
    const found: SyncFormErrors = {};
    if (shopIds.length === 0) found.shops = t('sync.errors.shops');
    if (mode === 'custom') {
      if (!from) found.from = t('sync.errors.required');
      if (!to) found.to = t('sync.errors.required');
      if (from && to && from > to) found.to = t('sync.errors.order');
      if (to && to > today) found.to = t('sync.errors.future');
      if (
        from &&
        to &&
        startOfDay(to).getTime() - startOfDay(from).getTime() >= MAX_SYNC_DAYS * DAY_MS
      )
        found.to = t('sync.errors.tooLong', { count: MAX_SYNC_DAYS });
    }
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (start.isPending) return;
    const found = check();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const now = new Date();
    const range =
      mode === 'default'
        ? defaultSyncRange(now)
        : {
            from: startOfDay(from),
            // The end day counts whole, but never past now.
            to: new Date(Math.min(now.getTime(), startOfDay(to).getTime() + DAY_MS - 1)),
          };
    // All normal shops chosen: leave the choice to the server (it knows which are normal now).
    const everyNormal =
      shopIds.length === normal.length && normal.every((shop) => shopIds.includes(shop.id));
    try {
      const run = await start.mutateAsync({
        ...(everyNormal ? {} : { shopIds }),
        startTime: range.from.toISOString(),
        endTime: range.to.toISOString(),
      });
      onStarted(run.id, false);
    } catch (error) {
      const running = runningRunId(error);
      if (running) {
        onStarted(running, true);
        return;
      }
      // A key that opens the global dialog has been answered there.
      if (error instanceof ApiError && error.kind === 'dialog') return;
      setFailure(errorText(error));
    }
  }

  const defaultRange = defaultSyncRange();
  return (
    <form onSubmit={submit} noValidate data-testid="sync-form">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('sync.intro')}
        </Text>
        <MultiSelect
          label={t('sync.shops')}
          placeholder={shopIds.length === 0 ? t('sync.shopsPlaceholder') : undefined}
          data={shops.map((shop) => ({
            value: shop.id,
            label:
              shop.status === 'normal'
                ? `${shop.alias || shop.name} · ${t(`platforms.${shop.platform}`)}`
                : `${shop.alias || shop.name} · ${t('status.abnormal')}`,
            disabled: shop.status !== 'normal',
          }))}
          value={shopIds}
          onChange={(value) => {
            setShopIds(value);
            setErrors((current) => ({ ...current, shops: undefined }));
          }}
          error={errors.shops}
          clearable
          searchable
          hidePickedOptions
          comboboxProps={{ withinPortal: true }}
          data-testid="sync-shops"
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="sync-range-label">
            {t('sync.range')}
          </Text>
          <SegmentedControl
            aria-labelledby="sync-range-label"
            value={mode}
            onChange={(value) => setMode(value as 'default' | 'custom')}
            data={[
              { value: 'default', label: t('sync.rangeDefault', { count: DEFAULT_SYNC_DAYS }) },
              { value: 'custom', label: t('sync.rangeCustom') },
            ]}
          />
          {mode === 'default' ? (
            <Text size="sm" c="dimmed" data-testid="sync-default-range">
              {t('sync.rangeDefaultHint', {
                from: formatDateTime(defaultRange.from, language),
                zone: readerTimeZone(),
              })}
            </Text>
          ) : (
            <SimpleGrid cols={2} spacing="sm">
              <LocalDateInput
                label={t('sync.from')}
                value={from}
                excludeDate={(day) => day > today}
                onChange={(day) => {
                  setFrom(day ?? '');
                  setErrors((current) => ({ ...current, from: undefined }));
                }}
                error={errors.from}
              />
              <LocalDateInput
                label={t('sync.to')}
                value={to}
                excludeDate={(day) => day > today}
                onChange={(day) => {
                  setTo(day ?? '');
                  setErrors((current) => ({ ...current, to: undefined }));
                }}
                error={errors.to}
              />
            </SimpleGrid>
          )}
        </Stack>
        <FormFailure message={failure} testId="sync-failure" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={start.isPending}>
            {t('sync.start')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function RunView({
  runId,
  joined,
  shops,
  onAgain,
  onClose,
}: {
  runId: string;
  joined: boolean;
  shops: readonly ShopDetail[];
  onAgain(): void;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation(['shops', 'common']);
  const language = i18n.language as Language;
  const errorText = useErrorText();
  const query = useOrderSyncRun(runId);
  const cancel = useCancelOrderSync();
  const run: SyncRun | undefined = query.data;
  // A cancel stops the run after the page it is on; until then it still runs.
  const cancelling = cancel.isPending || (cancel.isSuccess && run?.status === 'running');
  const names = new Map(shops.map((shop) => [shop.id, shop.alias || shop.name]));

  if (!run) {
    return query.isError ? (
      <Stack>
        <FormFailure message={errorText(query.error)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    ) : (
      <Group justify="center" py="lg">
        <Loader />
      </Group>
    );
  }

  const percent = run.shopCount > 0 ? Math.round((run.shopsDone / run.shopCount) * 100) : 0;
  const running = run.status === 'running';
  return (
    <Stack gap="md" data-testid="sync-run" data-status={run.status}>
      {joined && running && (
        <Alert variant="light" color="blue">
          {t('sync.alreadyRunning')}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        {t('sync.rangeOfRun', {
          from: formatDateTime(run.rangeFrom, language),
          to: formatDateTime(run.rangeTo, language),
        })}
      </Text>
      <Stack gap={4}>
        <Progress
          value={running ? Math.max(percent, 3) : 100}
          animated={running}
          color={run.status === 'cancelled' ? 'gray' : run.failures.length > 0 ? 'orange' : 'brand'}
          aria-label={t('sync.progressLabel')}
        />
        <Group justify="space-between">
          <Text size="sm" data-testid="sync-progress">
            {t('sync.progress', { done: run.shopsDone, total: run.shopCount })}
          </Text>
          <Text size="sm" c="dimmed" data-testid="sync-count">
            {t('sync.items', { count: run.itemCount })}
          </Text>
        </Group>
      </Stack>
      {run.status === 'done' && (
        <Alert
          variant="light"
          color="green"
          icon={<IconCircleCheck size={18} />}
          data-testid="sync-result"
        >
          {run.itemCount === 0 ? t('sync.noOrders') : t('sync.done', { count: run.itemCount })}
        </Alert>
      )}
      {run.status === 'cancelled' && (
        <Alert variant="light" color="gray" data-testid="sync-result">
          {t('sync.cancelled', { count: run.itemCount })}
        </Alert>
      )}
      {run.status === 'failed' && run.failures.length === 0 && (
        <Alert variant="light" color="red" data-testid="sync-result">
          {t('sync.failed')}
        </Alert>
      )}
      {run.failures.length > 0 && (
        <Alert
          variant="light"
          color={run.status === 'failed' ? 'red' : 'orange'}
          icon={<IconAlertTriangle size={18} />}
          title={t('sync.failures', { count: run.failures.length })}
          data-testid="sync-failures"
        >
          <List size="sm" spacing={4}>
            {run.failures.map(({ shopId, failure }) => (
              <List.Item key={shopId}>
                <Text span fw={600} size="sm">
                  {names.get(shopId) ?? t('sync.unknownShop')}
                </Text>
                {': '}
                <FailureText failure={failure} />
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {cancel.isError && <FormFailure message={errorText(cancel.error)} />}
      <Group justify="flex-end">
        {running ? (
          <>
            <Button variant="default" onClick={onClose}>
              {t('sync.hide')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStop size={16} />}
              loading={cancel.isPending}
              disabled={cancelling}
              onClick={() => cancel.mutate(run.id)}
            >
              {cancelling ? t('sync.cancelling') : t('sync.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={onAgain}>
              {t('sync.again')}
            </Button>
            <Button onClick={onClose} data-autofocus>
              {t('common:actions.close')}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}

/**
 * Sync orders from the platforms: which shops (all normal ones by default), the last 15 days or a
 * custom range; then the run's progress, a cancel while it runs, and how it ended. The run
 * outlives the dialog: closing it while running and opening it again shows the same run.
 */
export function OrdersSyncDialog({
  opened,
  onClose,
  shops,
  run,
  onRun,
}: {
  opened: boolean;
  onClose(): void;
  shops: readonly ShopDetail[];
  run: { id: string; joined: boolean } | null;
  onRun(run: { id: string; joined: boolean } | null): void;
}) {
  const { t } = useTranslation('shops');
  return (
    <Modal opened={opened} onClose={onClose} title={t('sync.title')} size="lg" centered>
      {run ? (
        <RunView
          runId={run.id}
          joined={run.joined}
          shops={shops}
          onAgain={() => onRun(null)}
          onClose={onClose}
        />
      ) : (
        <SyncForm
          shops={shops}
          onStarted={(id, joined) => onRun({ id, joined })}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
