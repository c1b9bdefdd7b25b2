import { Alert, Button, Group, Input, Modal, PinInput, Stack, Text } from '@mantine/core';
import { UnbindWechatQuerySchema } from '@shared/contracts/third-party';
import { useSendUnbindCode, useUnbindWechat } from '@shared/queries/profile';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconMail } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCooldown } from '../../components/use-cooldown';

/**
 * Unbinding is confirmed with a code mailed to the account's address: Send code (then a resend
 * countdown), the six digits, Unbind. Mounted only while the modal is open, so it starts empty.
 */
function UnbindWechatBody({
  email,
  onDone,
  onCancel,
}: {
  email: string | null;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useErrorText();
  const send = useSendUnbindCode();
  const unbind = useUnbindWechat();
  const { left, start } = useCooldown();
  const form = useSchemaForm({ code: '' });
  const [validMinutes, setValidMinutes] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function sendCode() {
    if (send.isPending || left > 0) return;
    setError(null);
    try {
      const { resendAfterSeconds, expiresInSeconds } = await send.mutateAsync();
      start(resendAfterSeconds);
      setValidMinutes(Math.max(1, Math.round(expiresInSeconds / 60)));
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (unbind.isPending) return;
    setError(null);
    const values = await form.check(UnbindWechatQuerySchema);
    if (!values) return;
    try {
      await unbind.mutateAsync(values.code);
      toast({ color: 'green', message: t('wechat.unbindModal.success') });
      onDone();
    } catch (failure) {
      if (!form.showServerErrors(failure)) setError(errorText(failure));
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid="unbind-form">
      <Stack gap="md">
        {email ? (
          <Text size="sm">{t('wechat.unbindModal.explanation', { email })}</Text>
        ) : (
          <Alert color="yellow" variant="light">
            {t('wechat.unbindModal.noEmail')}
          </Alert>
        )}
        <Group gap="sm" align="center">
          <Button
            variant="light"
            leftSection={<IconMail size={16} />}
            onClick={sendCode}
            loading={send.isPending}
            disabled={left > 0}
            data-autofocus
          >
            {left > 0
              ? t('wechat.unbindModal.resendIn', { seconds: left })
              : t('wechat.unbindModal.sendCode')}
          </Button>
          {validMinutes !== null && (
            <Text size="xs" c="dimmed" data-testid="unbind-code-sent">
              {t('wechat.unbindModal.codeSent', { minutes: validMinutes })}
            </Text>
          )}
        </Group>
        <Input.Wrapper
          label={t('wechat.unbindModal.code')}
          labelElement="div"
          error={form.errors.code}
        >
          <PinInput
            mt={4}
            length={6}
            type="number"
            oneTimeCode
            ariaLabel={t('wechat.unbindModal.code')}
            value={form.values.code}
            onChange={(value) => form.set('code', value)}
            error={Boolean(form.errors.code)}
            getInputProps={() => ({
              // The digits' own key handling swallows Enter; it still sends the form.
              onKeyDownCapture: (event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                event.currentTarget.form?.requestSubmit();
              },
            })}
          />
        </Input.Wrapper>
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="unbind-error">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={unbind.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color="red" loading={unbind.isPending}>
            {t('wechat.unbindModal.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Unbinding WeChat with an e-mailed code; `onDone` runs once the server unbound it. */
export function UnbindWechatModal({
  opened,
  email,
  onClose,
  onDone,
}: {
  opened: boolean;
  email: string | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Modal opened={opened} onClose={onClose} title={t('wechat.unbindModal.title')} centered>
      <UnbindWechatBody email={email} onDone={onDone} onCancel={onClose} />
    </Modal>
  );
}
