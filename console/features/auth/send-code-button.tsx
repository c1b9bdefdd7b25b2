import { Button, Modal, Stack, Text } from '@mantine/core';
import { useApi } from '@shared/queries/api-context';
import { SliderCaptcha } from '@shared/ui/slider-captcha';
import { toast } from '@shared/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCooldown } from '../../components/use-cooldown';

export interface SendCodeButtonProps {
  type: 'register' | 'login' | 'reset';
  /** Checks the address field; resolves to the address, or null when it is wrong (shown on the field). */
  address(): Promise<string | null>;
  /** A refused send (limit reached, account already registered, ...). */
  onError(error: unknown): void;
  /** The code is on its way. */
  onSent?(): void;
}

/**
 * "Send code": checks the address, asks for the slider check in a dialog, then mails a code and
 * counts down until another may be sent (spec section 5: codes need a slider first).
 */
export function SendCodeButton({ type, address, onError, onSent }: SendCodeButtonProps) {
  const { t } = useTranslation('signup');
  const api = useApi();
  const { left, start } = useCooldown();
  const [email, setEmail] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sentOnce, setSentOnce] = useState(false);

  async function open() {
    const checked = await address();
    if (checked) setEmail(checked);
  }

  async function send(captchaToken: string) {
    if (!email) return;
    setSending(true);
    try {
      const { resendAfterSeconds } = await api.register.sendCode({ email, type, captchaToken });
      start(resendAfterSeconds);
      setSentOnce(true);
      toast({ color: 'green', message: t('code.sent', { email }) });
      onSent?.();
    } catch (failure) {
      onError(failure);
    } finally {
      setSending(false);
      setEmail(null);
    }
  }

  return (
    <>
      <Button
        variant="light"
        onClick={open}
        disabled={left > 0}
        loading={sending}
        data-testid="send-code"
        miw={112}
      >
        {left > 0
          ? t('code.resendIn', { seconds: left })
          : sentOnce
            ? t('code.resend')
            : t('code.send')}
      </Button>
      <Modal
        opened={email !== null && !sending}
        onClose={() => setEmail(null)}
        title={t('slider.title')}
        centered
        size={400}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('slider.intro')}
          </Text>
          <SliderCaptcha onSolved={send} />
        </Stack>
      </Modal>
    </>
  );
}
