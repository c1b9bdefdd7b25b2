import { Button, Center, Divider, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconLayoutSidebarRight, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { browser } from 'wxt/browser';
import { useStore } from 'zustand';
import { signOut } from '../api/session-actions';
import { useApi } from '../queries/api-context';
import { useSession, useSessionStore } from '../session/react';
import { useErrorText } from '../ui/error-message';
import { LogoMark } from '../ui/logo';
import { toast } from '../ui/toast';
import { AccountCard } from './account-card';
import { extensionConfig } from './config';
import { ExtensionLogin } from './extension-login';

async function openSidePanel() {
  // The side panel API needs Chrome 114; older Chromium browsers (360) get the panel in a tab.
  if (browser.sidePanel?.open) {
    const current = await browser.windows.getCurrent();
    if (current.id !== undefined) {
      await browser.sidePanel.open({ windowId: current.id });
      return;
    }
  }
  await browser.tabs.create({ url: browser.runtime.getURL('/sidepanel.html') });
}

export function PopupApp() {
  const { t } = useTranslation(['extension', 'auth', 'common']);
  const api = useApi();
  const store = useSessionStore();
  const session = useSession();
  const hydrated = useStore(store, (state) => state.hydrated);
  const errorText = useErrorText();
  const consoleUrl = `${extensionConfig.consoleOrigin}/cmp/`;

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
          <Button
            variant="light"
            leftSection={<IconLayoutSidebarRight size={16} />}
            onClick={() => void openSidePanel()}
            data-testid="open-side-panel"
          >
            {t('popup.openSidePanel')}
          </Button>
          <Group grow>
            <Button
              variant="default"
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
          <div>
            <Text fw={600}>{t('popup.signInTitle')}</Text>
            <Text size="xs" c="dimmed">
              {t('popup.signInHint')}
            </Text>
          </div>
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
