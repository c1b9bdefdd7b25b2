import {
  Alert,
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { checkProduct, productRules, ruleTable } from '@shared/contracts/product-rules';
import type { ProductDetail, ProductInput } from '@shared/contracts/products';
import { LOCKED_STATUSES } from '@shared/contracts/products';
import { toast } from '@shared/ui/toast';
import {
  IconArrowLeft,
  IconCloudUpload,
  IconDeviceFloppy,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { Permission } from '../../components/permission';
import { type Bound, MoneyField, NumberField, OptionalTextField, TextField } from './editor-fields';
import { useLiveReadiness } from './editor-live-readiness';
import { ImagesField } from './editor-media';
import { ReadinessPanel } from './editor-readiness';
import { inputOf } from './product-editor';
import { ProductPage } from './product-editor-page';
import { fieldId, useProductForm } from './product-form';
import { LIST_URL, useProductAction, useReadiness, useSaveProduct } from './products-data';
import { StatusBadge, useFormats } from './products-parts';
import { PublishDialog } from './publish-dialog';

/** /product/tiktokProductDetail: a TikTok Shop product. */
export function TiktokDetailPage() {
  return (
    <ProductPage platform="tiktok">
      {(detail) => <TiktokDetail key={detail.id} detail={detail} />}
    </ProductPage>
  );
}

/**
 * A TikTok Shop product: its common fields, price and stock per SKU (checked by the shared rules
 * of its site), activating and deactivating it, and publishing.
 */
function TiktokDetail({ detail }: { detail: ProductDetail }) {
  const { t } = useTranslation(['products', 'common']);
  const format = useFormats();
  const table = useMemo(() => ruleTable('tiktok', detail.site), [detail.site]);
  const schema = useMemo(() => productRules(table), [table]);
  const rules = (product: ProductInput) => {
    const issues: z.core.$ZodRawIssue[] = [];
    checkProduct(product, table, {}, issues);
    return issues;
  };
  const form = useProductForm(inputOf(detail));
  const { values } = form;
  const save = useSaveProduct();
  const act = useProductAction();
  const readiness = useReadiness(detail.id);
  const liveReadiness = useLiveReadiness(values, table, undefined, readiness.data?.targets);
  const [publishing, setPublishing] = useState(false);
  const readOnly = (LOCKED_STATUSES as readonly string[]).includes(detail.status);
  const bind = (path: string): Bound => ({
    path,
    value: path
      .split('.')
      .reduce<unknown>(
        (current, key) =>
          current && typeof current === 'object'
            ? (current as Record<string, unknown>)[key]
            : undefined,
        values,
      ),
    error: form.errors[path],
    set: (value) => form.set(path, value),
  });

  async function saveNow() {
    const parsed = await form.check(schema, rules);
    if (!parsed) {
      toast({ color: 'red', message: t('editor.fixFields') });
      return false;
    }
    try {
      await save.mutateAsync({ id: detail.id, version: detail.version, product: parsed });
    } catch (error) {
      form.showServerErrors(error);
      return false;
    }
    form.markSaved(values);
    toast({ color: 'green', message: t('editor.saved') });
    return true;
  }

  const toggle = (action: 'activate' | 'delist') =>
    void act({ action, ids: [detail.id] }).then(([result]) =>
      toast(
        result?.ok
          ? {
              color: 'green',
              message: action === 'activate' ? t('editor.activated') : t('editor.deactivated'),
            }
          : { color: 'red', message: result?.reason ?? t('bulk.failedUnknown') },
      ),
    );

  return (
    <Stack gap="lg" data-testid="product-editor" data-platform="tiktok">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Anchor
            renderRoot={(props) => (
              <Link {...props} to={LIST_URL} search={{ platform: 'tiktok' }} />
            )}
            size="sm"
          >
            <Group gap={4}>
              <IconArrowLeft size={14} /> {t('editor.backToList')}
            </Group>
          </Anchor>
          <Group gap="sm">
            <Title order={2}>{t('editor.title.tiktok')}</Title>
            <StatusBadge status={detail.status} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('editor.shopLine', {
              shop: detail.shopName,
              site: t(`sites.${detail.site}`, { defaultValue: detail.site }),
            })}
          </Text>
        </Stack>
        <Group gap="sm">
          <Permission value="publish">
            {detail.status === 'online' && (
              <Button
                variant="default"
                leftSection={<IconPlayerStop size={16} />}
                onClick={() => toggle('delist')}
                data-testid="editor-deactivate"
              >
                {t('actions.deactivate')}
              </Button>
            )}
            {detail.status === 'offline' && (
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => toggle('activate')}
                data-testid="editor-activate"
              >
                {t('actions.activate')}
              </Button>
            )}
          </Permission>
          <Permission value="save">
            <Button
              variant="default"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              disabled={readOnly}
              onClick={() => void saveNow()}
              data-testid="editor-save"
            >
              {t('common:actions.save')}
            </Button>
          </Permission>
          <Permission value="publish">
            <Button
              leftSection={<IconCloudUpload size={16} />}
              disabled={readOnly || !['wait', 'fail', 'offline', 'online'].includes(detail.status)}
              onClick={async () => {
                if (form.dirty && !(await saveNow())) return;
                const checked = await readiness.refetch();
                if (checked.data?.targets[0]?.issues.some((issue) => issue.severity === 'error')) {
                  toast({ color: 'red', message: t('publish.blocked') });
                  return;
                }
                setPublishing(true);
              }}
              data-testid="editor-publish"
            >
              {detail.status === 'fail' ? t('actions.retry') : t('actions.publish')}
            </Button>
          </Permission>
        </Group>
      </Group>
      {detail.status === 'fail' && detail.failure && (
        <Alert
          color="red"
          variant="light"
          title={t('publish.failedTitle')}
          data-testid="editor-failure"
        >
          <Text size="sm">{detail.failure.message}</Text>
          <Text size="xs" c="dimmed" mt={4}>
            {t('publish.failedCode', {
              code: detail.failure.code,
              time: format.dateTime(detail.failure.at),
            })}
          </Text>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <Title order={4} mb="md">
                {t('sections.basic')}
              </Title>
              <Stack gap="md">
                <TextField
                  bound={bind('title')}
                  label={t('fields.title')}
                  required
                  counter={{ max: table.title.max }}
                  readOnly={readOnly}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <OptionalTextField
                    bound={bind('brand')}
                    label={t('fields.brand')}
                    readOnly={readOnly}
                  />
                  <TextField bound={bind('sku')} label={t('fields.sku')} readOnly={readOnly} />
                </SimpleGrid>
                <TextField
                  bound={bind('description')}
                  label={t('fields.description')}
                  required
                  multiline={5}
                  readOnly={readOnly}
                />
                <ImagesField
                  path="images"
                  images={values.images}
                  error={form.errors.images}
                  max={table.images.max}
                  onChange={(images) => form.set('images', images)}
                  readOnly={readOnly}
                />
                <SimpleGrid cols={{ base: 2, sm: 4 }}>
                  <NumberField
                    bound={bind('packageWeightGrams')}
                    label={t('fields.weight')}
                    required
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
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Title order={4} mb="md">
                {t('sections.priceStock')}
              </Title>
              <Table verticalSpacing={6} data-testid="sku-table" id={fieldId('skus')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fields.sku')}</Table.Th>
                    <Table.Th>{t('fields.sellerSku')}</Table.Th>
                    <Table.Th>{t('fields.sellingPrice')}</Table.Th>
                    <Table.Th>{t('fields.stock')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {values.skus.map((sku, index) => {
                    const name = sku.options.join(' / ') || values.title;
                    return (
                      <Table.Tr key={sku.id} data-testid="sku-row">
                        <Table.Td>
                          <Text size="sm">{sku.options.join(' / ') || '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <TextInput
                            size="xs"
                            id={fieldId(`skus.${index}.sellerSku`)}
                            aria-label={t('editor.cellOf', { field: t('fields.sellerSku'), name })}
                            value={sku.sellerSku}
                            readOnly={readOnly}
                            error={form.errors[`skus.${index}.sellerSku`]}
                            onChange={(event) =>
                              form.set(`skus.${index}.sellerSku`, event.currentTarget.value)
                            }
                          />
                        </Table.Td>
                        <Table.Td>
                          <MoneyField
                            size="xs"
                            hideLabel
                            bound={bind(`skus.${index}.sellingPrice`)}
                            label={t('editor.cellOf', { field: t('fields.sellingPrice'), name })}
                            currency={table.currency}
                          />
                        </Table.Td>
                        <Table.Td>
                          <NumberField
                            size="xs"
                            hideLabel
                            integer
                            bound={bind(`skus.${index}.stock`)}
                            label={t('editor.cellOf', { field: t('fields.stock'), name })}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ReadinessPanel
            targets={liveReadiness}
            loading={readiness.isPending}
            refreshing={readiness.isFetching}
            failed={readiness.isError}
            onRefresh={() => void readiness.refetch()}
          />
        </Grid.Col>
      </Grid>
      <PublishDialog
        opened={publishing}
        productIds={[detail.id]}
        warnings={
          readiness.data?.targets[0]?.issues.filter((issue) => issue.severity === 'warning') ?? []
        }
        onClose={() => setPublishing(false)}
      />
    </Stack>
  );
}
