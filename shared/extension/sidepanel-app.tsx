import { Center, Divider, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { signInWithPassword } from '../api/session-actions';
import { useApi } from '../queries/api-context';
import { useSession, useSessionStore } from '../session/react';
import { useErrorText } from '../ui/error-message';
import { LoginForm } from '../ui/login-form';
import { AccountCard } from './account-card';

/** The collection box beside the page; products arrive here once collecting exists. */
export function SidePanelApp() {
  const { t } = useTranslation(['extension', 'auth']);
  const api = useApi();
  const store = useSessionStore();
  const session = useSession();
  const hydrated = useStore(store, (state) => state.hydrated);
  const errorText = useErrorText();

  if (!hydrated) {
    return (
      <Center h="100dvh">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack gap="md" p="md">
      <Title order={4}>{t('sidepanel.title')}</Title>
      {session ? (
        <>
          <AccountCard user={session.user} />
          <Divider />
          <Center py={48}>
            <Stack align="center" gap="xs" maw={280} ta="center">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconPackageImport size={24} />
              </ThemeIcon>
              <Text fw={600}>{t('sidepanel.emptyTitle')}</Text>
              <Text size="sm" c="dimmed">
                {t('sidepanel.emptyHint')}
              </Text>
            </Stack>
          </Center>
        </>
      ) : (
        <LoginForm
          size="sm"
          onSubmit={async (values) => {
            try {
              await signInWithPassword(api, store, values);
            } catch (error) {
              throw new Error(errorText(error));
            }
          }}
        />
      )}
    </Stack>
  );
}
