import { Button, Card, Stack } from '@mantine/core';
import type { Platform } from '@shared/contracts/shops';
import { EmptyState } from '@shared/ui/empty-state';
import { SkeletonRows } from '@shared/ui/skeletons';
import { IconPackageOff } from '@tabler/icons-react';
import { Link, Navigate, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { EDITOR_URLS, LIST_URL, type ProductDetail, useProductDetail } from './products-data';

/**
 * What every product page does before its editor: reads the product the address names, says so
 * when it names none or one that is not there, and sends a product of another marketplace to
 * that marketplace's page.
 */
export function ProductPage({
  platform,
  children,
}: {
  platform: Platform;
  children(detail: ProductDetail): ReactNode;
}) {
  const { t } = useTranslation('products');
  const { id } = useSearch({ strict: false }) as { id?: string };
  const detail = useProductDetail(id ?? null);
  if (!id || (detail.isError && !detail.data))
    return !id ? (
      <Missing />
    ) : (
      <Card withBorder radius="lg" padding="lg">
        <LoadFailed
          title={t('editor.loadError')}
          retrying={detail.isFetching}
          onRetry={() => void detail.refetch()}
        />
      </Card>
    );
  if (!detail.data) return <SkeletonRows rows={8} height={48} radius="sm" />;
  if (detail.data.platform !== platform)
    return <Navigate to={EDITOR_URLS[detail.data.platform]} search={{ id }} replace />;
  return <Stack gap="lg">{children(detail.data)}</Stack>;
}

function Missing() {
  const { t } = useTranslation('products');
  return (
    <Card withBorder radius="lg" padding="lg">
      <EmptyState
        icon={<IconPackageOff size={28} />}
        title={t('editor.missingTitle')}
        hint={t('editor.missingHint')}
      />
      <Stack align="center">
        <Button renderRoot={(props) => <Link {...props} to={LIST_URL} />}>
          {t('editor.backToList')}
        </Button>
      </Stack>
    </Card>
  );
}
