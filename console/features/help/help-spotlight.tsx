import '@mantine/spotlight/styles.css';
import { ActionIcon, Group, Kbd, Loader, Stack, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue, useOs } from '@mantine/hooks';
import { createSpotlight, Spotlight, useSpotlight } from '@mantine/spotlight';
import { useApi } from '@shared/queries/api-context';
import { helpQueries } from '@shared/queries/help';
import {
  IconArrowRight,
  IconFileText,
  IconHelpCircle,
  IconSearch,
  IconZoomQuestion,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HelpArticleDrawer } from './help-article-drawer';
import { filterMenus, type SearchableMenu } from './menu-match';

/** The help centre's own spotlight store, so no other spotlight on the page opens with it. */
const [helpSpotlightStore, helpSpotlight] = createSpotlight();

/** Opens the help search (the header button, or anything else that wants it). */
export function openHelpSpotlight() {
  helpSpotlight.open();
}

/** Server search waits this long after the last keystroke. */
const SEARCH_DEBOUNCE_MS = 250;
/** At most this many menus and common questions are listed. */
const MENU_LIMIT = 8;
const POPULAR_LIMIT = 5;

/** Ctrl + K, or ⌘ + K on a Mac. */
function useShortcutLabel(): string[] {
  const os = useOs();
  return [os === 'macos' || os === 'ios' ? '⌘' : 'Ctrl', 'K'];
}

/**
 * The header's help button: a tooltip naming the shortcut, and a click that opens the search.
 */
export function HelpButton() {
  return (
    <Suspense fallback={null}>
      <HelpButtonInner />
    </Suspense>
  );
}

function HelpButtonInner() {
  const { t } = useTranslation('help');
  const keys = useShortcutLabel();
  return (
    <Tooltip label={t('messages.shortcut', { shortcut: keys.join(' + ') })} withArrow>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        onClick={openHelpSpotlight}
        aria-label={t('actions.open')}
        data-testid="help-button"
      >
        <IconHelpCircle size={20} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The command palette (Ctrl/Cmd + K): the menus the account holds, filtered as the user types
 * (by pinyin too when `pinyinSearch` is on and the interface is Chinese), and help articles found
 * by the server. A menu opens its page; an article opens in a drawer.
 */
export function HelpSpotlight({
  menus,
  pinyinSearch,
}: {
  menus: SearchableMenu[];
  pinyinSearch: boolean;
}) {
  return (
    <Suspense fallback={null}>
      <HelpSpotlightInner menus={menus} pinyinSearch={pinyinSearch} />
    </Suspense>
  );
}

function HelpSpotlightInner({
  menus,
  pinyinSearch,
}: {
  menus: SearchableMenu[];
  pinyinSearch: boolean;
}) {
  const { t, i18n } = useTranslation('help');
  const api = useApi();
  const navigate = useNavigate();
  const { opened } = useSpotlight(helpSpotlightStore);
  const [query, setQuery] = useState('');
  const [articleId, setArticleId] = useState<number | null>(null);
  const keyword = query.trim();
  const [debounced] = useDebouncedValue(keyword, SEARCH_DEBOUNCE_MS);
  const pinyin = pinyinSearch && i18n.language === 'zh';

  const matchedMenus = useMemo(
    () => filterMenus(menus, keyword, { pinyin }).slice(0, MENU_LIMIT),
    [menus, keyword, pinyin],
  );
  const search = useQuery({
    ...helpQueries.search(api, debounced),
    enabled: opened && debounced.length > 0,
    placeholderData: keepPreviousData,
    meta: { inlineErrors: true },
  });
  const popular = useQuery({
    ...helpQueries.list(api, { page: 1, limit: POPULAR_LIMIT }),
    enabled: opened,
    meta: { inlineErrors: true },
  });

  // While the typed keyword has not reached the server yet, its articles are still coming.
  const searching = keyword.length > 0 && (keyword !== debounced || search.isFetching);
  const articles = keyword
    ? searching
      ? []
      : (search.data?.helpCenterList ?? []).map((hit) => ({
          id: hit.id,
          title: hit.title,
          description: hit.excerpt,
        }))
    : (popular.data?.records ?? []).map((article) => ({
        id: article.id,
        title: article.title,
        description: undefined,
      }));
  // The group's label is drawn by CSS; role and aria-label give it to assistive technology too.
  const articlesLabel = keyword ? t('groups.articles') : t('groups.popular');
  const loading = searching || (!keyword && popular.isPending && opened);
  const failed = keyword ? !searching && search.isError : popular.isError;
  const nothing =
    keyword.length > 0 && !searching && matchedMenus.length === 0 && articles.length === 0;

  return (
    <>
      <Spotlight.Root
        store={helpSpotlightStore}
        query={query}
        onQueryChange={setQuery}
        shortcut={['mod + K']}
        scrollable
        maxHeight={440}
      >
        <Spotlight.Search
          placeholder={t('fields.searchPlaceholder')}
          aria-label={t('fields.search')}
          leftSection={<IconSearch size={18} stroke={1.6} />}
        />
        <Spotlight.ActionsList data-testid="help-spotlight">
          {matchedMenus.length > 0 && (
            <Spotlight.ActionsGroup
              label={t('groups.menus')}
              role="group"
              aria-label={t('groups.menus')}
            >
              {matchedMenus.map((menu) => (
                <Spotlight.Action
                  key={`menu:${menu.path}`}
                  label={menu.title}
                  description={menu.parents?.length ? menu.parents.join(' / ') : undefined}
                  leftSection={<IconArrowRight size={18} stroke={1.6} />}
                  onClick={() => void navigate({ href: menu.path })}
                  data-testid="help-menu-action"
                />
              ))}
            </Spotlight.ActionsGroup>
          )}
          {articles.length > 0 && (
            <Spotlight.ActionsGroup label={articlesLabel} role="group" aria-label={articlesLabel}>
              {articles.map((article) => (
                <Spotlight.Action
                  key={`article:${article.id}`}
                  label={article.title}
                  description={article.description}
                  leftSection={<IconFileText size={18} stroke={1.6} />}
                  onClick={() => setArticleId(article.id)}
                  data-testid="help-article-action"
                />
              ))}
            </Spotlight.ActionsGroup>
          )}
          {loading && (
            <Group gap="xs" px="md" py="sm" data-testid="help-searching">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {t('messages.searching')}
              </Text>
            </Group>
          )}
          {failed && !loading && (
            <Text size="sm" c="red" px="md" py="sm">
              {t('messages.searchFailed')}
            </Text>
          )}
          {nothing && !failed && (
            <Spotlight.Empty data-testid="help-empty">
              <Stack align="center" gap={4} py="md">
                <IconZoomQuestion size={28} stroke={1.4} />
                <Text size="sm" fw={500}>
                  {t('messages.empty', { query: keyword })}
                </Text>
                <Text size="xs" c="dimmed" ta="center">
                  {pinyin ? t('messages.emptyHintPinyin') : t('messages.emptyHint')}
                </Text>
              </Stack>
            </Spotlight.Empty>
          )}
          {!keyword && !loading && !failed && articles.length === 0 && menus.length === 0 && (
            <Spotlight.Empty>{t('messages.noArticles')}</Spotlight.Empty>
          )}
        </Spotlight.ActionsList>
        <ShortcutFooter />
      </Spotlight.Root>
      <HelpArticleDrawer articleId={articleId} onClose={() => setArticleId(null)} />
    </>
  );
}

function ShortcutFooter() {
  const { t } = useTranslation('help');
  const keys = useShortcutLabel();
  return (
    <Spotlight.Footer>
      <Group gap={6} justify="flex-end">
        <Text size="xs" c="dimmed">
          {t('title')}
        </Text>
        {keys.map((key) => (
          <Kbd key={key} size="xs">
            {key}
          </Kbd>
        ))}
      </Group>
    </Spotlight.Footer>
  );
}
