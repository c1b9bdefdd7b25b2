import { Anchor, Text } from '@mantine/core';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import { PasswordSignIn } from '@shared/ui/password-sign-in';
import { toast } from '@shared/ui/toast';
import { useTranslation } from 'react-i18next';

/**
 * Signing in from an extension page: what to do, the shared form with its slider check after
 * several failed sign-ins, the server's words on failure, and the way to a new account (the server says where registration lives).
 */
export function ExtensionLogin() {
  const { t } = useTranslation('extension');
  const api = useApi();
  const errorText = useErrorText();

  async function register() {
    try {
      window.open(await api.register.registerUrl(), '_blank', 'noopener');
    } catch (error) {
      toast({ color: 'red', message: errorText(error) });
    }
  }

  return (
    <>
      <div>
        <Text fw={600}>{t('popup.signInTitle')}</Text>
        <Text size="xs" c="dimmed">
          {t('popup.signInHint')}
        </Text>
      </div>
      <PasswordSignIn size="sm" />
      <Text size="xs" ta="center" mt="sm" c="dimmed">
        {t('popup.noAccount')}{' '}
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={register}
          data-testid="extension-register"
        >
          {t('popup.register')}
        </Anchor>
      </Text>
    </>
  );
}
