import { Anchor, Badge, Checkbox, Group, Image, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { CollectedProduct, CollectStatus } from '@shared/contracts/collector';
import type { SourceSite } from '@shared/contracts/product-draft';
import type { Platform } from '@shared/contracts/shops';
import { placeholderKeys } from '@shared/ui/skeletons';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import classes from './collector.module.css';
import { ClaimShops, SiteMark, useFormats } from './collector-parts';

/** What stands in for a picture that does not load (a grey square with a mountain and sun). */
export const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#f1f3f5"/><circle cx="18" cy="18" r="4" fill="#ced4da"/><path d="M8 38l11-12 7 8 5-5 9 9z" fill="#ced4da"/></svg>',
)}`;

/** A product's first picture, small; a placeholder when it has none or it fails to load. */
export function Thumbnail({ src, size = 56 }: { src: string | null; size?: number }) {
  return src ? (
    <Image
      src={src}
      alt=""
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      className={classes.thumbnail}
      referrerPolicy="no-referrer"
      loading="lazy"
      fallbackSrc={IMAGE_PLACEHOLDER}
    />
  ) : (
    <div className={classes.thumbnailEmpty} style={{ width: size, height: size }} aria-hidden>
      <IconPhoto size={size / 2.5} stroke={1.4} />
    </div>
  );
}

/**
 * One page of collected products: picture, title (to the detail), site, price range in its
 * currency, SKU count, when it was collected and, for claimed ones, the shops it went to. Rows
 * can be selected one by one or all at once.
 */
export function CollectorTable({
  records,
  status,
  siteIcons,
  platformIcons,
  selected,
  selectable,
  onToggle,
  onToggleAll,
}: {
  records: readonly CollectedProduct[];
  status: CollectStatus;
  siteIcons: Record<SourceSite, string>;
  platformIcons: Partial<Record<Platform, string>>;
  selected: ReadonlySet<string>;
  /** Whether any bulk action is allowed (otherwise no selection column). */
  selectable: boolean;
  onToggle(product: CollectedProduct, checked: boolean): void;
  onToggleAll(checked: boolean): void;
}) {
  const { t } = useTranslation('collector');
  const format = useFormats();
  const onPage = records.filter((record) => selected.has(record.id)).length;
  const all = records.length > 0 && onPage === records.length;
  return (
    <Table.ScrollContainer minWidth={status === 'claimed' ? 1100 : 920} type="native">
      <Table verticalSpacing="sm" highlightOnHover data-testid="collect-table">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('list.selectAll')}
                  checked={all}
                  indeterminate={onPage > 0 && !all}
                  onChange={(event) => onToggleAll(event.currentTarget.checked)}
                  data-testid="collect-select-all"
                />
              </Table.Th>
            )}
            <Table.Th>{t('columns.product')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('columns.site')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('columns.price')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('columns.skus')}</Table.Th>
            <Table.Th className={classes.nowrap}>{t('columns.collectedAt')}</Table.Th>
            {status === 'claimed' && (
              <Table.Th className={classes.nowrap}>{t('columns.claimedTo')}</Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.map((product) => {
            const checked = selected.has(product.id);
            const price = format.range(product.priceMin, product.priceMax, product.currency);
            return (
              <Table.Tr
                key={product.id}
                data-testid="collect-row"
                data-id={product.id}
                bg={checked ? 'var(--mantine-primary-color-light)' : undefined}
              >
                {selectable && (
                  <Table.Td>
                    <Checkbox
                      aria-label={t('list.select', { title: product.title })}
                      checked={checked}
                      onChange={(event) => onToggle(product, event.currentTarget.checked)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap="sm" wrap="nowrap" miw={280}>
                    <Thumbnail src={product.image} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/product/collectorDetails"
                            search={{ id: product.id }}
                          />
                        )}
                        size="sm"
                        fw={600}
                        lineClamp={2}
                        data-testid="collect-title"
                      >
                        {product.title}
                      </Anchor>
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
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <SiteMark site={product.site} src={siteIcons[product.site]} />
                </Table.Td>
                <Table.Td>
                  <Text
                    size="sm"
                    c={price ? undefined : 'dimmed'}
                    className={classes.nowrap}
                    data-testid="collect-price"
                  >
                    {price ?? t('list.noPrice')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{product.skuCount}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{format.dateTime(product.collectedAt)}</Text>
                </Table.Td>
                {status === 'claimed' && (
                  <Table.Td>
                    <ClaimShops claims={product.claims} icons={platformIcons} />
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
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
