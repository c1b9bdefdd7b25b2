import { Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { CollectedProduct, CollectStatus } from '@shared/contracts/collector';
import type { SourceSite } from '@shared/contracts/product-draft';
import type { Platform } from '@shared/contracts/shops';
import { placeholderKeys } from '@shared/ui/skeletons';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../components/list-table';
import { ProductCell, Thumbnail } from '../../components/product-cell';
import classes from './collector.module.css';
import { ClaimShops, SiteMark, useFormats } from './collector-parts';

/** A product's own page. */
export const DETAILS_URL = '/product/collectorDetails';

/**
 * The columns of collected products: picture, title (to the detail), site, price range in its
 * currency, SKU count, when it was collected and, for claimed ones, the shops it went to.
 */
export function useCollectorColumns({
  status,
  siteIcons,
  platformIcons,
}: {
  status: CollectStatus;
  siteIcons: Record<SourceSite, string>;
  platformIcons: Partial<Record<Platform, string>>;
}): ListColumn<CollectedProduct>[] {
  const { t } = useTranslation('collector');
  const format = useFormats();
  const nowrap = { className: classes.nowrap };
  const columns: ListColumn<CollectedProduct>[] = [
    {
      key: 'product',
      header: t('columns.product'),
      cell: (product) => (
        <ProductCell
          picture={<Thumbnail src={product.image} />}
          title={product.title}
          to={DETAILS_URL}
          id={product.id}
          titleTestId="collect-title"
          minWidth={280}
        >
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {t('list.itemId', { id: product.itemId })}
            </Text>
            {product.edited && (
              <Badge size="xs" variant="light" color="gray">
                {t('list.edited')}
              </Badge>
            )}
          </Group>
        </ProductCell>
      ),
    },
    {
      key: 'site',
      header: t('columns.site'),
      headerProps: nowrap,
      cell: (product) => <SiteMark site={product.site} src={siteIcons[product.site]} />,
    },
    {
      key: 'price',
      header: t('columns.price'),
      headerProps: nowrap,
      cell: (product) => {
        const price = format.range(product.priceMin, product.priceMax, product.currency);
        return (
          <Text
            size="sm"
            c={price ? undefined : 'dimmed'}
            className={classes.nowrap}
            data-testid="collect-price"
          >
            {price ?? t('list.noPrice')}
          </Text>
        );
      },
    },
    {
      key: 'skus',
      header: t('columns.skus'),
      headerProps: nowrap,
      cell: (product) => <Text size="sm">{product.skuCount}</Text>,
    },
    {
      key: 'collectedAt',
      header: t('columns.collectedAt'),
      headerProps: nowrap,
      cell: (product) => <Text size="sm">{format.dateTime(product.collectedAt)}</Text>,
    },
  ];
  if (status === 'claimed')
    columns.push({
      key: 'claimedTo',
      header: t('columns.claimedTo'),
      headerProps: nowrap,
      cell: (product) => <ClaimShops claims={product.claims} icons={platformIcons} />,
    });
  return columns;
}

/** The table's shape while the first page loads. */
export function CollectorTableSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" data-testid="collect-loading">
      <Skeleton h={28} radius="sm" />
      {placeholderKeys(rows).map((key) => (
        <Group key={key} gap="md" wrap="nowrap">
          <Skeleton h={20} w={20} radius="sm" />
          <Skeleton h={56} w={56} radius="sm" />
          <Skeleton h={14} w="32%" />
          <Skeleton h={14} w="10%" />
          <Skeleton h={14} w="12%" />
          <Skeleton h={14} w="14%" />
        </Group>
      ))}
    </Stack>
  );
}
