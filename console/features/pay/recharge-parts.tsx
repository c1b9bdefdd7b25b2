import { Group, Radio, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { UsableCoupon } from '@shared/contracts/coupons';
import type { Currency } from '@shared/contracts/money';
import type { PaymentChannel } from '@shared/contracts/payments';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './pay.module.css';
import { ChannelMark, useFormats } from './pay-parts';

/** A channel as a choice shows it: what it charges in. */
export interface ChannelChoice {
  channel: PaymentChannel;
  currency: Currency;
}

/** The three channel panels: each with its mark, its name and the currency it charges in. */
export function ChannelPicker({
  channels,
  value,
  onChange,
  label,
}: {
  channels: readonly ChannelChoice[];
  value: PaymentChannel | null;
  onChange(channel: PaymentChannel): void;
  label: string;
}) {
  const { t } = useTranslation('pay');
  return (
    <Radio.Group
      label={label}
      value={value}
      onChange={(next) => onChange(next as PaymentChannel)}
      name="channel"
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs" mt="xs">
        {channels.map((entry) => (
          <Radio.Card
            key={entry.channel}
            value={entry.channel}
            className={classes.channelCard}
            radius="md"
            data-testid={`channel-${entry.channel}`}
            aria-label={t(`channels.${entry.channel}`)}
          >
            <Group wrap="nowrap" gap="sm">
              <ChannelMark channel={entry.channel} />
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {t(`channels.${entry.channel}`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('form.chargedIn', { currency: entry.currency })}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

/**
 * A coupon choice: none, or one of the coupons that fit, each with what it takes off. Without
 * any that fit it says so instead of offering an empty list.
 */
export function CouponPicker({
  coupons,
  value,
  onChange,
  currency,
  loading,
  noAmount = false,
}: {
  coupons: readonly UsableCoupon[];
  value: string | null;
  onChange(couponId: string | null): void;
  currency: Currency;
  loading: boolean;
  /** No valid amount yet: there is nothing to fit a coupon to. */
  noAmount?: boolean;
}) {
  const { t } = useTranslation('pay');
  const { money } = useFormats();
  if (coupons.length === 0) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('coupon.label')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="coupon-none">
          {noAmount
            ? t('coupon.enterAmount')
            : loading
              ? t('coupon.loading')
              : t('coupon.noneUsable')}
        </Text>
      </Stack>
    );
  }
  return (
    <Select
      label={t('coupon.label')}
      leftSection={<IconTicket size={16} />}
      data={[
        { value: '', label: t('coupon.noCoupon') },
        ...coupons.map((entry) => ({
          value: entry.coupon.id,
          label: t('coupon.option', {
            name: entry.coupon.name,
            discount: money(entry.discount, currency),
          }),
        })),
      ]}
      value={value ?? ''}
      onChange={(next) => onChange(next ? next : null)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      data-testid="coupon-select"
    />
  );
}

/** One line of a summary: the label left, the figure right. */
export function SummaryRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className={classes.summaryRow}>
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 500} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
