import { AccountCard } from '@extension/pages/account-card';
import { consoleLinks } from '@extension/pages/console-links';
import { ExtensionLogin } from '@extension/pages/extension-login';
import { Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { signOut } from '@shared/api/session-actions';
import { useApi } from '@shared/queries/api-context';
import { useSession, useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { LogoMark } from '@shared/ui/logo';
import { toast } from '@shared/ui/toast';
import { IconBox, IconExternalLink, IconLayoutSidebarRight, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { useStore } from 'zustand';
import { BulkQueueCard } from './bulk-queue-card';
import { CollectPageButton } from './collect-page-button';
import { RecentCollections } from './recent-collections';

/** Firefox's sidebar (its side panel), absent from Chrome's types. */
const sidebar = (browser as unknown as { sidebarAction?: { open(): Promise<void> } }).sidebarAction;

async function openSidePanel() {
  // The side panel API needs Chrome 116; Firefox has its sidebar (opened at once, while the click
  // still counts as the seller's); older Chromium browsers (360) get the panel in a tab, serving
  // the tab the seller was on.
  if (sidebar?.open) {
    await sidebar.open();
    return;
  }
  if (browser.sidePanel?.open) {
    const current = await browser.windows.getCurrent();
    if (current.id !== undefined) {
      await browser.sidePanel.open({ windowId: current.id });
      return;
    }
  }
  const [active] = await browser.tabs.query({ active: true, currentWindow: true });
  const query = active?.id === undefined ? '' : `?tab=${active.id}`;
  // This page is the extension's own: the panel sits beside it.
  await browser.tabs.create({ url: `${window.location.origin}/sidepanel.html${query}` });
}

export function PopupApp() {
  const { t } = useTranslation(['extension', 'auth', 'common']);
  const api = useApi();
  const store = useSessionStore();
  const session = useSession();
  const hydrated = useStore(store, (state) => state.hydrated);
  const errorText = useErrorText();
  const consoleUrl = consoleLinks.home();

  return (
    <Stack gap="md" p="md" w={360}>
      <Group gap="xs">
        <LogoMark size={26} />
        <Text fw={700}>{t('common:appName')}</Text>
      </Group>
      {!hydrated ? (
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      ) : session ? (
        <Stack gap="md">
          <Paper withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed" mb={6}>
              {t('popup.signedInAs')}
            </Text>
            <AccountCard user={session.user} />
          </Paper>
          <CollectPageButton />
          <BulkQueueCard />
          <RecentCollections />
          <Divider />
          <Group grow gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconLayoutSidebarRight size={16} />}
              onClick={() => void openSidePanel()}
              data-testid="open-side-panel"
            >
              {t('popup.openSidePanel')}
            </Button>
            <Button
              variant="light"
              size="xs"
              component="a"
              href={consoleLinks.collectionBox()}
              target="_blank"
              rel="noreferrer"
              leftSection={<IconBox size={16} />}
              data-testid="open-collection-box"
            >
              {t('popup.openCollectionBox')}
            </Button>
          </Group>
          <Group grow gap="xs">
            <Button
              variant="default"
              size="xs"
              component="a"
              href={consoleUrl}
              target="_blank"
              rel="noreferrer"
              leftSection={<IconExternalLink size={16} />}
            >
              {t('common:actions.openConsole')}
            </Button>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconLogout size={16} />}
              data-testid="extension-logout"
              onClick={async () => {
                const { error } = await signOut(api, store);
                if (error) toast({ color: 'red', message: errorText(error), autoClose: 5000 });
              }}
            >
              {t('common:actions.logout')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <ExtensionLogin />
          <Divider />
          <Button
            variant="subtle"
            size="xs"
            component="a"
            href={consoleUrl}
            target="_blank"
            rel="noreferrer"
          >
            {t('common:actions.openConsole')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
