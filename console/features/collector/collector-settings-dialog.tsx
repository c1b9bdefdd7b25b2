import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Text,
} from '@mantine/core';
import {
  applyPricing,
  type PluginSettings,
  PluginSettingsInputSchema,
  PRICE_ROUNDINGS,
  type PriceRounding,
} from '@shared/contracts/collector';
import { usePluginSettings, useSavePluginSettings } from '@shared/queries/collector';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import { useFormats } from './collector-parts';
import { ShopPicker } from './collector-shop-picker';

/** The source price the live example prices: ¥12.34, as 1688 shows it. */
const EXAMPLE = { minor: 1234, currency: 'CNY' } as const;

type Values = {
  defaultShopIds: string[];
  markupPercent: number | string;
  rounding: PriceRounding;
  bulkPerMinute: number | string;
};

function SettingsForm({ settings, onClose }: { settings: PluginSettings; onClose(): void }) {
  const { t } = useTranslation(['collector', 'common']);
  const format = useFormats();
  const save = useSavePluginSettings();
  const roundingLabel = useId();
  const form = useSchemaForm<Values>({
    defaultShopIds: settings.defaultShopIds,
    markupPercent: settings.pricing.markupPercent,
    rounding: settings.pricing.rounding,
    bulkPerMinute: settings.bulkPerMinute,
  });
  const { values } = form;
  const number = (value: number | string) =>
    typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
  const input = () => ({
    defaultShopIds: values.defaultShopIds,
    pricing: { markupPercent: number(values.markupPercent), rounding: values.rounding },
    bulkPerMinute: number(values.bulkPerMinute),
  });
  const markup = number(values.markupPercent);
  const example =
    Number.isInteger(markup) && markup >= 0 && markup <= 500
      ? applyPricing(EXAMPLE.minor, EXAMPLE.currency, {
          markupPercent: markup,
          rounding: values.rounding,
        })
      : null;

  return (
    <form
      noValidate
      data-testid="plugin-settings-form"
      onSubmit={form.onSubmit(
        PluginSettingsInputSchema,
        async (parsed) => {
          await save.mutateAsync(parsed);
          toast({ color: 'green', message: t('settings.saved') });
          onClose();
        },
        { input },
      )}
    >
      <Stack gap="md">
        <ShopPicker
          label={t('settings.defaultShops')}
          description={t('settings.defaultShopsHint')}
          value={values.defaultShopIds}
          onChange={(next) => form.set('defaultShopIds', next)}
          error={form.errors.defaultShopIds}
        />
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {t('settings.pricing')}
          </Text>
          <NumberInput
            label={t('settings.markup')}
            description={t('settings.markupHint')}
            suffix="%"
            min={0}
            max={500}
            allowDecimal={false}
            allowNegative={false}
            value={values.markupPercent}
            onChange={(value) => form.set('markupPercent', value)}
            error={form.errors['pricing.markupPercent']}
            styles={{ wrapper: { maxWidth: 200 } }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id={roundingLabel}>
              {t('settings.roundingLabel')}
            </Text>
            <SegmentedControl
              aria-labelledby={roundingLabel}
              value={values.rounding}
              onChange={(value) => form.set('rounding', value as PriceRounding)}
              data={PRICE_ROUNDINGS.map((value) => ({
                value,
                label: t(`settings.rounding.${value}`),
              }))}
              style={{ alignSelf: 'flex-start' }}
            />
          </Stack>
          <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="pricing-example">
            <Group gap="xs">
              <Text size="sm">
                {t('settings.example', { price: format.money(EXAMPLE.minor, EXAMPLE.currency) })}
              </Text>
              <IconArrowRight size={14} aria-hidden />
              <Text size="sm" fw={600}>
                {example === null ? '—' : format.money(example, EXAMPLE.currency)}
              </Text>
            </Group>
          </Paper>
        </Stack>
        <NumberInput
          label={t('settings.bulkPerMinute')}
          description={t('settings.bulkPerMinuteHint')}
          min={1}
          max={60}
          allowDecimal={false}
          allowNegative={false}
          value={values.bulkPerMinute}
          onChange={(value) => form.set('bulkPerMinute', value)}
          error={form.errors.bulkPerMinute}
          styles={{ wrapper: { maxWidth: 200 } }}
        />
        <FormFailure message={form.failure} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={form.submitting}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The plug-in settings: the shops claims go to first, the pricing template claimed prices are
 * made with (markup and rounding, with a live example) and how fast bulk collection opens pages.
 */
export function SettingsDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('collector');
  const settings = usePluginSettings();
  let body: React.ReactNode;
  if (settings.isPending) body = <SkeletonRows rows={4} height={32} />;
  else if (settings.isError)
    body = (
      <LoadFailed
        title={t('settings.loadError')}
        retrying={settings.isFetching}
        onRetry={() => settings.refetch()}
      />
    );
  else body = <SettingsForm settings={settings.data} onClose={onClose} />;
  return (
    <Modal opened={opened} onClose={onClose} title={t('settings.title')} size="lg" centered>
      {body}
    </Modal>
  );
}
