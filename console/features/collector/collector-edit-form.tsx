import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type CollectedProductDetail,
  UpdateCollectedRequestSchema,
} from '@shared/contracts/collector';
import { useUpdateCollected } from '@shared/queries/collector';
import { SafeHtml } from '@shared/ui/safe-html';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useBlocker } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormFailure } from '../../components/form-parts';
import classes from './collector.module.css';
import { Gallery } from './collector-gallery';
import { ConfidenceMark, minorToText, textToMinor } from './collector-parts';
import { SkuTable, type SkuValues } from './collector-sku-table';

type EditValues = {
  title: string;
  images: string[];
  priceMin: string;
  priceMax: string;
  skus: SkuValues;
  descriptionHtml: string;
  weight: string;
  length: string;
  width: string;
  height: string;
};

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The form's values from a product as it stands. */
function valuesOf(detail: CollectedProductDetail): EditValues {
  const { draft } = detail;
  return {
    title: draft.title,
    images: [...new Set(draft.images)],
    priceMin: minorToText(draft.price.min, draft.currency),
    priceMax: minorToText(draft.price.max, draft.currency),
    skus: Object.fromEntries(
      draft.skus.map((sku) => [
        sku.id,
        { price: minorToText(sku.price, draft.currency), stock: numberText(sku.stock) },
      ]),
    ),
    descriptionHtml: draft.description && 'html' in draft.description ? draft.description.html : '',
    weight: numberText(draft.weightGrams),
    length: numberText(draft.dimensionsCm?.length),
    width: numberText(draft.dimensionsCm?.width),
    height: numberText(draft.dimensionsCm?.height),
  };
}

/** A typed number: null when empty, NaN when not a number (the schema words it on its field). */
function readNumber(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return /^-?\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The update request the form's values make (checked by the contract's schema before sending). */
function requestOf(detail: CollectedProductDetail, values: EditValues) {
  const { draft } = detail;
  const dimensions = [values.length, values.width, values.height].map(readNumber);
  const [length, width, height] = dimensions;
  return {
    id: detail.id,
    title: values.title,
    images: values.images,
    skus: draft.skus.map((sku) => {
      const typed = values.skus[sku.id] ?? { price: '', stock: '' };
      return {
        id: sku.id,
        price: textToMinor(typed.price, draft.currency),
        stock: readNumber(typed.stock),
      };
    }),
    price: {
      min: textToMinor(values.priceMin, draft.currency),
      max: textToMinor(values.priceMax, draft.currency),
    },
    descriptionHtml: values.descriptionHtml.trim() === '' ? null : values.descriptionHtml,
    weightGrams: readNumber(values.weight),
    dimensionsCm: dimensions.every((value) => value === null)
      ? null
      : { length: length ?? Number.NaN, width: width ?? Number.NaN, height: height ?? Number.NaN },
  };
}

/** Fields whose text is not a number of the kind they take, by the field the request names. */
function typingErrors(
  detail: CollectedProductDetail,
  values: EditValues,
  words: { price: string; stock: string; number: string },
): Record<string, string> {
  const { draft } = detail;
  const found: Record<string, string> = {};
  const badPrice = (text: string) =>
    text.trim() !== '' && Number.isNaN(textToMinor(text, draft.currency) ?? 0);
  const badNumber = (text: string) => text.trim() !== '' && Number.isNaN(readNumber(text) ?? 0);
  for (const [index, sku] of draft.skus.entries()) {
    const typed = values.skus[sku.id];
    if (!typed) continue;
    if (badPrice(typed.price)) found[`skus.${index}.price`] = words.price;
    if (typed.stock.trim() !== '' && !/^\d+$/.test(typed.stock.trim()))
      found[`skus.${index}.stock`] = words.stock;
  }
  if (badPrice(values.priceMin)) found['price.min'] = words.price;
  if (badPrice(values.priceMax)) found['price.max'] = words.price;
  if (badNumber(values.weight)) found.weightGrams = words.number;
  for (const side of ['length', 'width', 'height'] as const)
    if (badNumber(values[side])) found[`dimensionsCm.${side}`] = words.number;
  return found;
}

/**
 * The collected product's editable part: title, price (or each SKU's price and stock), main
 * images, weight, dimensions and description, with markers on fields the plug-in was unsure of.
 * Leaving with unsaved changes asks first.
 */
export function CollectedEditForm({
  detail,
  canEdit,
}: {
  detail: CollectedProductDetail;
  canEdit: boolean;
}) {
  const { t } = useTranslation(['collector', 'common']);
  const update = useUpdateCollected();
  const [baseline, setBaseline] = useState(() => valuesOf(detail));
  const form = useSchemaForm<EditValues>(baseline);
  const { values, errors } = form;
  const { draft } = detail;
  const dirty = canEdit && JSON.stringify(values) !== JSON.stringify(baseline);
  const readOnly = !canEdit;

  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });

  const save = form.onSubmit(
    UpdateCollectedRequestSchema,
    async (parsed) => {
      const saved = await update.mutateAsync(parsed);
      const next = valuesOf(saved);
      form.setValues(next);
      setBaseline(next);
      toast({ color: 'green', message: t('edit.saved') });
    },
    { input: () => requestOf(detail, values) },
  );

  /** Typed amounts that are not numbers are worded here; everything else by the contract. */
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = typingErrors(detail, values, {
      price: t('edit.errors.price'),
      stock: t('edit.errors.stock'),
      number: t('edit.errors.number'),
    });
    if (Object.keys(found).length === 0) {
      await save();
      return;
    }
    await form.check(UpdateCollectedRequestSchema, requestOf(detail, values));
    form.setErrors((previous) => ({ ...previous, ...found }));
  }

  const setSku = (id: string, field: 'price' | 'stock', value: string) => {
    const current = values.skus[id] ?? { price: '', stock: '' };
    form.set('skus', { ...values.skus, [id]: { ...current, [field]: value } });
    const index = draft.skus.findIndex((sku) => sku.id === id);
    form.setErrors((previous) => ({ ...previous, [`skus.${index}.${field}`]: undefined }));
  };
  const setField =
    (key: 'priceMin' | 'priceMax' | 'length' | 'width' | 'height' | 'weight') =>
    (event: React.ChangeEvent<HTMLInputElement>) => {
      form.set(key, event.currentTarget.value);
      const field = {
        priceMin: 'price.min',
        priceMax: 'price.max',
        length: 'dimensionsCm.length',
        width: 'dimensionsCm.width',
        height: 'dimensionsCm.height',
        weight: 'weightGrams',
      }[key];
      form.setErrors((previous) => ({ ...previous, [field]: undefined, dimensionsCm: undefined }));
    };

  const descriptionUrl =
    draft.description && 'url' in draft.description ? draft.description.url : null;

  return (
    <>
      <form onSubmit={submit} noValidate data-testid="collect-edit-form">
        <Stack gap="lg">
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Title order={4}>{t('edit.basics')}</Title>
              <TextInput
                label={
                  <>
                    {t('fields.title')} <ConfidenceMark draft={draft} field="title" />
                  </>
                }
                name="title"
                value={values.title}
                onChange={(event) => form.set('title', event.currentTarget.value)}
                error={errors.title}
                readOnly={readOnly}
                withAsterisk={canEdit}
                maxLength={255}
              />
              <Gallery
                label={t('fields.images')}
                marker={<ConfidenceMark draft={draft} field="images" />}
                images={values.images}
                onChange={(images) => form.set('images', images)}
                readOnly={readOnly}
                error={errors.images}
              />
            </Stack>
          </Card>

          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Group gap="xs">
                <Title order={4}>{t('edit.prices')}</Title>
                <ConfidenceMark draft={draft} field="price" />
                <ConfidenceMark draft={draft} field="skus" />
              </Group>
              {draft.skus.length > 0 ? (
                <SkuTable
                  draft={draft}
                  values={values.skus}
                  errors={errors}
                  readOnly={readOnly}
                  onChange={setSku}
                />
              ) : (
                <Group gap="md" align="flex-start">
                  <TextInput
                    label={t('fields.priceMin', { currency: draft.currency })}
                    inputMode="decimal"
                    value={values.priceMin}
                    onChange={setField('priceMin')}
                    error={errors['price.min']}
                    readOnly={readOnly}
                    w={200}
                  />
                  <TextInput
                    label={t('fields.priceMax', { currency: draft.currency })}
                    inputMode="decimal"
                    value={values.priceMax}
                    onChange={setField('priceMax')}
                    error={errors['price.max']}
                    readOnly={readOnly}
                    w={200}
                  />
                </Group>
              )}
            </Stack>
          </Card>

          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Title order={4}>{t('edit.shipping')}</Title>
              <Group gap="md" align="flex-start" wrap="wrap">
                <TextInput
                  label={
                    <>
                      {t('fields.weight')} <ConfidenceMark draft={draft} field="weightGrams" />
                    </>
                  }
                  inputMode="decimal"
                  value={values.weight}
                  onChange={setField('weight')}
                  error={errors.weightGrams}
                  readOnly={readOnly}
                  w={200}
                />
                {(['length', 'width', 'height'] as const).map((side) => (
                  <TextInput
                    key={side}
                    label={
                      <>
                        {t(`fields.${side}`)}{' '}
                        {side === 'length' && <ConfidenceMark draft={draft} field="dimensionsCm" />}
                      </>
                    }
                    inputMode="decimal"
                    value={values[side]}
                    onChange={setField(side)}
                    error={errors[`dimensionsCm.${side}`]}
                    readOnly={readOnly}
                    w={140}
                  />
                ))}
              </Group>
              {errors.dimensionsCm && (
                <Text size="xs" c="red">
                  {errors.dimensionsCm}
                </Text>
              )}
            </Stack>
          </Card>

          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <Group gap="xs">
                <Title order={4}>{t('fields.description')}</Title>
                <ConfidenceMark draft={draft} field="description" />
              </Group>
              {descriptionUrl && !values.descriptionHtml && (
                <Text size="sm" c="dimmed">
                  {t('edit.descriptionUrl', { url: descriptionUrl })}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, md: readOnly ? 1 : 2 }} spacing="md">
                {!readOnly && (
                  <Textarea
                    label={t('edit.descriptionHtml')}
                    description={t('edit.descriptionHint')}
                    value={values.descriptionHtml}
                    onChange={(event) => form.set('descriptionHtml', event.currentTarget.value)}
                    error={errors.descriptionHtml}
                    rows={10}
                    resize="vertical"
                    spellCheck={false}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                  />
                )}
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('edit.preview')}
                  </Text>
                  {values.descriptionHtml.trim() ? (
                    <SafeHtml
                      html={values.descriptionHtml}
                      className={classes.descriptionPreview}
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('edit.noDescription')}
                    </Text>
                  )}
                </Stack>
              </SimpleGrid>
            </Stack>
          </Card>

          {canEdit && (
            <Group
              justify="space-between"
              className={classes.stickyBar}
              data-testid="collect-save-bar"
            >
              <Stack gap={0}>
                <Text size="sm" c={dirty ? 'orange.8' : 'dimmed'} data-testid="collect-dirty">
                  {dirty ? t('edit.unsaved') : t('edit.noChanges')}
                </Text>
                <FormFailure message={form.failure} testId="collect-save-failure" />
              </Stack>
              <Group gap="sm">
                <Button
                  variant="default"
                  disabled={!dirty || form.submitting}
                  onClick={() => {
                    form.setValues(baseline);
                    form.setErrors({});
                  }}
                >
                  {t('edit.discard')}
                </Button>
                <Button
                  type="submit"
                  leftSection={<IconDeviceFloppy size={16} />}
                  loading={form.submitting}
                  data-testid="collect-save"
                >
                  {t('common:actions.save')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
      <ConfirmModal
        opened={blocker.status === 'blocked'}
        title={t('edit.leaveTitle')}
        message={t('edit.leaveMessage')}
        confirmLabel={t('edit.leave')}
        danger
        onClose={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      />
    </>
  );
}
