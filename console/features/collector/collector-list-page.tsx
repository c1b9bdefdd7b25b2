import {
  Badge,
  Button,
  Card,
  Chip,
  Group,
  List,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { CollectedProduct } from '@shared/contracts/collector';
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
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { ListKeyword } from '../../components/list-keyword';
import { ListPage } from '../../components/list-page';
import { Permission, usePermission } from '../../components/permission';
import { usePlatformIcons } from '../../components/platform-icon';
import { useListPage } from '../../components/use-list-page';
import { useListSelection } from '../../components/use-list-selection';
import { useExtensionPresence } from '../../platform/extension-state';
import classes from './collector.module.css';
import { ClaimDialog } from './collector-claim-dialog';
import { DownloadDialog } from './collector-download-dialog';
import { SiteIcon, useSiteIcons } from './collector-parts';
import { validateCollectorListSearch } from './collector-route-search';
import { SettingsDialog } from './collector-settings-dialog';
import { CollectorTableSkeleton, DETAILS_URL, useCollectorColumns } from './collector-table';
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
 * address with the page, and remembered for this browser tab), selected across pages and claimed
 * into shops or deleted in bulk. The plug-in's download, settings and collection by address start
 * here too.
 */
export function CollectorListPage() {
  const { t } = useTranslation(['collector', 'common']);
  const navigate = useNavigate();
  const list = useListPage({
    to: MENU_URL,
    paging: 'cursor',
    validate: validateCollectorListSearch,
    tab: { key: 'status', initial: 'unclaimed' },
    filters: ['keyword', 'site'],
    pageSize: PAGE_SIZE,
    remember: true,
    query: ({ keyword, site }, status) => ({
      status,
      ...(keyword ? { keyword } : {}),
      ...(site ? { site } : {}),
    }),
  });
  const { search } = list;
  const status = list.tab;
  const canClaim = usePermission('claim');
  const canDelete = usePermission('delete');
  const canDownload = usePermission('download');
  // The plug-in settings are the main account's (its sub-accounts claim with them).
  const isMain = useSession()?.user.isMain ?? false;
  const siteIcons = useSiteIcons();
  const platformIcons = usePlatformIcons();
  const columns = useCollectorColumns({ status, siteIcons, platformIcons });

  const products = useCollectedProducts(list.params);
  const counts = products.data?.counts;
  // Chosen products stay chosen across pages while the tab and filters stay.
  const selection = useListSelection<CollectedProduct>(list.scope, (product) => product.id);
  const chosen = selection.rows;

  const [dialog, setDialog] = useState<Dialog>(null);
  const [urlText, setUrlText] = useState('');
  const close = () => setDialog(null);
  const remove = useDeleteCollected();
  const openDownload = canDownload ? () => setDialog('download') : undefined;

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
        <ListPage
          list={list}
          query={products}
          rows={(data) => data.records}
          rowKey={(product) => product.id}
          total={(data) => data.total}
          cursors={(data) => ({ next: data.next, previous: data.previous })}
          testId="collect"
          words={{
            total: (count) => t('list.total', { count }),
            pagination: t('list.pagination'),
            loadError: t('list.loadError'),
            filteredTitle: t('empty.filteredTitle'),
            filteredHint: t('empty.filteredHint'),
            clearFilters: t('actions.clearFilters'),
          }}
          tabs={(['unclaimed', 'claimed'] as const).map((value) => ({
            value,
            label: t(`tabs.${value}`),
            count: counts?.[value],
          }))}
          filters={
            <>
              <ListKeyword
                value={search.keyword}
                onSubmit={(keyword) => list.set({ keyword: keyword || undefined })}
                label={t('filters.keyword')}
                placeholder={t('filters.keywordPlaceholder')}
                busy={products.isFetching && !products.isPending}
              />
              <ScrollArea type="never" maw="100%">
                <Chip.Group
                  multiple={false}
                  value={search.site ?? 'all'}
                  onChange={(value) =>
                    list.set({ site: value === 'all' ? undefined : (value as SourceSite) })
                  }
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
            </>
          }
          loading={<CollectorTableSkeleton />}
          empty={(data) =>
            status === 'unclaimed' && data.counts.claimed === 0 ? (
              <HowToCollect onDownload={openDownload} onByUrl={() => setDialog('byUrl')} />
            ) : (
              <EmptyState
                icon={<IconPackageImport size={28} />}
                title={
                  status === 'unclaimed' ? t('empty.allClaimedTitle') : t('empty.claimedTitle')
                }
                hint={status === 'unclaimed' ? t('empty.allClaimedHint') : t('empty.claimedHint')}
                py={48}
              />
            )
          }
          {...(canClaim || canDelete
            ? {
                bulk: {
                  state: selection,
                  pageLabel: t('list.selectAll'),
                  rowLabel: (product: CollectedProduct) =>
                    t('list.select', { title: product.title }),
                  noneSelected: t('bulk.noneSelected'),
                  actions: (
                    <>
                      <Permission value="claim">
                        <Button
                          leftSection={<IconPackageImport size={16} />}
                          disabled={chosen.length === 0}
                          onClick={() => setDialog('claim')}
                          data-testid="collect-claim"
                        >
                          {t('actions.claim')}
                        </Button>
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
                    </>
                  ),
                },
              }
            : {})}
          table={{
            columns,
            label: t(`tabs.${status}`),
            testId: 'collect-table',
            minWidth: status === 'claimed' ? 1100 : 920,
            rowProps: (product) => ({ 'data-testid': 'collect-row', 'data-id': product.id }),
            onRowOpen: (product) => void navigate({ to: DETAILS_URL, search: { id: product.id } }),
          }}
        />
      </Card>

      <ClaimDialog
        opened={dialog === 'claim'}
        products={chosen}
        onClose={close}
        onClaimed={selection.clear}
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
                selection.clear();
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
