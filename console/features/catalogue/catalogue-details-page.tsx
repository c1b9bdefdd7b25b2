import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { CatalogueProductDetail } from '@shared/contracts/catalogue';
import { formatDate } from '@shared/i18n/format';
import { useCatalogueProduct } from '@shared/queries/catalogue';
import { EmptyState } from '@shared/ui/empty-state';
import { SafeHtml } from '@shared/ui/safe-html';
import { SkeletonRows } from '@shared/ui/skeletons';
import {
  IconArrowLeft,
  IconExternalLink,
  IconPackageImport,
  IconPackageOff,
  IconStarFilled,
} from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { Permission } from '../../components/permission';
import { Thumbnail } from '../../components/product-cell';
import classes from './catalogue.module.css';
import { AddToCartForm } from './catalogue-cart';
import { ChooseDialog } from './catalogue-choose-dialog';
import { CategoryPath, SiteStockBadges, titleOf, useFormats } from './catalogue-parts';
import { validateCatalogueDetailsSearch } from './catalogue-route-search';

const LIST_URL = '/product/thirdProductList';

function BackLink() {
  const { t } = useTranslation('catalogue');
  return (
    <Anchor component={Link} to={LIST_URL} size="sm" data-testid="catalogue-back">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} />
        {t('details.back')}
      </Group>
    </Anchor>
  );
}

/** The product's pictures: one large, the others as buttons that bring theirs forward. */
function Pictures({ images, cover }: { images: readonly string[]; cover: string | null }) {
  const { t } = useTranslation('catalogue');
  const all = images.length > 0 ? images : cover ? [cover] : [];
  const [shown, setShown] = useState(0);
  const current = all[shown] ?? null;
  return (
    <Stack gap="xs">
      {current ? (
        <Image
          src={current}
          alt=""
          radius="md"
          fit="contain"
          h={320}
          referrerPolicy="no-referrer"
          data-testid="details-image"
        />
      ) : (
        <Thumbnail src={null} size={320} />
      )}
      {all.length > 1 && (
        <div className={classes.gallery}>
          {all.map((src, index) => (
            <UnstyledButton
              key={src}
              onClick={() => setShown(index)}
              aria-label={t('details.picture', { index: index + 1 })}
              aria-pressed={index === shown}
            >
              <img src={src} alt="" className={classes.galleryImage} referrerPolicy="no-referrer" />
            </UnstyledButton>
          ))}
        </div>
      )}
    </Stack>
  );
}

/** Title, origin, figures and the choose button. */
function Summary({ detail, onChoose }: { detail: CatalogueProductDetail; onChoose(): void }) {
  const { t } = useTranslation(['catalogue', 'common']);
  const format = useFormats();
  const title = titleOf(detail, format.language);
  const others = (['zh', 'th', 'en'] as const)
    .map((language) => detail.titles[language])
    .filter((other): other is string => other !== null && other !== title);
  const facts: { label: string; value: React.ReactNode; testId?: string }[] = [
    {
      label: t('columns.price'),
      value: format.range(detail.priceMin, detail.priceMax, detail.currency),
      testId: 'details-price',
    },
    { label: t('columns.sales'), value: format.number(detail.salesCount) },
    {
      label: t('columns.stock'),
      value:
        detail.stockBySite.length > 0 ? (
          <SiteStockBadges stock={detail.stockBySite} />
        ) : (
          format.number(detail.stock)
        ),
    },
    { label: t('details.shipsFrom'), value: t(`common:sites.${detail.shipsFrom}`) },
    { label: t('columns.listedAt'), value: formatDate(detail.listedAt, format.language) },
    ...(detail.brand ? [{ label: t('details.brand'), value: detail.brand }] : []),
    ...(detail.model ? [{ label: t('details.model'), value: detail.model }] : []),
  ];
  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" tt="none" data-testid="details-source">
          {t(`sources.${detail.source}`)}
        </Badge>
        {detail.sourceSite && (
          <Badge variant="light" color="gray" tt="none">
            {t(`sourceSites.${detail.sourceSite}`)}
          </Badge>
        )}
        {detail.chosenShopIds.length > 0 && (
          <Badge variant="light" color="green" tt="none" data-testid="details-chosen">
            {t('details.chosen', { count: detail.chosenShopIds.length })}
          </Badge>
        )}
      </Group>
      <Title order={2} size="h3" data-testid="details-title">
        {title}
      </Title>
      {others.map((other) => (
        <Text key={other} size="sm" c="dimmed">
          {other}
        </Text>
      ))}
      <CategoryPath path={detail.categoryPath} />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        {facts.map((fact) => (
          <Stack key={fact.label} gap={0}>
            <Text size="xs" c="dimmed">
              {fact.label}
            </Text>
            <Box fz="sm" fw={500} data-testid={fact.testId}>
              {fact.value}
            </Box>
          </Stack>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <Permission value="claim">
          <Button
            leftSection={<IconPackageImport size={16} />}
            onClick={onChoose}
            data-testid="details-choose"
          >
            {t('actions.choose')}
          </Button>
        </Permission>
        {detail.sourceUrl && (
          <Button
            component="a"
            href={detail.sourceUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            leftSection={<IconExternalLink size={16} />}
          >
            {t('details.source')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** Who sells it: name, where from, rating and how many products, with their list. */
function SupplierCard({ supplier }: { supplier: NonNullable<CatalogueProductDetail['supplier']> }) {
  const { t } = useTranslation(['catalogue', 'common']);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="details-supplier">
      <Stack gap={6}>
        <Text fw={600}>{t('details.supplier')}</Text>
        <Text size="sm">{supplier.name}</Text>
        <Group gap="md">
          <Text size="xs" c="dimmed">
            {t('list.shipsFrom', { site: t(`common:sites.${supplier.site}`) })}
          </Text>
          {supplier.rating !== null && (
            <Group gap={4}>
              <IconStarFilled size={12} color="var(--mantine-color-yellow-6)" />
              <Text size="xs">{(supplier.rating / 10).toFixed(1)}</Text>
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {t('details.supplierProducts', { count: supplier.productCount })}
          </Text>
        </Group>
        <Anchor
          renderRoot={(props) => (
            <Link
              {...props}
              to={LIST_URL}
              search={{ source: 'supplier', supplierId: supplier.id }}
            />
          )}
          size="sm"
          data-testid="details-supplier-link"
        >
          {t('details.supplierMore')}
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * One catalogue or mall product (spec section 2: /product/thirdDetails): pictures, titles,
 * category, prices, stock (per warehouse site for direct sale), its supplier, its SKUs with a
 * quantity each for the cart, the description, and the choice into shops.
 */
export function CatalogueDetailsPage() {
  const { t } = useTranslation('catalogue');
  const { id } = validateCatalogueDetailsSearch(useSearch({ strict: false }));
  const detail = useCatalogueProduct(id);
  const [choosing, setChoosing] = useState(false);

  if (!id || (detail.error instanceof ApiError && detail.error.key === 'RECORD_NOT_FOUND'))
    return (
      <Stack gap="md">
        <BackLink />
        <EmptyState
          icon={<IconPackageOff size={28} />}
          title={t('details.missingTitle')}
          hint={t('details.missingHint')}
        />
      </Stack>
    );
  if (detail.isPending)
    return (
      <Stack gap="md" data-testid="details-loading">
        <BackLink />
        <SkeletonRows rows={8} height={32} />
      </Stack>
    );
  if (detail.isError)
    return (
      <Stack gap="md">
        <BackLink />
        <LoadFailed
          title={t('details.loadError')}
          retrying={detail.isFetching}
          onRetry={() => void detail.refetch()}
        />
      </Stack>
    );
  const product = detail.data;
  return (
    <Stack gap="lg" data-testid="catalogue-details">
      <BackLink />
      <Card withBorder radius="lg" padding="lg">
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Pictures images={product.images} cover={product.cover} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Summary detail={product} onChoose={() => setChoosing(true)} />
          </Grid.Col>
        </Grid>
      </Card>
      {product.supplier && <SupplierCard supplier={product.supplier} />}
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Text fw={600}>{t('details.skus')}</Text>
          <AddToCartForm product={product} />
        </Stack>
      </Card>
      {(product.descriptionHtml || product.shortDescription) && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Text fw={600}>{t('details.description')}</Text>
            {product.shortDescription && <Text size="sm">{product.shortDescription}</Text>}
            {product.descriptionHtml && (
              <SafeHtml html={product.descriptionHtml} className={classes.description} />
            )}
          </Stack>
        </Card>
      )}
      <ChooseDialog opened={choosing} products={[product]} onClose={() => setChoosing(false)} />
    </Stack>
  );
}
