import { ActionIcon, Anchor, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { CatalogueProduct } from '@shared/contracts/catalogue';
import { formatDate } from '@shared/i18n/format';
import { IconPackageImport, IconShoppingCartPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../components/list-table';
import { ProductCell, Thumbnail } from '../../components/product-cell';
import classes from './catalogue.module.css';
import { CategoryPath, SiteStockBadges, titleOf, useFormats } from './catalogue-parts';
import type { CatalogueTab } from './catalogue-route-search';

/** A product's own page. */
export const DETAILS_URL = '/product/thirdDetails';

/**
 * The columns of a catalogue list: picture and title (to the detail, in the interface language
 * when known) with its category path, where it comes from, price, sales, stock (per warehouse
 * site for direct sale), when it was listed, and its actions.
 */
export function useCatalogueColumns({
  tab,
  canChoose,
  onCart,
  onChoose,
  onSupplier,
}: {
  tab: CatalogueTab;
  canChoose: boolean;
  onCart(product: CatalogueProduct): void;
  onChoose(product: CatalogueProduct): void;
  onSupplier(supplierId: string): void;
}): ListColumn<CatalogueProduct>[] {
  const { t } = useTranslation(['catalogue', 'common']);
  const format = useFormats();
  const nowrap = { className: classes.nowrap };
  return [
    {
      key: 'product',
      header: t('columns.product'),
      cell: (product) => (
        <ProductCell
          picture={<Thumbnail src={product.cover} />}
          title={titleOf(product, format.language)}
          to={DETAILS_URL}
          id={product.id}
          titleTestId="catalogue-title"
          minWidth={300}
        >
          <CategoryPath path={product.categoryPath} />
        </ProductCell>
      ),
    },
    {
      key: 'origin',
      header: tab === 'supplier' ? t('columns.supplier') : t('columns.origin'),
      cell: (product) => (
        <Stack gap={2}>
          {product.sourceSite && (
            <Badge size="sm" variant="light" color="gray" tt="none" data-testid="source-site">
              {t(`sourceSites.${product.sourceSite}`)}
            </Badge>
          )}
          {product.supplier && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              ta="left"
              lineClamp={1}
              onClick={() => product.supplier && onSupplier(product.supplier.id)}
              data-testid="supplier-link"
            >
              {product.supplier.name}
            </Anchor>
          )}
          <Text size="xs" c="dimmed" {...nowrap}>
            {t('list.shipsFrom', { site: t(`common:sites.${product.shipsFrom}`) })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'price',
      headerProps: nowrap,
      header: t('columns.price'),
      align: 'right',
      cell: (product) => (
        <Text size="sm" fw={600} {...nowrap} data-testid="catalogue-price">
          {format.range(product.priceMin, product.priceMax, product.currency)}
        </Text>
      ),
    },
    {
      key: 'sales',
      headerProps: nowrap,
      header: t('columns.sales'),
      align: 'right',
      cell: (product) => (
        <Text size="sm" {...nowrap} data-testid="catalogue-sales">
          {format.number(product.salesCount)}
        </Text>
      ),
    },
    {
      key: 'stock',
      headerProps: nowrap,
      header: t('columns.stock'),
      cell: (product) =>
        product.stockBySite.length > 0 ? (
          <SiteStockBadges stock={product.stockBySite} />
        ) : (
          <Text size="sm" c={product.stock > 0 ? undefined : 'red'} {...nowrap}>
            {product.stock > 0 ? format.number(product.stock) : t('list.soldOut')}
          </Text>
        ),
    },
    {
      key: 'listedAt',
      headerProps: nowrap,
      header: t('columns.listedAt'),
      cell: (product) => (
        <Text size="sm" c="dimmed" {...nowrap}>
          {formatDate(product.listedAt, format.language)}
        </Text>
      ),
    },
    {
      key: 'actions',
      headerProps: nowrap,
      header: t('columns.actions'),
      align: 'right',
      cell: (product) => {
        const title = titleOf(product, format.language);
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Tooltip label={t('actions.addToCart')}>
              <ActionIcon
                variant="subtle"
                aria-label={t('actions.addToCartOf', { title })}
                onClick={(event) => {
                  event.stopPropagation();
                  onCart(product);
                }}
                data-testid="row-cart"
              >
                <IconShoppingCartPlus size={18} />
              </ActionIcon>
            </Tooltip>
            {canChoose && (
              <Tooltip label={t('actions.choose')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('actions.chooseOf', { title })}
                  onClick={(event) => {
                    event.stopPropagation();
                    onChoose(product);
                  }}
                  data-testid="row-choose"
                >
                  <IconPackageImport size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        );
      },
    },
  ];
}
