import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { CollectedProductDetail } from '@shared/contracts/collector';
import { useCollectedProduct } from '@shared/queries/collector';
import { EmptyState } from '@shared/ui/empty-state';
import { SkeletonRows } from '@shared/ui/skeletons';
import {
  IconArrowLeft,
  IconExternalLink,
  IconPackageImport,
  IconPackageOff,
} from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { Permission, usePermission } from '../../components/permission';
import { PlatformIcon, usePlatformIcons } from '../../components/platform-icon';
import { Thumbnail } from '../../components/product-cell';
import { ClaimDialog } from './collector-claim-dialog';
import { CollectedEditForm } from './collector-edit-form';
import { ConfidenceMark, SiteMark, useFormats, useSiteIcons } from './collector-parts';
import { validateCollectorDetailsSearch } from './collector-route-search';
import { ShareLinkButton } from './collector-share-button';
import { SourceSnapshot } from './collector-snapshot';

function BackLink() {
  const { t } = useTranslation('collector');
  return (
    <Anchor component={Link} to="/product/collectorList" size="sm" data-testid="collect-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('details.back')}
      </Group>
    </Anchor>
  );
}

/** Title, site, source link, status and where it was claimed, with the claim button. */
function DetailHeader({ detail, onClaim }: { detail: CollectedProductDetail; onClaim(): void }) {
  const { t } = useTranslation('collector');
  const format = useFormats();
  const siteIcons = useSiteIcons();
  const platformIcons = usePlatformIcons();
  const price = format.range(detail.priceMin, detail.priceMax, detail.currency);
  return (
    <Card withBorder radius="lg" padding="lg">
      <Group align="flex-start" gap="lg" wrap="nowrap">
        <Box visibleFrom="sm">
          <Thumbnail src={detail.image} size={96} />
        </Box>
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Title order={2} size="h3" lineClamp={2} data-testid="collect-detail-title">
                  {detail.title}
                </Title>
                <ConfidenceMark draft={detail.draft} field="title" />
              </Group>
              <Group gap="sm" wrap="wrap">
                <SiteMark site={detail.site} src={siteIcons[detail.site]} />
                <Badge
                  variant="light"
                  color={detail.status === 'claimed' ? 'green' : 'gray'}
                  data-testid="collect-detail-status"
                >
                  {t(`tabs.${detail.status}`)}
                </Badge>
                {detail.edited && (
                  <Badge variant="outline" color="gray">
                    {t('list.edited')}
                  </Badge>
                )}
                <Anchor
                  href={detail.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  data-testid="collect-source-link"
                >
                  <Group gap={4} component="span">
                    {t('details.source')}
                    <IconExternalLink size={14} aria-hidden />
                  </Group>
                </Anchor>
              </Group>
            </Stack>
            <Group gap="xs">
              <ShareLinkButton productId={detail.id} />
              <Permission value="claim">
                <Button
                  leftSection={<IconPackageImport size={16} />}
                  onClick={onClaim}
                  data-testid="collect-detail-claim"
                >
                  {t('actions.claim')}
                </Button>
              </Permission>
            </Group>
          </Group>
          <Group gap="lg" wrap="wrap" style={{ rowGap: 2 }}>
            <Text size="sm" c="dimmed">
              {t('details.itemId', { id: detail.itemId })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('details.price', { price: price ?? t('list.noPrice') })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('details.collectedAt', { time: format.dateTime(detail.collectedAt) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('details.updatedAt', { time: format.dateTime(detail.updatedAt) })}
            </Text>
          </Group>
          {detail.claims.length > 0 && (
            <Group gap="xs" wrap="wrap" data-testid="collect-detail-claims">
              <Text size="sm" fw={500}>
                {t('details.claimedTo')}
              </Text>
              {detail.claims.map((claim) => (
                <Badge
                  key={`${claim.shopId}-${claim.productId}`}
                  variant="outline"
                  color="gray"
                  tt="none"
                  fw={500}
                  leftSection={
                    <PlatformIcon
                      platform={claim.platform}
                      iconUrl={platformIcons[claim.platform]}
                      size={14}
                    />
                  }
                >
                  {t('details.claim', {
                    shop: claim.shopName,
                    time: format.dateTime(claim.claimedAt),
                  })}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * A collected product (spec section 2: /product/collectorDetails?id=): what was read from the
 * source page, edited before claiming (button `edit`) and claimed into shops (button `claim`),
 * with the source snapshot kept read-only beside it.
 */
export function CollectorDetailsPage() {
  const { t } = useTranslation(['collector', 'common']);
  const { id } = validateCollectorDetailsSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const detail = useCollectedProduct(id);
  const canEdit = usePermission('edit');
  const [claiming, setClaiming] = useState(false);

  if (!id || (detail.isError && isMissing(detail.error))) {
    return (
      <Stack gap="lg">
        <BackLink />
        <Card withBorder radius="lg" padding="lg" data-testid="collect-detail-missing">
          <EmptyState
            icon={<IconPackageOff size={28} />}
            title={t('details.missingTitle')}
            hint={t('details.missingHint')}
            py={48}
          />
        </Card>
      </Stack>
    );
  }
  if (detail.isPending) {
    return (
      <Stack gap="lg" aria-busy="true" data-testid="collect-detail-loading">
        <BackLink />
        <Skeleton height={140} radius="lg" />
        <SkeletonRows rows={6} height={36} />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="lg">
        <BackLink />
        <LoadFailed
          title={t('details.loadError')}
          retrying={detail.isFetching}
          onRetry={() => detail.refetch()}
        />
      </Stack>
    );
  }
  const product = detail.data;
  return (
    <Stack gap="lg">
      <BackLink />
      <DetailHeader detail={product} onClaim={() => setClaiming(true)} />
      <CollectedEditForm key={product.id} detail={product} canEdit={canEdit} />
      <SourceSnapshot original={product.original} />
      <ClaimDialog opened={claiming} products={[product]} onClose={() => setClaiming(false)} />
    </Stack>
  );
}

/** Whether the failure says the product is not there (deleted, someone else's, a bad id). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.key === 'NOT_FOUND' ||
      error.key === 'RECORD_NOT_FOUND' ||
      error.key === 'VALIDATION_FAILED' ||
      error.status === 404)
  );
}
