import {
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { landedCostPrice, skuProfit } from '@shared/contracts/landed-cost';
import { ruleTable } from '@shared/contracts/product-rules';
import type {
  CategoryAttribute,
  ProductDetail,
  ProductInput,
  ProductSku,
} from '@shared/contracts/products';
import type { Platform } from '@shared/contracts/shops';
import { toast } from '@shared/ui/toast';
import {
  IconCalculator,
  IconCopy,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
  IconWorld,
} from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { Permission } from '../../components/permission';
import { AttributesSection } from './editor-attributes';
import { NumberField, OptionalTextField, TextField } from './editor-fields';
import { ImagesField, SingleMediaField } from './editor-media';
import { ReadinessPanel } from './editor-readiness';
import { LogisticsSection } from './editor-shipping';
import { CopySitesDialog, MultiSiteDialog, SiteListings } from './editor-sites';
import { VariantsSection } from './editor-variants';
import { WholesaleSection } from './editor-wholesale';
import {
  EditorHeading,
  inputOf,
  PublishFailure,
  SaveAndPublish,
  useProductEditing,
} from './product-editing';
import { fieldId, useProductForm } from './product-form';
import classes from './products.module.css';
import { useCategories, useCategoryAttributes, useShopLogistics } from './products-data';
import { useFormats } from './products-parts';
import { PublishDialog } from './publish-dialog';

/** The categories as "Parent › Child › Leaf", the leaves only (a product sits in a leaf). */
function useCategoryOptions(shopId: string) {
  const categories = useCategories(shopId);
  const options = useMemo(() => {
    const list = categories.data ?? [];
    const byId = new Map(list.map((category) => [category.id, category]));
    const pathOf = (id: string): string[] => {
      const names: string[] = [];
      let current = byId.get(id);
      for (let depth = 0; current && depth < 10; depth += 1) {
        names.unshift(current.name);
        current = current.parentId ? byId.get(current.parentId) : undefined;
      }
      return names;
    };
    return list
      .filter((category) => category.leaf)
      .map((category) => ({ value: category.id, label: pathOf(category.id).join(' › ') }));
  }, [categories.data]);
  return { options, loading: categories.isPending };
}

/** A card of the editor with its title, the target of the section links. */
function Section({
  id,
  title,
  children,
  extra,
}: {
  id: string;
  title: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      id={`section-${id}`}
      className={classes.section}
      data-testid={`section-${id}`}
    >
      <Group justify="space-between" mb="md">
        <Title order={4}>{title}</Title>
        {extra}
      </Group>
      {children}
    </Card>
  );
}

/** The profit of a SKU at the price typed, by the shared landed-cost pricing, or why not. */
function ProfitCell({
  detail,
  values,
  sku,
}: {
  detail: ProductDetail;
  values: ProductInput;
  sku: ProductSku;
}) {
  const { t } = useTranslation('products');
  const format = useFormats();
  if (sku.costPrice === null || !Number.isSafeInteger(sku.costPrice))
    return (
      <Text size="xs" c="dimmed" data-testid="sku-profit" data-state="noCost">
        {t('profit.noCost')}
      </Text>
    );
  if (!detail.costing)
    return (
      <Text size="xs" c="dimmed" data-testid="sku-profit" data-state="noRate">
        {t('profit.noRate')}
      </Text>
    );
  if (!Number.isSafeInteger(sku.sellingPrice) || sku.sellingPrice <= 0)
    return (
      <Text size="xs" c="dimmed" data-testid="sku-profit" data-state="noPrice">
        —
      </Text>
    );
  const profit = skuProfit({
    price: sku.sellingPrice,
    costMinor: sku.costPrice,
    weightGrams: Number.isSafeInteger(values.packageWeightGrams) ? values.packageWeightGrams : null,
    dimensionsCm:
      values.packageLengthCm && values.packageWidthCm && values.packageHeightCm
        ? {
            length: values.packageLengthCm,
            width: values.packageWidthCm,
            height: values.packageHeightCm,
          }
        : null,
    rate: detail.costing.rate,
    to: detail.currency,
    template: detail.pricing,
  });
  const margin = Math.round((profit / sku.sellingPrice) * 1000) / 10;
  return (
    <Tooltip
      label={t('profit.hint', {
        rate: detail.costing.rate,
        date: format.dateTime(detail.costing.rateAt),
      })}
      withArrow
      multiline
      w={260}
    >
      <Stack
        gap={0}
        data-testid="sku-profit"
        data-state={profit < 0 ? 'loss' : 'profit'}
        data-profit={profit}
      >
        <Text size="sm" fw={600} c={profit < 0 ? 'red' : 'teal'}>
          {format.money(profit, detail.currency)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('profit.margin', { value: format.number(margin) })}
        </Text>
      </Stack>
    </Tooltip>
  );
}

export interface EditorChrome {
  platform: Exclude<Platform, 'tiktok'>;
}

/** Asks before leaving with unsaved changes. */
function useLeaveGuard(dirty: boolean) {
  const { t } = useTranslation('products');
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    withResolver: true,
    enableBeforeUnload: () => dirty,
  });
  return (
    <ConfirmModal
      opened={blocker.status === 'blocked'}
      title={t('editor.leaveTitle')}
      message={t('editor.leaveMessage')}
      confirmLabel={t('editor.leave')}
      danger
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

/**
 * The Lazada and Shopee editor of one product: every field of its site's rule table, checked by
 * the shared rules as it is saved (each failure on its field, in the reader's words), the
 * publish-readiness check beside it whose lines lead to their fields, live profit per SKU, and
 * publishing (now or timed) with the platform's reason and a retry when it fails.
 */
export function ProductEditor({
  detail,
  platform,
}: {
  detail: ProductDetail;
  platform: EditorChrome['platform'];
}) {
  const { t } = useTranslation(['products', 'common']);
  const format = useFormats();
  const table = useMemo(() => ruleTable(platform, detail.site), [platform, detail.site]);
  const form = useProductForm(inputOf(detail));
  const { values } = form;
  const categories = useCategoryOptions(detail.shopId);
  const attributes = useCategoryAttributes(detail.shopId, values.categoryId);
  const editing = useProductEditing(detail, form, table, attributes.data);
  const { bind, save, act, readiness, liveReadiness, readOnly } = editing;
  const logistics = useShopLogistics(detail.shopId, platform === 'shopee');
  const [dialog, setDialog] = useState<'publish' | 'copy' | 'multiSite' | 'delist' | null>(null);
  const locked = readOnly;
  const leaveGuard = useLeaveGuard(form.dirty && !save.isPending);

  /** Applies the shop's pricing template to every SKU with a CNY cost. */
  function applyPricing() {
    if (!detail.costing) return;
    const costing = detail.costing;
    let changed = 0;
    const skus = values.skus.map((sku) => {
      if (sku.costPrice === null) return sku;
      changed += 1;
      const priced = landedCostPrice({
        costMinor: sku.costPrice,
        weightGrams: values.packageWeightGrams,
        dimensionsCm:
          values.packageLengthCm && values.packageWidthCm && values.packageHeightCm
            ? {
                length: values.packageLengthCm,
                width: values.packageWidthCm,
                height: values.packageHeightCm,
              }
            : null,
        rate: costing.rate,
        to: detail.currency,
        template: detail.pricing,
      });
      return { ...sku, sellingPrice: priced.sellingPrice, originalPrice: priced.originalPrice };
    });
    form.set('skus', skus);
    toast({
      color: changed ? 'green' : 'blue',
      message: changed ? t('profit.applied', { count: changed }) : t('profit.nothingToPrice'),
    });
  }

  return (
    <Stack gap="lg" data-testid="product-editor" data-platform={platform}>
      {leaveGuard}
      <Group justify="space-between" align="flex-start" gap="md">
        <EditorHeading detail={detail} platform={platform} />
        <Group gap="sm">
          {detail.status === 'online' && (
            <Permission value="publish">
              <Button
                variant="default"
                leftSection={<IconPlayerStop size={16} />}
                onClick={() => setDialog('delist')}
                data-testid="editor-delist"
              >
                {t('actions.delist')}
              </Button>
            </Permission>
          )}
          {detail.status === 'offline' && (
            <Permission value="publish">
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => void editing.setListed('activate')}
                data-testid="editor-activate"
              >
                {t('actions.activate')}
              </Button>
            </Permission>
          )}
          {platform === 'lazada' && (
            <Button
              variant="default"
              leftSection={<IconCopy size={16} />}
              onClick={() => setDialog('copy')}
              data-testid="editor-copy"
            >
              {t('actions.copySites')}
            </Button>
          )}
          {platform === 'lazada' && detail.site === 'my' && (
            <Button
              variant="default"
              leftSection={<IconWorld size={16} />}
              onClick={() => setDialog('multiSite')}
              data-testid="editor-six-in-one"
            >
              {t('actions.sixInOne')}
            </Button>
          )}
          <SaveAndPublish
            detail={detail}
            editing={editing}
            onPublish={() => setDialog('publish')}
          />
        </Group>
      </Group>

      {locked && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconRefresh size={18} />}
          data-testid="editor-pushing"
        >
          {detail.status === 'intervalPushing' && detail.scheduledAt ? (
            <Group justify="space-between">
              <Text size="sm">
                {t('publish.scheduledFor', { time: format.dateTime(detail.scheduledAt) })}
              </Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => void act({ action: 'cancelSchedule', ids: [detail.id] })}
                data-testid="editor-cancel-schedule"
              >
                {t('publish.cancelSchedule')}
              </Button>
            </Group>
          ) : (
            t('publish.pushing')
          )}
        </Alert>
      )}
      <PublishFailure detail={detail} />

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Section id="basic" title={t('sections.basic')}>
              <Stack gap="md">
                <Select
                  id={fieldId('categoryId')}
                  data-field-box
                  label={t('fields.category')}
                  required
                  searchable
                  data={categories.options}
                  value={values.categoryId}
                  placeholder={
                    categories.loading ? t('editor.loading') : t('editor.chooseCategory')
                  }
                  readOnly={readOnly}
                  error={form.errors.categoryId}
                  nothingFoundMessage={t('editor.nothingFound')}
                  comboboxProps={{ hideDetached: false }}
                  onChange={(value) => {
                    form.set('categoryId', value);
                    form.set('attributes', {});
                  }}
                  data-testid="field-categoryId"
                />
                <TextField
                  bound={bind('title')}
                  label={t('fields.title')}
                  required
                  counter={{ max: table.title.max }}
                  readOnly={readOnly}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <OptionalTextField
                    bound={bind('brand')}
                    label={t('fields.brand')}
                    readOnly={readOnly}
                  />
                  <OptionalTextField
                    bound={bind('model')}
                    label={t('fields.model')}
                    readOnly={readOnly}
                  />
                  <TextField bound={bind('sku')} label={t('fields.sku')} readOnly={readOnly} />
                </SimpleGrid>
                {platform === 'shopee' && (
                  <Select
                    id={fieldId('condition')}
                    label={t('fields.condition')}
                    data={(['new', 'used'] as const).map((value) => ({
                      value,
                      label: t(`conditions.${value}`),
                    }))}
                    value={values.condition}
                    allowDeselect={false}
                    readOnly={readOnly}
                    comboboxProps={{ hideDetached: false }}
                    onChange={(value) => value && form.set('condition', value)}
                    w={220}
                  />
                )}
              </Stack>
            </Section>

            <Section id="attributes" title={t('sections.attributes')}>
              {values.categoryId === null ? (
                <Text size="sm" c="dimmed">
                  {t('editor.chooseCategoryFirst')}
                </Text>
              ) : attributes.isPending ? (
                <Text size="sm" c="dimmed">
                  {t('editor.loading')}
                </Text>
              ) : (
                <AttributesSection
                  attributes={attributes.data ?? ([] as CategoryAttribute[])}
                  values={values.attributes}
                  bind={bind}
                  readOnly={readOnly}
                />
              )}
            </Section>

            <Section id="media" title={t('sections.media')}>
              <Stack gap="md">
                <ImagesField
                  path="images"
                  images={values.images}
                  error={form.errors.images}
                  max={table.images.max}
                  onChange={(images) => form.set('images', images)}
                  readOnly={readOnly}
                />
                {table.video && (
                  <SingleMediaField
                    path="video"
                    kind="video"
                    label={t('fields.video')}
                    hint={t('media.videoHint', {
                      min: table.video.durationMs.min / 1000,
                      max: table.video.durationMs.max / 1000,
                      size: Math.round(table.video.maxBytes / 1024 / 1024),
                    })}
                    media={values.video}
                    error={form.errors.video}
                    onChange={(media) => form.set('video', media)}
                    readOnly={readOnly}
                  />
                )}
                {platform === 'shopee' && (
                  <SingleMediaField
                    path="sizeChart"
                    kind="image"
                    label={t('fields.sizeChart')}
                    hint={t('media.sizeChartHint')}
                    media={values.sizeChart}
                    error={form.errors.sizeChart}
                    onChange={(media) => form.set('sizeChart', media)}
                    readOnly={readOnly}
                  />
                )}
              </Stack>
            </Section>

            <Section
              id="variants"
              title={t('sections.variants')}
              extra={
                detail.costing && !readOnly ? (
                  <Tooltip label={t('profit.applyHint')} withArrow multiline w={260}>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconCalculator size={14} />}
                      onClick={applyPricing}
                      data-testid="editor-apply-pricing"
                    >
                      {t('profit.apply')}
                    </Button>
                  </Tooltip>
                ) : undefined
              }
            >
              <VariantsSection
                values={values}
                bind={bind}
                set={form.set}
                table={table}
                readOnly={readOnly}
                withVariantType={platform === 'shopee'}
                profit={(sku) => <ProfitCell detail={detail} values={values} sku={sku} />}
              />
            </Section>

            {table.wholesale && (
              <Section id="wholesale" title={t('sections.wholesale')}>
                <WholesaleSection
                  values={values}
                  bind={bind}
                  set={form.set}
                  currency={table.currency}
                  readOnly={readOnly}
                />
              </Section>
            )}

            <Section id="description" title={t('sections.description')}>
              <Stack gap="md">
                <TextField
                  bound={bind('description')}
                  label={t('fields.description')}
                  required={table.description !== null}
                  multiline={6}
                  counter={table.description ? { max: table.description.max } : undefined}
                  readOnly={readOnly}
                />
                <TextField
                  bound={bind('shortDescription')}
                  label={t('fields.shortDescription')}
                  required={table.shortDescriptionMin !== null}
                  multiline={3}
                  readOnly={readOnly}
                />
              </Stack>
            </Section>

            <Section id="shipping" title={t('sections.shipping')}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  <NumberField
                    bound={bind('packageWeightGrams')}
                    label={t('fields.weight')}
                    required={table.weightRequired}
                    unit="kg"
                    scale={1000}
                  />
                  <NumberField
                    bound={bind('packageLengthCm')}
                    label={t('fields.length')}
                    unit="cm"
                  />
                  <NumberField bound={bind('packageWidthCm')} label={t('fields.width')} unit="cm" />
                  <NumberField
                    bound={bind('packageHeightCm')}
                    label={t('fields.height')}
                    unit="cm"
                  />
                </SimpleGrid>
                {table.packageContent && (
                  <TextField
                    bound={bind('packageContent')}
                    label={t('fields.packageContent')}
                    required
                    multiline={2}
                    counter={{ max: table.packageContent.max }}
                    readOnly={readOnly}
                  />
                )}
                {platform === 'shopee' && (
                  <LogisticsSection
                    values={values}
                    channels={logistics.data?.channels ?? []}
                    defaultId={logistics.data?.defaultId ?? detail.defaultLogisticsId}
                    bind={bind}
                    set={form.set}
                    readOnly={readOnly}
                  />
                )}
                {table.preOrderDays && (
                  <Group align="flex-end" gap="md">
                    <Switch
                      id={fieldId('preOrder.enabled')}
                      label={t('fields.preOrder')}
                      checked={values.preOrder.enabled}
                      disabled={readOnly}
                      onChange={(event) =>
                        form.set('preOrder', {
                          ...values.preOrder,
                          enabled: event.currentTarget.checked,
                          days: values.preOrder.days ?? table.preOrderDays?.min ?? 7,
                        })
                      }
                      data-testid="field-preOrder.enabled"
                    />
                    {values.preOrder.enabled && (
                      <Box w={200}>
                        <NumberField
                          bound={bind('preOrder.days')}
                          label={t('fields.preOrderDays')}
                          integer
                          unit={t('editor.days')}
                          description={t('editor.preOrderHint', {
                            min: table.preOrderDays.min,
                            max: table.preOrderDays.max,
                          })}
                        />
                      </Box>
                    )}
                  </Group>
                )}
              </Stack>
            </Section>

            <Section id="warranty" title={t('sections.warranty')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {platform === 'lazada' ? (
                  <>
                    <Select
                      id={fieldId('warrantyType')}
                      label={t('fields.warrantyType')}
                      data={(['none', 'local', 'international', 'seller'] as const).map(
                        (value) => ({ value, label: t(`warrantyTypes.${value}`) }),
                      )}
                      value={values.warrantyType}
                      clearable
                      readOnly={readOnly}
                      comboboxProps={{ hideDetached: false }}
                      onChange={(value) => form.set('warrantyType', value)}
                    />
                    <OptionalTextField
                      bound={bind('tax')}
                      label={t('fields.tax')}
                      readOnly={readOnly}
                    />
                  </>
                ) : (
                  <>
                    <OptionalTextField
                      bound={bind('warranty.period')}
                      label={t('fields.warrantyPeriod')}
                      readOnly={readOnly}
                    />
                    <OptionalTextField
                      bound={bind('warranty.policy')}
                      label={t('fields.warrantyPolicy')}
                      readOnly={readOnly}
                    />
                  </>
                )}
              </SimpleGrid>
            </Section>
            {platform === 'lazada' && detail.siteListings.length > 0 && (
              <Section id="sites" title={t('sections.sites')}>
                <SiteListings listings={detail.siteListings} />
              </Section>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Box style={{ position: 'sticky', top: 80 }}>
            <ReadinessPanel
              targets={liveReadiness}
              loading={readiness.isPending}
              refreshing={readiness.isFetching}
              failed={readiness.isError}
              onRefresh={() => void readiness.refetch()}
            />
          </Box>
        </Grid.Col>
      </Grid>

      <PublishDialog
        opened={dialog === 'publish'}
        productIds={[detail.id]}
        warnings={
          readiness.data?.targets[0]?.issues.filter((issue) => issue.severity === 'warning') ?? []
        }
        onClose={() => setDialog(null)}
      />
      <ConfirmModal
        opened={dialog === 'delist'}
        title={t('bulk.delistTitle')}
        message={t('bulk.delistMessage', { count: 1 })}
        confirmLabel={t('actions.delist')}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          setDialog(null);
          void act({ action: 'delist', ids: [detail.id] }).then(([result]) =>
            toast(
              result?.ok
                ? { color: 'green', message: t('bulk.delistDone', { count: 1 }) }
                : { color: 'red', message: result?.reason ?? t('bulk.failedUnknown') },
            ),
          );
        }}
      />
      {platform === 'lazada' && (
        <>
          <CopySitesDialog
            opened={dialog === 'copy'}
            detail={detail}
            onClose={() => setDialog(null)}
          />
          <MultiSiteDialog
            opened={dialog === 'multiSite'}
            detail={detail}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Stack>
  );
}
