import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ProductRow, useProductAction } from './products-data';
import { PublishTimeField, usePublishTime } from './publish-dialog';

export type BulkAction = 'publish' | 'delist' | 'delete';

/** Products sent per call: the bar moves as each batch is answered. */
const BATCH = 20;

interface Failure {
  id: string;
  title: string;
  reason: string;
}

type Phase =
  | { kind: 'confirm' }
  | { kind: 'running'; done: number; failures: Failure[] }
  | { kind: 'finished'; done: number; failures: Failure[] };

/**
 * A bulk action on chosen products: the question first (publishing may be timed), then its
 * progress batch by batch, then what went through and, product by product, the platform's reason
 * for what did not, with a retry of those alone.
 */
export function BulkDialog({
  job,
  onClose,
  onDone,
}: {
  job: { action: BulkAction; rows: ProductRow[] } | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const errorText = useErrorText();
  const run = useProductAction();
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  const [rows, setRows] = useState<ProductRow[]>([]);
  const time = usePublishTime();
  const [pastWarnings, setPastWarnings] = useState(false);
  const [shown, setShown] = useState<typeof job>(null);
  // Another job opened: start at its question (state adjusted while rendering).
  if (job !== shown) {
    setShown(job);
    setRows(job?.rows ?? []);
    setPhase({ kind: 'confirm' });
    time.reset();
    setPastWarnings(false);
  }
  if (!job) return null;
  const { action } = job;

  async function start(targets: ProductRow[]) {
    const scheduledAt = action === 'publish' ? time.resolve() : undefined;
    if (scheduledAt === null) return;
    setRows(targets);
    const failures: Failure[] = [];
    let done = 0;
    setPhase({ kind: 'running', done, failures });
    for (let index = 0; index < targets.length; index += BATCH) {
      const batch = targets.slice(index, index + BATCH);
      try {
        const results = await run({
          action,
          ids: batch.map((row) => row.id),
          ...(scheduledAt ? { scheduledAt } : {}),
          ...(action === 'publish' ? { confirmWarnings: pastWarnings } : {}),
        });
        for (const result of results) {
          if (!result.ok) {
            const row = batch.find((candidate) => candidate.id === result.id);
            failures.push({
              id: result.id,
              title: row?.title ?? result.id,
              reason: result.reason ?? t('bulk.failedUnknown'),
            });
          }
        }
      } catch (error) {
        const reason = errorText(error);
        for (const row of batch) failures.push({ id: row.id, title: row.title, reason });
      }
      done += batch.length;
      setPhase({ kind: 'running', done, failures: [...failures] });
    }
    setPhase({ kind: 'finished', done, failures });
    const passed = targets.length - failures.length;
    if (passed > 0) {
      toast({ color: 'green', message: t(`bulk.${action}Done`, { count: passed }) });
      onDone();
    }
  }

  const total = rows.length;
  const running = phase.kind === 'running';
  const close = running ? () => undefined : onClose;
  return (
    <Modal
      opened
      onClose={close}
      closeOnClickOutside={!running}
      withCloseButton={!running}
      title={t(`bulk.${action}Title`)}
      centered
      data-testid="products-bulk-dialog"
    >
      {phase.kind === 'confirm' ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void start(rows);
          }}
        >
          <Stack>
            <Text size="sm" data-testid="products-bulk-message">
              {t(`bulk.${action}Message`, { count: total })}
            </Text>
            {action === 'publish' && (
              <Stack gap="xs">
                <PublishTimeField time={time} />
                <Checkbox
                  mt="xs"
                  label={t('bulk.pastWarnings')}
                  description={t('bulk.pastWarningsHint')}
                  checked={pastWarnings}
                  onChange={(event) => setPastWarnings(event.currentTarget.checked)}
                  data-testid="publish-past-warnings"
                />
              </Stack>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                type="submit"
                color={action === 'delete' ? 'red' : undefined}
                data-autofocus
                data-testid="products-bulk-confirm"
              >
                {t(`actions.${action}`)}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Stack>
          <Progress
            value={total === 0 ? 100 : (phase.done / total) * 100}
            animated={running}
            aria-label={t('bulk.progress', { done: phase.done, total })}
            data-testid="products-bulk-progress"
          />
          <Text size="sm" aria-live="polite" data-testid="products-bulk-count">
            {running
              ? t('bulk.progress', { done: phase.done, total })
              : t('bulk.summary', {
                  passed: total - phase.failures.length,
                  failed: phase.failures.length,
                })}
          </Text>
          {phase.failures.length > 0 && (
            <Alert color="red" variant="light" title={t('bulk.failedTitle')}>
              <ScrollArea.Autosize mah={220}>
                <List size="sm" spacing={4} data-testid="products-bulk-failures">
                  {phase.failures.map((failure) => (
                    <List.Item key={failure.id}>
                      <Text size="sm" fw={600} span>
                        {failure.title}
                      </Text>
                      {': '}
                      <Text size="sm" span>
                        {failure.reason}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
            </Alert>
          )}
          {!running && (
            <Group justify="flex-end" gap="sm">
              {phase.failures.length > 0 && (
                <Button
                  variant="default"
                  onClick={() => {
                    const failed = new Set(phase.failures.map((failure) => failure.id));
                    void start(rows.filter((row) => failed.has(row.id)));
                  }}
                  data-testid="products-bulk-retry"
                >
                  {t('bulk.retryFailed')}
                </Button>
              )}
              <Button onClick={onClose}>{t('common:actions.close')}</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
