import {
  Alert,
  Button,
  Card,
  Chip,
  Divider,
  Group,
  Input,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { ApiError } from '@shared/api/errors';
import { CURRENCY_DECIMALS, type Currency, minorToDecimal } from '@shared/contracts/money';
import type { PaymentChannel, RechargeOptions, RechargeRequest } from '@shared/contracts/payments';
import { useRecharge, useRechargeOptions, useUsableCoupons } from '@shared/queries/payments';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import { IconInfoCircle, IconQrcode } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import { usePermission } from '../../components/permission';
import classes from './pay.module.css';
import { convertMinor, learnServerTime, readAmount } from './pay-money';
import { useFormats, useIdempotencyKey } from './pay-parts';
import { PaymentQrView } from './payment-qr-view';
import { ChannelPicker, CouponPicker, SummaryRow } from './recharge-parts';

/** What an operation lacked, shown above the form that covers it (/other/addMoney). */
export interface Shortfall {
  amount: number;
  currency: Currency;
}

type AmountChoice = { kind: 'preset'; minor: number } | { kind: 'custom'; text: string };

/** The custom amount checked against the currency's decimals and the limits; the words say why not. */
function useCustomCheck(options: RechargeOptions) {
  const { t } = useTranslation('pay');
  const { money } = useFormats();
  return (text: string): { minor: number } | { error: string } => {
    if (text.trim() === '') return { error: t('form.errors.required') };
    const read = readAmount(text, options.currency);
    if ('problem' in read) {
      if (read.problem === 'decimals') {
        const places = CURRENCY_DECIMALS[options.currency];
        return {
          error:
            places === 0
              ? t('form.errors.wholeOnly', { currency: options.currency })
              : t('form.errors.decimals', { count: places, currency: options.currency }),
        };
      }
      return {
        error: read.problem === 'positive' ? t('form.errors.positive') : t('form.errors.invalid'),
      };
    }
    if (read.minor < options.customMin)
      return { error: t('form.errors.min', { min: money(options.customMin, options.currency) }) };
    if (read.minor > options.customMax)
      return { error: t('form.errors.max', { max: money(options.customMax, options.currency) }) };
    return read;
  };
}

/** The first amount shown: the shortfall (at least the minimum), else the first preset. */
function firstChoice(options: RechargeOptions, shortfall: Shortfall | undefined): AmountChoice {
  if (shortfall && shortfall.currency === options.currency) {
    const amount = Math.max(shortfall.amount, options.customMin);
    return { kind: 'custom', text: minorToDecimal(amount, options.currency) };
  }
  const [preset] = options.presets;
  return preset !== undefined ? { kind: 'preset', minor: preset } : { kind: 'custom', text: '' };
}

/** Why the amount is filled in as it is: the operation's shortfall, raised to the minimum if need be. */
function ShortfallNote({ shortfall, options }: { shortfall: Shortfall; options: RechargeOptions }) {
  const { t } = useTranslation('pay');
  const { money } = useFormats();
  const amount = money(shortfall.amount, shortfall.currency);
  const message =
    shortfall.currency !== options.currency
      ? t('addMoney.otherCurrency', { amount, currency: options.currency })
      : shortfall.amount < options.customMin
        ? t('addMoney.raised', { amount, min: money(options.customMin, options.currency) })
        : t('addMoney.filled', { amount });
  return (
    <Alert
      variant="light"
      color="orange"
      icon={<IconInfoCircle size={18} />}
      title={t('addMoney.noteTitle')}
      data-testid="shortfall-note"
    >
      {message}
    </Alert>
  );
}

function RechargeForm({
  options,
  shortfall,
  onOrder,
}: {
  options: RechargeOptions;
  shortfall: Shortfall | undefined;
  onOrder(orderNo: string): void;
}) {
  const { t } = useTranslation(['pay', 'common']);
  const { money, dateTime, rate: rateText } = useFormats();
  const errorText = useErrorText();
  const canRecharge = usePermission('recharge');
  const check = useCustomCheck(options);
  const recharge = useRecharge();
  const keyed = useIdempotencyKey();
  const customRef = useRef<HTMLInputElement>(null);

  const [channel, setChannel] = useState<PaymentChannel | null>(
    () =>
      options.channels.find((entry) => entry.currency === options.currency)?.channel ??
      options.channels[0]?.channel ??
      null,
  );
  const [choice, setChoice] = useState<AmountChoice>(() => firstChoice(options, shortfall));
  const [touched, setTouched] = useState(false);
  const [couponId, setCouponId] = useState<string | null>(null);

  const custom = choice.kind === 'custom' ? check(choice.text) : null;
  const amount =
    choice.kind === 'preset' ? choice.minor : custom && 'minor' in custom ? custom.minor : null;
  const customError =
    custom && 'error' in custom && (touched || (choice.kind === 'custom' && choice.text.trim()))
      ? custom.error
      : null;

  const [askedAmount] = useDebouncedValue(amount, 300);
  const coupons = useUsableCoupons(
    askedAmount !== null
      ? { scope: 'recharge', currency: options.currency, amount: askedAmount }
      : null,
  );
  const usable = amount !== null && askedAmount === amount ? (coupons.data ?? []) : [];
  const coupon = usable.find((entry) => entry.coupon.id === couponId) ?? null;
  const discount = coupon ? Math.min(coupon.discount, amount ?? 0) : 0;

  const rate = options.channels.find((entry) => entry.channel === channel) ?? null;
  const payable = amount !== null ? amount - discount : null;
  const toPay =
    payable !== null && rate
      ? convertMinor(payable, options.currency, rate.currency, rate.rate)
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (amount === null) {
      customRef.current?.focus();
      return;
    }
    if (!channel) return;
    const input: RechargeRequest = {
      channel,
      amount,
      currency: options.currency,
      preset: choice.kind === 'preset',
      ...(coupon ? { couponId: coupon.coupon.id } : {}),
    };
    recharge.mutate(
      { input, idempotencyKey: keyed.keyFor(input) },
      {
        onSuccess: (order) => {
          keyed.settle();
          learnServerTime(order.createdAt);
          onOrder(order.orderNo);
        },
        onError: (error) => keyed.settle(error),
      },
    );
  }

  const failure =
    recharge.error &&
    !(
      recharge.error instanceof ApiError &&
      (recharge.error.kind === 'insufficient-balance' || recharge.error.kind === 'dialog')
    )
      ? errorText(recharge.error)
      : null;

  const presetValue = choice.kind === 'preset' ? String(choice.minor) : '';

  return (
    <form onSubmit={submit} noValidate data-testid="recharge-form">
      <div className={classes.layout}>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="lg">
            <ChannelPicker
              label={t('form.channel')}
              channels={options.channels}
              value={channel}
              onChange={setChannel}
            />
            <Input.Wrapper
              label={t('form.amount', { currency: options.currency })}
              labelElement="div"
            >
              <Chip.Group
                multiple={false}
                value={presetValue}
                onChange={(value) => {
                  setChoice({ kind: 'preset', minor: Number(value) });
                  setTouched(false);
                }}
              >
                <Group gap="xs" mt={6} role="radiogroup" aria-label={t('form.presets')}>
                  {options.presets.map((preset) => (
                    <Chip
                      key={preset}
                      value={String(preset)}
                      size="md"
                      data-testid={`preset-${preset}`}
                    >
                      {money(preset, options.currency)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Input.Wrapper>
            <TextInput
              ref={customRef}
              label={t('form.custom')}
              description={t('form.customHint', {
                min: money(options.customMin, options.currency),
                max: money(options.customMax, options.currency),
              })}
              inputMode={CURRENCY_DECIMALS[options.currency] > 0 ? 'decimal' : 'numeric'}
              autoComplete="off"
              placeholder={t('form.customPlaceholder')}
              rightSection={
                <Text size="xs" c="dimmed">
                  {options.currency}
                </Text>
              }
              rightSectionWidth={48}
              value={choice.kind === 'custom' ? choice.text : ''}
              onChange={(event) => {
                setChoice({ kind: 'custom', text: event.currentTarget.value });
              }}
              onBlur={() => setTouched(true)}
              error={customError}
              maw={360}
              data-testid="custom-amount"
            />
            <CouponPicker
              coupons={usable}
              value={coupon?.coupon.id ?? null}
              onChange={setCouponId}
              currency={options.currency}
              loading={amount !== null && (coupons.isFetching || askedAmount !== amount)}
              noAmount={amount === null}
            />
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg" data-testid="recharge-summary">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('summary.title')}
            </Title>
            <SummaryRow
              label={t('summary.arrives')}
              value={amount !== null ? money(amount, options.currency) : '—'}
              testId="summary-arrives"
            />
            <SummaryRow
              label={t('summary.discount')}
              value={discount > 0 ? `-${money(discount, options.currency)}` : '—'}
              testId="summary-discount"
            />
            <Divider />
            <SummaryRow
              strong
              label={t('summary.youPay')}
              value={toPay !== null && rate ? money(toPay, rate.currency) : '—'}
              testId="summary-pay"
            />
            {rate && rate.currency !== options.currency && (
              <Text size="xs" c="dimmed" data-testid="summary-rate">
                {t('summary.rate', {
                  from: options.currency,
                  rate: rateText(rate.rate),
                  to: rate.currency,
                  date: dateTime(rate.rateDate),
                })}
                {rate.stale && (
                  <Text span size="xs" c="orange.8" fw={600} data-testid="summary-rate-stale">
                    {' '}
                    {t('summary.rateStale')}
                  </Text>
                )}
              </Text>
            )}
            <FormFailure message={failure} testId="recharge-failure" />
            {canRecharge ? (
              <Button
                type="submit"
                size="md"
                leftSection={<IconQrcode size={18} />}
                loading={recharge.isPending}
                disabled={!channel}
                data-testid="recharge-submit"
              >
                {t('actions.submit')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed" data-testid="recharge-no-permission">
                {t('form.noPermission')}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {t('summary.note')}
            </Text>
          </Stack>
        </Card>
      </div>
    </form>
  );
}

/**
 * The recharge panel of /pay/recharge and /other/addMoney: the channel, the amount (a preset or a
 * custom amount within the limits), an optional recharge coupon and what will be paid; then the
 * QR code of the payment order (its number kept in the address, so a reload comes back to it).
 */
export function RechargePanel({
  orderNo,
  shortfall,
  onOrderChange,
}: {
  orderNo: string | undefined;
  shortfall?: Shortfall | undefined;
  onOrderChange(orderNo: string | null, replace?: boolean): void;
}) {
  const { t } = useTranslation('pay');
  const options = useRechargeOptions();

  if (orderNo) {
    return (
      <PaymentQrView
        orderNo={orderNo}
        onReplaced={(next) => onOrderChange(next, true)}
        onClosed={() => onOrderChange(null)}
      />
    );
  }
  if (options.isPending) {
    return (
      <div className={classes.layout} aria-busy data-testid="recharge-loading">
        <Card withBorder radius="lg" padding="lg">
          <SkeletonRows rows={4} height={56} />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Skeleton height={180} />
        </Card>
      </div>
    );
  }
  if (options.isError) {
    return (
      <LoadFailed
        title={t('form.loadError')}
        retrying={options.isFetching}
        onRetry={() => void options.refetch()}
      />
    );
  }
  return (
    <Stack gap="md">
      {shortfall && <ShortfallNote shortfall={shortfall} options={options.data} />}
      <RechargeForm
        options={options.data}
        shortfall={shortfall}
        onOrder={(next) => onOrderChange(next)}
      />
    </Stack>
  );
}
