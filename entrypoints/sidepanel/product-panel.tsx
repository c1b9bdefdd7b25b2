import type { ExtractOutcome } from '@extension/messaging/schemas';
import { collectClient } from '@extension/pages/collect-client';
import { FailureNotice } from '@extension/pages/failure-notice';
import { ActionIcon, Alert, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { sourceSiteOf } from '@shared/contracts/source-sites';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftEditor } from './draft-editor';
import { SupportedSites } from './supported-sites';
import { useShopChoice } from './use-shop-choice';
import type { PanelPlacement } from './use-watched-tab';
import { useWatchedTab } from './use-watched-tab';

/** How often a page that is still loading is asked again. */
const RETRY_MS = 2500;

/** Nothing answered in the tab (yet): the page may still be on its way. */
function notReadYet(outcome: ExtractOutcome | undefined): boolean {
  return !outcome || (!outcome.ok && outcome.failure === 'notProduct');
}

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    // The browser's and the extension's own pages are "this page", not an address to show.
    return /^https?:$/.test(parsed.protocol) ? parsed.host : null;
  } catch {
    return null;
  }
}

/** The page in the watched tab, read again when it changes: its product, or why there is none. */
export function ProductPanel({ placement }: { placement: PanelPlacement }) {
  const { t } = useTranslation(['extension', 'common']);
  const tab = useWatchedTab(placement);
  // Chosen once for every product read here.
  const choice = useShopChoice();
  const compact = placement.inPage;
  // Known address off every source site: nothing to read. Unknown address: the background decides.
  const unsupported = tab.url !== null && sourceSiteOf(tab.url) === null;
  const extraction = useQuery({
    queryKey: ['panel', 'extract', tab.tabId, tab.revision],
    queryFn: () => collectClient.extract(tab.tabId ?? undefined),
    enabled: tab.tabId !== null && !unsupported,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    // Reading the same tab again keeps showing what it gave until the new reading is in.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === tab.tabId ? previous : undefined,
    // A page still loading may not be readable yet: ask again until it is, or until it has loaded.
    refetchInterval: (query) => (tab.loading && notReadYet(query.state.data) ? RETRY_MS : false),
  });
  const host = hostOf(tab.url);
  const waiting = tab.loading && (extraction.isPending || notReadYet(extraction.data));

  let body: ReactNode;
  if (tab.ready && (tab.tabId === null || unsupported)) {
    body = <SupportedSites compact={compact} />;
  } else if (!tab.ready || waiting || extraction.isPending) {
    body = (
      <Center py={48}>
        <Stack align="center" gap="xs">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            {tab.loading ? t('extension:panel.pageLoading') : t('extension:panel.reading')}
          </Text>
        </Stack>
      </Center>
    );
  } else if (extraction.isError) {
    body = (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        data-testid="panel-no-answer"
      >
        {t('extension:panel.noAnswer')}
      </Alert>
    );
  } else if (!extraction.data.ok) {
    const { failure, missing } = extraction.data;
    body = (
      <Stack gap="md">
        <FailureNotice failure={failure} missing={missing} />
        {/* The browser did not say where the tab is: it may be any site, so say where collecting works. */}
        {failure === 'notProduct' && tab.url === null ? <SupportedSites compact={compact} /> : null}
      </Stack>
    );
  } else {
    body = (
      <DraftEditor
        // Another product starts afresh; the same one read again keeps the edits and the result.
        key={`${tab.tabId}:${extraction.data.draft.site}:${extraction.data.draft.itemId}`}
        draft={extraction.data.draft}
        compact={compact}
        choice={choice}
      />
    );
  }

  return (
    <Stack gap={compact ? 'sm' : 'md'}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="xs" c="dimmed" truncate data-testid="panel-page" title={tab.url ?? undefined}>
          {host ?? t('extension:panel.thisPage')}
        </Text>
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={tab.refresh}
          loading={extraction.isFetching}
          aria-label={t('extension:panel.refresh')}
          title={t('extension:panel.refresh')}
          data-testid="panel-refresh"
        >
          <IconRefresh size={16} />
        </ActionIcon>
      </Group>
      {body}
    </Stack>
  );
}
