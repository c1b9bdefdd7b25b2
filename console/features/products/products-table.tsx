import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../components/list-table';
import { ProductCell } from '../../components/product-cell';
import classes from './products.module.css';
import { EDITOR_URLS, type ProductRow } from './products-data';
import {
  MediaImage,
  ReadinessMark,
  StatusBadge,
  useFailureText,
  useFormats,
} from './products-parts';

/**
 * The product list's columns: picture, title (to its editor) and SKU, shop, price, stock, status
 * (with the platform's reason on a failure and the time of a timed publish), readiness, last
 * change, and the row's actions.
 */
export function useProductColumns({
  onRetry,
  onOpen,
  canPublish,
}: {
  onRetry(row: ProductRow): void;
  onOpen(row: ProductRow): void;
  canPublish: boolean;
}): ListColumn<ProductRow>[] {
  const { t } = useTranslation('products');
  const format = useFormats();
  const failureText = useFailureText();
  const nowrap = { className: classes.nowrap };
  return [
    {
      key: 'product',
      header: t('columns.product'),
      cell: (row) => (
        <ProductCell
          picture={<MediaImage src={row.cover} w={48} h={48} />}
          title={row.title || t('list.untitled')}
          to={EDITOR_URLS[row.platform]}
          id={row.id}
          titleTestId="product-title"
          minWidth={260}
        >
          <Text size="xs" c="dimmed" data-testid="product-sku">
            {row.sku ? t('list.sku', { sku: row.sku }) : t('list.noSku')}
            {row.skuCount > 1 ? ` · ${t('list.skuCount', { count: row.skuCount })}` : ''}
          </Text>
        </ProductCell>
      ),
    },
    {
      key: 'shop',
      header: t('columns.shop'),
      headerProps: nowrap,
      cell: (row) => (
        <Stack gap={0}>
          <Text size="sm" className={classes.nowrap}>
            {row.shopName}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`sites.${row.site}`, { defaultValue: row.site.toUpperCase() })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'price',
      header: t('columns.price'),
      headerProps: nowrap,
      align: 'right',
      cell: (row) => (
        <Text size="sm" className={classes.nowrap} data-testid="product-price">
          {row.priceMin === null || row.priceMax === null
            ? '—'
            : row.priceMin === row.priceMax
              ? format.money(row.priceMin, row.currency)
              : `${format.money(row.priceMin, row.currency)} – ${format.money(row.priceMax, row.currency)}`}
        </Text>
      ),
    },
    {
      key: 'stock',
      header: t('columns.stock'),
      headerProps: nowrap,
      align: 'right',
      cell: (row) => <Text size="sm">{format.number(row.stock)}</Text>,
    },
    {
      key: 'status',
      header: t('columns.status'),
      headerProps: nowrap,
      cell: (row) => (
        <Stack gap={2} align="flex-start">
          <StatusBadge status={row.status} />
          {row.status === 'fail' && row.failure && (
            <Tooltip
              label={`${failureText(row.failure)} (${row.failure.code})`}
              multiline
              w={300}
              withArrow
            >
              <Text size="xs" c="red" lineClamp={2} maw={220} data-testid="product-fail-reason">
                {failureText(row.failure)}
              </Text>
            </Tooltip>
          )}
          {row.status === 'intervalPushing' && row.scheduledAt && (
            <Text size="xs" c="dimmed" data-testid="product-scheduled">
              {t('list.scheduledAt', { time: format.dateTime(row.scheduledAt) })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'readiness',
      header: t('columns.readiness'),
      headerProps: nowrap,
      cell: (row) =>
        ['wait', 'fail', 'intervalPushing'].includes(row.status) ? (
          <ReadinessMark
            errors={row.readiness.errors}
            warnings={row.readiness.warnings}
            onOpen={() => onOpen(row)}
          />
        ) : (
          <Text size="xs" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'updated',
      header: t('columns.updated'),
      headerProps: nowrap,
      cell: (row) => (
        <Text size="xs" c="dimmed" maw={96}>
          {format.dateTime(row.updatedAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      headerProps: nowrap,
      cell: (row) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('actions.edit')} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('actions.editNamed', { title: row.title })}
              renderRoot={(props) => (
                <Link {...props} to={EDITOR_URLS[row.platform]} search={{ id: row.id }} />
              )}
            >
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          {canPublish && row.status === 'fail' && (
            <Tooltip label={t('actions.retry')} withArrow>
              <ActionIcon
                variant="subtle"
                color="orange"
                aria-label={t('actions.retryNamed', { title: row.title })}
                onClick={() => onRetry(row)}
                data-testid="product-retry"
              >
                <IconRefresh size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
}
