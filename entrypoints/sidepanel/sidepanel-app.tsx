import { AccountCard } from '@extension/pages/account-card';
import { consoleLinks } from '@extension/pages/console-links';
import { ExtensionLogin } from '@extension/pages/extension-login';
import { Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useSession, useSessionStore } from '@shared/session/react';
import { LogoMark } from '@shared/ui/logo';
import { IconExternalLink } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { ProductPanel } from './product-panel';
import { readPlacement } from './use-watched-tab';

/**
 * Collecting beside the page: what the current tab's product page gives, field by field, edited
 * and collected into the box and claimed into shops. Opened with `?tab=<id>&inpage=1` it serves
 * one tab from inside that page, in a compact layout.
 */
export function SidePanelApp({ search = window.location.search }: { search?: string }) {
  const { t } = useTranslation(['extension', 'auth']);
  const store = useSessionStore();
  const session = useSession();
  const hydrated = useStore(store, (state) => state.hydrated);
  const placement = useMemo(() => readPlacement(search), [search]);
  const compact = placement.inPage;
  useEffect(() => {
    document.title = t('panel.title');
  }, [t]);

  if (!hydrated) {
    return (
      <Center h="100dvh">
        <Loader size="sm" />
      </Center>
    );
  }
  return (
    <Stack
      gap={compact ? 'sm' : 'md'}
      p={compact ? 'sm' : 'md'}
      data-layout={compact ? 'compact' : 'full'}
    >
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap">
          <LogoMark size={compact ? 20 : 24} />
          <Title order={compact ? 5 : 4}>{t('panel.title')}</Title>
        </Group>
        {session ? (
          <Anchor
            href={consoleLinks.collectionBox()}
            target="_blank"
            rel="noreferrer"
            size="xs"
            data-testid="open-collection-box"
          >
            {t('sidepanel.title')}
            <IconExternalLink size={12} style={{ verticalAlign: -1, marginLeft: 3 }} />
          </Anchor>
        ) : null}
      </Group>
      {session ? (
        <>
          {compact ? null : <AccountCard user={session.user} />}
          <ProductPanel placement={placement} />
        </>
      ) : (
        <Stack gap="sm">
          <ExtensionLogin />
        </Stack>
      )}
    </Stack>
  );
}
