import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from './register-form';

/** The register view of /login: its heading, the form, and the way back to signing in. */
export function RegisterPanel({ onSignIn }: { onSignIn(): void }) {
  const { t } = useTranslation('signup');
  return (
    <>
      <Stack gap={4} mb="lg">
        <Title order={2}>{t('register.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('register.subtitle')}
        </Text>
      </Stack>
      <RegisterForm onSignIn={onSignIn} />
      <Text size="sm" ta="center" mt="md">
        {t('register.haveAccount')}{' '}
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onSignIn}>
          {t('register.signInInstead')}
        </Anchor>
      </Text>
    </>
  );
}
