import {
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
import { ruleTable } from '@shared/contracts/product-rules';
import type { ProductDetail } from '@shared/contracts/products';
import { IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Permission } from '../../components/permission';
import { MoneyField, NumberField, OptionalTextField, TextField } from './editor-fields';
import { ImagesField } from './editor-media';
import { ReadinessPanel } from './editor-readiness';
import {
  EditorHeading,
  inputOf,
  PublishFailure,
  SaveAndPublish,
  useProductEditing,
} from './product-editing';
import { ProductPage } from './product-editor-page';
import { fieldId, useProductForm } from './product-form';
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
  const table = useMemo(() => ruleTable('tiktok', detail.site), [detail.site]);
  const form = useProductForm(inputOf(detail));
  const { values } = form;
  const editing = useProductEditing(detail, form, table);
  const { bind, readiness, liveReadiness, readOnly } = editing;
  const [publishing, setPublishing] = useState(false);

  return (
    <Stack gap="lg" data-testid="product-editor" data-platform="tiktok">
      <Group justify="space-between" align="flex-start">
        <EditorHeading detail={detail} platform="tiktok" />
        <Group gap="sm">
          <Permission value="publish">
            {detail.status === 'online' && (
              <Button
                variant="default"
                leftSection={<IconPlayerStop size={16} />}
                onClick={() => void editing.setListed('delist')}
                data-testid="editor-deactivate"
              >
                {t('actions.deactivate')}
              </Button>
            )}
            {detail.status === 'offline' && (
              <Button
                variant="default"
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => void editing.setListed('activate')}
                data-testid="editor-activate"
              >
                {t('actions.activate')}
              </Button>
            )}
          </Permission>
          <SaveAndPublish detail={detail} editing={editing} onPublish={() => setPublishing(true)} />
        </Group>
      </Group>
      <PublishFailure detail={detail} />
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
