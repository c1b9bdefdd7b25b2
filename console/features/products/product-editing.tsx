import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { checkProduct, productRules, type RuleTable } from '@shared/contracts/product-rules';
import {
  type CategoryAttribute,
  LOCKED_STATUSES,
  type ProductDetail,
  type ProductInput,
} from '@shared/contracts/products';
import type { Platform } from '@shared/contracts/shops';
import { toast } from '@shared/ui/toast';
import { IconArrowLeft, IconCloudUpload, IconDeviceFloppy } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { Permission } from '../../components/permission';
import type { Bound } from './editor-fields';
import { useLiveReadiness } from './editor-live-readiness';
import { jumpToField, type useProductForm } from './product-form';
import classes from './products.module.css';
import { LIST_URL, useProductAction, useReadiness, useSaveProduct } from './products-data';
import { StatusBadge, useFailureText, useFormats } from './products-parts';

/**
 * What every product page (the Lazada and Shopee editors, the TikTok Shop detail) does the same
 * way: the form over the product's editable part, checked by its site's shared rules; saving;
 * the readiness check (the server's, followed live by the form); the actions of its status.
 */

/** The editable part of a product, as the form holds it. */
export function inputOf(detail: ProductDetail): ProductInput {
  return {
    categoryId: detail.categoryId,
    title: detail.title,
    sku: detail.sku,
    brand: detail.brand,
    model: detail.model,
    warrantyType: detail.warrantyType,
    tax: detail.tax,
    packageWeightGrams: detail.packageWeightGrams,
    packageLengthCm: detail.packageLengthCm,
    packageWidthCm: detail.packageWidthCm,
    packageHeightCm: detail.packageHeightCm,
    packageContent: detail.packageContent,
    attributes: detail.attributes,
    variations: detail.variations,
    skus: detail.skus,
    images: detail.images,
    video: detail.video,
    sizeChart: detail.sizeChart,
    description: detail.description,
    shortDescription: detail.shortDescription,
    sourceUrl: detail.sourceUrl,
    variantType: detail.variantType,
    wholesale: detail.wholesale,
    preOrder: detail.preOrder,
    condition: detail.condition,
    logistics: detail.logistics,
    freight: detail.freight,
    warranty: detail.warranty,
    cod: detail.cod,
  };
}

/** The value at a dotted path of the values. */
function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** Statuses from which a product can be published (again). */
const PUBLISHABLE = ['wait', 'fail', 'offline', 'online'];

/** The form a product page edits its product in (`useProductForm(inputOf(detail))`). */
type ProductForm = ReturnType<typeof useProductForm<ProductInput>>;

/**
 * One product's editing in its page's form: `attributes` are its category's (their required ones
 * become rules); the TikTok Shop detail has none.
 */
export function useProductEditing(
  detail: ProductDetail,
  form: ProductForm,
  table: RuleTable,
  attributes?: readonly CategoryAttribute[],
) {
  const { t } = useTranslation(['products', 'common']);
  const { values } = form;
  const { schema, rules } = useMemo(() => {
    const context = {
      requiredAttributes: (attributes ?? [])
        .filter((entry) => entry.required && !entry.variation)
        .map((entry) => entry.id),
    };
    return {
      schema: productRules(table, context),
      rules: (product: ProductInput) => {
        const issues: z.core.$ZodRawIssue[] = [];
        checkProduct(product, table, context, issues);
        return issues;
      },
    };
  }, [table, attributes]);
  const readiness = useReadiness(detail.id);
  const liveReadiness = useLiveReadiness(values, table, attributes, readiness.data?.targets);
  const save = useSaveProduct();
  const act = useProductAction();
  const readOnly = (LOCKED_STATUSES as readonly string[]).includes(detail.status);

  const bind = (path: string): Bound => ({
    path,
    value: valueAt(values, path),
    error: form.errors[path],
    set: (value) => form.set(path, value),
  });

  /**
   * Checks with the shared rules and saves: a product that fails some is saved as a draft, its
   * failures on their fields (and in the readiness check, which keeps it from publishing). False
   * when the server refused it.
   */
  async function saveNow(): Promise<boolean> {
    const parsed = await form.check(schema, rules);
    try {
      await save.mutateAsync({
        id: detail.id,
        version: detail.version,
        product: parsed ?? values,
      });
    } catch (error) {
      form.showServerErrors(error);
      return false;
    }
    form.markSaved(values);
    if (parsed) {
      toast({ color: 'green', message: t('editor.saved') });
      return true;
    }
    toast({ color: 'blue', message: t('editor.savedDraft') });
    requestAnimationFrame(() => {
      const first = document.querySelector(
        '[data-field-box][data-error="true"], .mantine-InputWrapper-error, [aria-invalid="true"]',
      );
      const id = first?.closest('[id^="product-field-"]')?.id ?? first?.id;
      if (id) document.getElementById(id)?.scrollIntoView?.({ block: 'center' });
    });
    return true;
  }

  /**
   * Before publishing: saves unsaved changes, then asks the server's readiness check; an error
   * stops it and leads to its field.
   */
  async function readyToPublish(): Promise<boolean> {
    if (form.dirty && !(await saveNow())) return false;
    const checked = await readiness.refetch();
    const first = checked.data?.targets[0]?.issues.find((issue) => issue.severity === 'error');
    if (first) {
      toast({ color: 'red', message: t('publish.blocked') });
      jumpToField(first.field, classes.flash);
      return false;
    }
    return true;
  }

  /** Takes the product offline or back online on its platform, and says how it went. */
  const setListed = (action: 'activate' | 'delist') =>
    act({ action, ids: [detail.id] }).then(([result]) =>
      toast(
        result?.ok
          ? {
              color: 'green',
              message: action === 'activate' ? t('editor.activated') : t('editor.deactivated'),
            }
          : { color: 'red', message: result?.reason ?? t('bulk.failedUnknown') },
      ),
    );

  return {
    form,
    values,
    bind,
    save,
    act,
    readiness,
    liveReadiness,
    readOnly,
    canPublish: PUBLISHABLE.includes(detail.status),
    saveNow,
    readyToPublish,
    setListed,
  };
}

/** The page's heading: back to its platform's list, title and status, shop and site. */
export function EditorHeading({ detail, platform }: { detail: ProductDetail; platform: Platform }) {
  const { t } = useTranslation(['products', 'common']);
  return (
    <Stack gap={4}>
      <Anchor
        renderRoot={(props) => (
          <Link {...props} to={LIST_URL} search={platform === 'lazada' ? {} : { platform }} />
        )}
        size="sm"
      >
        <Group gap={4}>
          <IconArrowLeft size={14} /> {t('editor.backToList')}
        </Group>
      </Anchor>
      <Group gap="sm">
        <Title order={2}>{t(`editor.title.${platform}`)}</Title>
        <StatusBadge status={detail.status} />
      </Group>
      <Text size="sm" c="dimmed">
        {t('editor.shopLine', {
          shop: detail.shopName,
          site: t(`sites.${detail.site}`, { defaultValue: detail.site }),
        })}
        {detail.externalId ? ` · ${t('editor.externalId', { id: detail.externalId })}` : ''}
      </Text>
    </Stack>
  );
}

/** Save and Publish (or Retry after a failure), each behind its permission. */
export function SaveAndPublish({
  detail,
  editing,
  onPublish,
}: {
  detail: ProductDetail;
  editing: ReturnType<typeof useProductEditing>;
  onPublish: () => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  return (
    <>
      <Permission value="save">
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy size={16} />}
          loading={editing.save.isPending}
          disabled={editing.readOnly}
          onClick={() => void editing.saveNow()}
          data-testid="editor-save"
        >
          {t('common:actions.save')}
        </Button>
      </Permission>
      <Permission value="publish">
        <Button
          leftSection={<IconCloudUpload size={16} />}
          disabled={editing.readOnly || !editing.canPublish}
          onClick={async () => {
            if (await editing.readyToPublish()) onPublish();
          }}
          data-testid="editor-publish"
        >
          {detail.status === 'fail' ? t('actions.retry') : t('actions.publish')}
        </Button>
      </Permission>
    </>
  );
}

/** A failed publish: the platform's reason, its code and when. */
export function PublishFailure({ detail }: { detail: ProductDetail }) {
  const { t } = useTranslation('products');
  const format = useFormats();
  const failureText = useFailureText();
  const failure = detail.status === 'fail' ? detail.failure : null;
  if (!failure) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={t('publish.failedTitle')}
      data-testid="editor-failure"
    >
      <Text size="sm" data-testid="editor-failure-reason">
        {failureText(failure)}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {t('publish.failedCode', { code: failure.code, time: format.dateTime(failure.at) })}
      </Text>
    </Alert>
  );
}
