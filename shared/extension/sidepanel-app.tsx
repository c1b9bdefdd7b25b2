import { Center, Divider, Loader, Stack, Title } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { useSession, useSessionStore } from '../session/react';
import { EmptyState } from '../ui/empty-state';
import { AccountCard } from './account-card';
import { ExtensionLogin } from './extension-login';

/** The collection box beside the page; products arrive here once collecting exists. */
export function SidePanelApp() {
  const { t } = useTranslation(['extension', 'auth']);
  const store = useSessionStore();
  const session = useSession();
  const hydrated = useStore(store, (state) => state.hydrated);

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
          <EmptyState
            py={48}
            icon={<IconPackageImport size={24} />}
            title={t('sidepanel.emptyTitle')}
            hint={t('sidepanel.emptyHint')}
          />
        </>
      ) : (
        <ExtensionLogin />
      )}
    </Stack>
  );
}
