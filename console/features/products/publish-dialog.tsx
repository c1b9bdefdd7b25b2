import { Alert, Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import type { ReadinessIssue } from '@shared/contracts/products';
import { toast } from '@shared/ui/toast';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from '../../components/date-fields';
import { useIssueText } from './editor-readiness';
import { usePublishProducts } from './products-data';

/**
 * When to publish: now, or at a time the seller picks (timed publishing). `resolve()` gives the
 * chosen time (ISO), undefined for now, or null when the picked time is not in the future (the
 * field then says so).
 */
export function usePublishTime() {
  const { t } = useTranslation('products');
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [at, setAt] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    when,
    setWhen,
    at,
    error,
    pick(value: string) {
      setAt(value);
      setError(null);
    },
    reset() {
      setWhen('now');
      setAt('');
      setError(null);
    },
    resolve(): string | undefined | null {
      if (when === 'now') return undefined;
      const moment = at ? dayjs(at) : null;
      if (!moment?.isValid() || !moment.isAfter(dayjs())) {
        setError(t('publish.timeInFuture'));
        return null;
      }
      return moment.toISOString();
    },
  };
}

/** Now or later, and the time when later. */
export function PublishTimeField({ time }: { time: ReturnType<typeof usePublishTime> }) {
  const { t } = useTranslation('products');
  return (
    <>
      <Radio.Group
        value={time.when}
        onChange={(value) => time.setWhen(value as 'now' | 'later')}
        label={t('publish.when')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="now" label={t('publish.now')} data-testid="publish-now" />
          <Radio value="later" label={t('publish.later')} data-testid="publish-later" />
        </Group>
      </Radio.Group>
      {time.when === 'later' && (
        <LocalDateInput
          withTime
          label={t('publish.at')}
          value={time.at}
          onChange={(value) => time.pick(value ?? '')}
          minDate={dayjs().format('YYYY-MM-DD')}
          error={time.error}
          data-testid="publish-at"
        />
      )}
    </>
  );
}

/**
 * Publishing one product (or a few): now or at a chosen time (timed publishing), past the
 * readiness check's warnings only when the seller says so. The platform's answer comes later:
 * the product shows "publishing" until it is online, or failed with the platform's reason.
 */
export function PublishDialog({
  opened,
  productIds,
  warnings,
  onClose,
}: {
  opened: boolean;
  productIds: string[];
  warnings: readonly ReadinessIssue[];
  onClose(): void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const issueText = useIssueText();
  const publish = usePublishProducts();
  const time = usePublishTime();

  async function submit() {
    const scheduled = time.resolve();
    if (scheduled === null) return;
    const result = await publish.mutateAsync({
      ids: productIds,
      ...(scheduled ? { at: scheduled } : {}),
      confirmWarnings: warnings.length > 0,
    });
    if (result.accepted.length > 0) {
      toast({ color: 'green', message: scheduled ? t('publish.scheduled') : t('publish.started') });
      onClose();
    } else {
      const refusal = result.refused[0];
      toast({
        color: 'red',
        message: refusal ? t(`refused.${refusal.code}`) : t('bulk.failedUnknown'),
      });
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('publish.title')}
      centered
      data-testid="publish-dialog"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {warnings.length > 0 && (
            <Alert
              color="yellow"
              variant="light"
              title={t('publish.warningsTitle')}
              data-testid="publish-warnings"
            >
              <List size="sm" spacing={2}>
                {warnings.map((issue) => (
                  <List.Item key={`${issue.code}-${issue.field}-${JSON.stringify(issue.params)}`}>
                    {issueText(issue)}
                  </List.Item>
                ))}
              </List>
              <Text size="sm" mt="xs">
                {t('publish.warningsQuestion')}
              </Text>
            </Alert>
          )}
          <PublishTimeField time={time} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={publish.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={publish.isPending}
              data-autofocus
              data-testid="publish-confirm"
            >
              {warnings.length > 0 ? t('publish.anyway') : t('actions.publish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
