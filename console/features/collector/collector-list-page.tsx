import {
  Badge,
  Box,
  Button,
  Card,
  Chip,
  CloseButton,
  Group,
  List,
  Loader,
  Pagination,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import type { CollectedProduct, CollectStatus } from '@shared/contracts/collector';
import { SOURCE_SITES, type SourceSite } from '@shared/contracts/product-draft';
import { useCollectedProducts, useDeleteCollected } from '@shared/queries/collector';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { toast } from '@shared/ui/toast';
import {
  IconBox,
  IconDownload,
  IconLink,
  IconPackageImport,
  IconPlugConnected,
  IconPlugConnectedX,
  IconSearch,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { FilteredEmpty, LoadFailed } from '../../components/list-states';
import { Permission, usePermission } from '../../components/permission';
import { usePlatformIcons } from '../../components/platform-icon';
import { useExtensionPresence } from '../../platform/extension-state';
import classes from './collector.module.css';
import { ClaimDialog } from './collector-claim-dialog';
import { DownloadDialog } from './collector-download-dialog';
import { SiteIcon, useSiteIcons } from './collector-parts';
import { type CollectorListSearch, validateCollectorListSearch } from './collector-route-search';
import { SettingsDialog } from './collector-settings-dialog';
import { CollectorTable, CollectorTableSkeleton } from './collector-table';
import { CollectByUrlDialog } from './collector-url-dialog';

const MENU_URL = '/product/collectorList';
const PAGE_SIZE = 20;

type Dialog = 'claim' | 'delete' | 'download' | 'byUrl' | 'settings' | null;

/** Whether the plug-in answers in this browser, in the page's header. */
function PluginBadge({ onClick }: { onClick?: (() => void) | undefined }) {
  const { t } = useTranslation('collector');
  const presence = useExtensionPresence();
  const label = presence.present
    ? presence.version
      ? t('plugin.detectedVersion', { version: presence.version })
      : t('plugin.detected')
    : t('plugin.notDetected');
  return (
    <Badge
      size="lg"
      variant="light"
      color={presence.present ? 'green' : 'gray'}
      tt="none"
      fw={500}
      leftSection={
        presence.present ? <IconPlugConnected size={14} /> : <IconPlugConnectedX size={14} />
      }
      component={onClick ? 'button' : 'div'}
      onClick={onClick}
      style={onClick ? { cursor: 'pointer' } : undefined}
      data-testid="plugin-badge"
      data-present={presence.present}
    >
      {label}
    </Badge>
  );
}

/** How products get here: the plug-in on a product page, or addresses pasted here. */
function HowToCollect({
  onDownload,
  onByUrl,
}: {
  onDownload?: (() => void) | undefined;
  onByUrl(): void;
}) {
  const { t } = useTranslation('collector');
  return (
    <Stack align="center" gap="md" pb="xl" data-testid="collect-empty">
      <EmptyState
        icon={<IconBox size={28} />}
        title={t('empty.title')}
        hint={t('empty.hint')}
        py={32}
      />
      <List type="ordered" size="sm" spacing={6} maw={460}>
        <List.Item>{t('empty.step1')}</List.Item>
        <List.Item>{t('empty.step2')}</List.Item>
        <List.Item>{t('empty.step3')}</List.Item>
      </List>
      <Group gap="sm">
        {onDownload && (
          <Button leftSection={<IconDownload size={16} />} onClick={onDownload}>
            {t('actions.download')}
          </Button>
        )}
        <Button variant="default" leftSection={<IconLink size={16} />} onClick={onByUrl}>
          {t('actions.byUrl')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The collection box (spec section 2: /product/collectorList): products the plug-in collected,
 * in two tabs (unclaimed, claimed) with counts, searched and filtered by site (all kept in the
 * address with the page), selected and claimed into shops or deleted in bulk. The plug-in's
 * download, settings and collection by address start here too.
 */
export function CollectorListPage() {
  const { t } = useTranslation(['collector', 'common']);
  const search = validateCollectorListSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const navigate = useNavigate();
  const status: CollectStatus = search.status ?? 'unclaimed';
  const page = search.page ?? 1;
  const canClaim = usePermission('claim');
  const canDelete = usePermission('delete');
  const canDownload = usePermission('download');
  // The plug-in settings are the main account's (its sub-accounts claim with them).
  const isMain = useSession()?.user.isMain ?? false;
  const siteIcons = useSiteIcons();
  const platformIcons = usePlatformIcons();

  /** Changes the tab, filters or page in the address (a filter change goes back to page 1). */
  const setSearch = (next: CollectorListSearch, replace = false) =>
    void navigate({ to: MENU_URL, search: validateCollectorListSearch({ ...next }), replace });

  // The search box: typed words apply on Enter.
  const [text, setText] = useState(search.keyword ?? '');
  const [shownKeyword, setShownKeyword] = useState(search.keyword);
  if (shownKeyword !== search.keyword) {
    setShownKeyword(search.keyword);
    setText(search.keyword ?? '');
  }

  const list = useCollectedProducts({
    page,
    limit: PAGE_SIZE,
    status,
    ...(search.keyword ? { keyword: search.keyword } : {}),
    ...(search.site ? { site: search.site } : {}),
  });
  const total = list.data?.total ?? 0;
  const records = list.data?.records ?? [];
  const counts = list.data?.counts;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const filtered = Boolean(search.keyword || search.site);

  // Past the last page (after a delete or claim, or a hand-edited address): show the new last page.
  const pastEnd = list.data !== undefined && !list.isPlaceholderData && page > pages;
  useEffect(() => {
    if (pastEnd) void navigate({ to: MENU_URL, search: { ...search, page: pages }, replace: true });
  }, [pastEnd, navigate, search, pages]);

  // The selection lives while the tab and filters stay (across pages); it starts over otherwise.
  const selectionKey = JSON.stringify([status, search.keyword, search.site]);
  const [selection, setSelection] = useState({
    key: selectionKey,
    products: new Map<string, CollectedProduct>(),
  });
  if (selection.key !== selectionKey) setSelection({ key: selectionKey, products: new Map() });
  const selected = selection.key === selectionKey ? selection.products : new Map();
  const select = (update: (products: Map<string, CollectedProduct>) => void) =>
    setSelection((current) => {
      const products = new Map(current.key === selectionKey ? current.products : []);
      update(products);
      return { key: selectionKey, products };
    });
  const clearSelection = () => setSelection({ key: selectionKey, products: new Map() });

  const [dialog, setDialog] = useState<Dialog>(null);
  const [urlText, setUrlText] = useState('');
  const close = () => setDialog(null);
  const remove = useDeleteCollected();
  const chosen = [...selected.values()];
  const selectable = canClaim || canDelete;

  const openDownload = canDownload ? () => setDialog('download') : undefined;

  let content: ReactNode;
  if (list.isPending) {
    content = <CollectorTableSkeleton />;
  } else if (list.isError) {
    content = (
      <LoadFailed
        title={t('list.loadError')}
        retrying={list.isFetching}
        onRetry={() => list.refetch()}
      />
    );
  } else if (total === 0 && filtered) {
    content = (
      <FilteredEmpty
        title={t('empty.filteredTitle')}
        hint={t('empty.filteredHint')}
        clearLabel={t('actions.clearFilters')}
        onClear={() => setSearch(search.status ? { status: search.status } : {})}
      />
    );
  } else if (total === 0 && status === 'unclaimed' && (counts?.claimed ?? 0) === 0) {
    content = <HowToCollect onDownload={openDownload} onByUrl={() => setDialog('byUrl')} />;
  } else if (total === 0) {
    content = (
      <EmptyState
        icon={<IconPackageImport size={28} />}
        title={status === 'unclaimed' ? t('empty.allClaimedTitle') : t('empty.claimedTitle')}
        hint={status === 'unclaimed' ? t('empty.allClaimedHint') : t('empty.claimedHint')}
        py={48}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <Box
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={list.isPlaceholderData}
        >
          <CollectorTable
            records={records}
            status={status}
            siteIcons={siteIcons}
            platformIcons={platformIcons}
            selected={new Set(selected.keys())}
            selectable={selectable}
            onToggle={(product, checked) =>
              select((products) => {
                if (checked) products.set(product.id, product);
                else products.delete(product.id);
              })
            }
            onToggleAll={(checked) =>
              select((products) => {
                for (const product of records) {
                  if (checked) products.set(product.id, product);
                  else products.delete(product.id);
                }
              })
            }
          />
        </Box>
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" data-testid="collect-total">
            {t('list.total', { count: total })}
          </Text>
          {pages > 1 && (
            <nav aria-label={t('list.pagination')}>
              <Pagination
                value={page}
                onChange={(next) => setSearch({ ...search, page: next })}
                total={pages}
                size="sm"
              />
            </nav>
          )}
        </Group>
      </Stack>
    );
  }

  const tabLabel = (value: CollectStatus) => (
    <Group gap={6} wrap="nowrap">
      <span>{t(`tabs.${value}`)}</span>
      {counts && (
        <Badge
          size="sm"
          variant={value === status ? 'filled' : 'light'}
          color={value === status ? undefined : 'gray'}
          data-testid={`collect-count-${value}`}
        >
          {counts[value]}
        </Badge>
      )}
    </Group>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={2}>{t('title')}</Title>
            <PluginBadge onClick={openDownload} />
          </Group>
          <Text c="dimmed" size="sm">
            {t('intro')}
          </Text>
        </Stack>
        <Group gap="sm" data-testid="collect-toolbar">
          {isMain && (
            <Button
              variant="default"
              leftSection={<IconSettings size={16} />}
              onClick={() => setDialog('settings')}
              data-testid="collect-settings"
            >
              {t('actions.settings')}
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconLink size={16} />}
            onClick={() => setDialog('byUrl')}
            data-testid="collect-by-url"
          >
            {t('actions.byUrl')}
          </Button>
          <Permission value="download">
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={() => setDialog('download')}
              data-testid="collect-download"
            >
              {t('actions.download')}
            </Button>
          </Permission>
        </Group>
      </Group>

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Tabs
            value={status}
            onChange={(value) =>
              setSearch({
                ...(value === 'claimed' ? { status: 'claimed' } : {}),
                ...(search.keyword ? { keyword: search.keyword } : {}),
                ...(search.site ? { site: search.site } : {}),
              })
            }
          >
            <Tabs.List>
              <Tabs.Tab value="unclaimed" data-testid="collect-tab-unclaimed">
                {tabLabel('unclaimed')}
              </Tabs.Tab>
              <Tabs.Tab value="claimed" data-testid="collect-tab-claimed">
                {tabLabel('claimed')}
              </Tabs.Tab>
            </Tabs.List>
          </Tabs>

          <Group gap="sm" wrap="wrap" align="center">
            <TextInput
              aria-label={t('filters.keyword')}
              enterKeyHint="search"
              placeholder={t('filters.keywordPlaceholder')}
              leftSection={<IconSearch size={16} />}
              rightSection={
                list.isFetching && !list.isPending ? (
                  <Loader size={14} />
                ) : text ? (
                  <CloseButton
                    size="sm"
                    aria-label={t('common:actions.reset')}
                    onClick={() => {
                      setText('');
                      const { keyword: _keyword, page: _page, ...rest } = search;
                      setSearch(rest);
                    }}
                  />
                ) : null
              }
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key !== 'Enter') return;
                event.preventDefault();
                const { page: _page, ...rest } = search;
                setSearch({ ...rest, keyword: text.trim() });
              }}
              style={{ flex: '1 1 240px' }}
              maw={360}
            />
            <ScrollArea type="never" maw="100%">
              <Chip.Group
                multiple={false}
                value={search.site ?? 'all'}
                onChange={(value) => {
                  const { site: _site, page: _page, ...rest } = search;
                  setSearch(value === 'all' ? rest : { ...rest, site: value as SourceSite });
                }}
              >
                <Group gap={6} wrap="nowrap" role="radiogroup" aria-label={t('filters.site')}>
                  <Chip value="all" size="sm" data-testid="collect-site-all">
                    {t('filters.allSites')}
                  </Chip>
                  {SOURCE_SITES.map((site) => (
                    <Chip key={site} value={site} size="sm" data-testid={`collect-site-${site}`}>
                      <span className={classes.siteChip}>
                        <SiteIcon site={site} src={siteIcons[site]} size={16} />
                        {t(`sites.${site}`)}
                      </span>
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </ScrollArea>
          </Group>

          {selectable && total > 0 && (
            <Group gap="sm" justify="space-between" data-testid="collect-bulk">
              <Group gap="xs">
                <Text size="sm" data-testid="collect-selected">
                  {t('bulk.selected', { count: chosen.length })}
                </Text>
                {chosen.length > 0 ? (
                  <Button size="compact-sm" variant="subtle" onClick={clearSelection}>
                    {t('bulk.clear')}
                  </Button>
                ) : (
                  <Text size="sm" c="dimmed" data-testid="collect-bulk-reason">
                    {t('bulk.noneSelected')}
                  </Text>
                )}
              </Group>
              <Group gap="sm">
                <Permission value="claim">
                  <Tooltip label={t('bulk.noneSelected')} disabled={chosen.length > 0} withArrow>
                    <Button
                      leftSection={<IconPackageImport size={16} />}
                      disabled={chosen.length === 0}
                      onClick={() => setDialog('claim')}
                      data-testid="collect-claim"
                    >
                      {t('actions.claim')}
                    </Button>
                  </Tooltip>
                </Permission>
                <Permission value="delete">
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={chosen.length === 0}
                    onClick={() => setDialog('delete')}
                    data-testid="collect-delete"
                  >
                    {t('actions.delete')}
                  </Button>
                </Permission>
              </Group>
            </Group>
          )}
          {content}
        </Stack>
      </Card>

      <ClaimDialog
        opened={dialog === 'claim'}
        products={chosen}
        onClose={close}
        onClaimed={clearSelection}
      />
      <ConfirmModal
        opened={dialog === 'delete'}
        title={t('delete.title')}
        message={t('delete.message', { count: chosen.length })}
        confirmLabel={t('delete.confirm')}
        danger
        loading={remove.isPending}
        onClose={close}
        onConfirm={() => {
          remove.mutate(
            chosen.map((product) => product.id),
            {
              onSuccess: ({ deleted }) => {
                toast({ color: 'green', message: t('delete.done', { count: deleted }) });
                clearSelection();
              },
              onSettled: close,
            },
          );
        }}
      />
      {canDownload && <DownloadDialog opened={dialog === 'download'} onClose={close} />}
      <CollectByUrlDialog
        opened={dialog === 'byUrl'}
        text={urlText}
        onText={setUrlText}
        onClose={close}
        {...(openDownload ? { onNeedPlugin: openDownload } : {})}
      />
      {isMain && <SettingsDialog opened={dialog === 'settings'} onClose={close} />}
    </Stack>
  );
}
