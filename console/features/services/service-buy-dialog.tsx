import {
  Alert,
  Button,
  Divider,
  Group,
  Modal,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { Coupon } from '@shared/contracts/coupons';
import { couponScopeOf, servicePriceIn } from '@shared/contracts/service-prices';
import type { PriceList, ServiceDetail } from '@shared/contracts/services';
import { formatRate } from '@shared/i18n/format';
import { useCoupons } from '@shared/queries/coupons';
import { useBuyService, useServices } from '@shared/queries/services';
import { useErrorText } from '@shared/ui/error-message';
import { IconCircleCheck } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { idempotencyKeys, type MarketItem, usePriceText, useServiceFormat } from './service-parts';
import {
  formatQuantity,
  lineOf,
  type QuantityField,
  quantityFields,
  readQuantities,
} from './service-quantities';

const PROGRESS = '/order/serviceProgress';
/** Every open service of the seller, whatever its date, for the "for" choice. */
const ALL_TIME = { beginTime: '2000-01-01 00:00:00', endTime: '2999-12-31 23:59:59' } as const;

/** A coupon's rule in words: what it takes off, from what amount, from and until when. */
function useCouponLabel() {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  return (coupon: Coupon) => {
    const offset = format.money(coupon.maxOffset, coupon.currency);
    const parts = [
      coupon.type === 'cash'
        ? t('buy.couponRule.cash', { offset })
        : t('buy.couponRule.discount', { percent: coupon.percentOff ?? 0, offset }),
      coupon.threshold > 0
        ? t('buy.couponRule.threshold', {
            threshold: format.money(coupon.threshold, coupon.currency),
          })
        : null,
      coupon.started
        ? t('buy.couponRule.validTo', { date: format.date(coupon.validTo) })
        : t('buy.couponRule.notStarted', { date: format.date(coupon.validFrom) }),
    ];
    return `${coupon.name} · ${parts.filter(Boolean).join(' · ')}`;
  };
}

function QuantityInput({
  field,
  value,
  invalid,
  onChange,
  autoFocus,
}: {
  field: QuantityField;
  value: string;
  invalid: boolean;
  onChange(next: string): void;
  autoFocus: boolean;
}) {
  const { t } = useTranslation('services');
  const min = formatQuantity(field.min, field.decimals);
  const max = formatQuantity(field.max, field.decimals);
  return (
    <TextInput
      label={t(`buy.fields.${field.label}`)}
      description={field.hint ? t(`buy.hints.${field.hint}`) : undefined}
      inputMode={field.decimals > 0 ? 'decimal' : 'numeric'}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={
        invalid
          ? field.decimals > 0
            ? t('buy.invalid', { min, max, decimals: field.decimals })
            : t('buy.invalidWhole', { min, max })
          : undefined
      }
      data-autofocus={autoFocus || undefined}
      data-testid={`buy-quantity-${field.key}`}
      required
    />
  );
}

/** What the dialog shows after the purchase went through: the service and what was frozen. */
function BoughtNote({ service, onClose }: { service: ServiceDetail; onClose(): void }) {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const navigate = useNavigate();
  const frozen = format.money(service.amounts.frozen, service.currency);
  return (
    <Stack data-testid="buy-done" data-service-no={service.serviceNo}>
      <Alert color="green" icon={<IconCircleCheck size={18} />}>
        <Text size="sm">{t('buy.done', { serviceNo: service.serviceNo, amount: frozen })}</Text>
        <Text
          size="sm"
          fw={700}
          mt={4}
          data-testid="buy-frozen"
          data-amount={service.amounts.frozen}
        >
          {t('detail.frozen')}: {frozen}
        </Text>
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('detail.close')}
        </Button>
        <Button
          onClick={() => {
            onClose();
            void navigate({ to: PROGRESS, search: { serviceNo: service.serviceNo } });
          }}
          data-testid="buy-follow"
        >
          {t('buy.open')}
        </Button>
      </Group>
    </Stack>
  );
}

function BuyForm({
  item,
  prices,
  onClose,
  onBought,
}: {
  item: MarketItem;
  prices: PriceList;
  onClose(): void;
  onBought(service: ServiceDetail): void;
}) {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const errorText = useErrorText();
  const couponLabel = useCouponLabel();
  const priceText = usePriceText();
  const fields = useMemo(() => quantityFields(item.code), [item.code]);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [couponId, setCouponId] = useState<string | null>(null);
  const [attachTo, setAttachTo] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const keys = useRef(idempotencyKeys());
  const buy = useBuyService();
  const scope = couponScopeOf(item.code);
  const wallet = prices.walletCurrency;
  const coupons = useCoupons({ limit: 100, status: 'unused' });
  const open = useServices({
    tab: 'pending',
    limit: 100,
    ...ALL_TIME,
  });

  const read = readQuantities(fields, texts);
  const line = lineOf(item.code, read);
  const rate = prices.rates.find((entry) => entry.from === item.currency && entry.to === wallet);
  const priced = item.currency === wallet || rate !== undefined;
  const total =
    line && priced ? servicePriceIn(item, line.quantities, wallet, rate?.rate ?? '1') : null;
  const listPrice = line ? servicePriceIn(item, line.quantities, item.currency, '1') : null;
  const fitting = (coupons.data?.records ?? []).filter(
    (coupon) =>
      (coupon.scope === scope || coupon.scope === 'general') && coupon.currency === wallet,
  );
  const attachable = (open.data?.records ?? []).filter((row) => row.type !== 'valueAdded');
  const frame =
    item.code === 'woodenFrame' && line
      ? (line.quantities as { lengthCm: number; widthCm: number; heightCm: number })
      : null;

  const failure =
    buy.error &&
    !(
      buy.error instanceof ApiError &&
      (buy.error.kind === 'insufficient-balance' ||
        buy.error.kind === 'dialog' ||
        buy.error.kind === 'auth')
    )
      ? errorText(buy.error)
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!line || buy.isPending) return;
    const request = {
      line,
      ...(couponId ? { couponId } : {}),
      ...(attachTo ? { attachTo } : {}),
      remark: remark.trim(),
    };
    buy.mutate(
      { request, key: keys.current.keyFor(request) },
      {
        onSuccess: (service) => {
          keys.current.reset();
          onBought(service);
        },
        onError: (error) => {
          // A lost answer is retried with the same key; a refusal is a new request next time.
          if (
            !(error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout'))
          )
            keys.current.reset();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="buy-form" data-code={item.code}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {priceText(item).price}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: Math.min(fields.length, 3) }} spacing="sm">
          {fields.map((field, index) => (
            <QuantityInput
              key={field.key}
              field={field}
              value={texts[field.key] ?? ''}
              invalid={read[field.key] === 'invalid'}
              onChange={(next) => setTexts((all) => ({ ...all, [field.key]: next }))}
              autoFocus={index === 0}
            />
          ))}
        </SimpleGrid>
        {frame && (
          <Text size="xs" c="dimmed" data-testid="buy-volume">
            {t('buy.volume', {
              volume: formatQuantity(frame.lengthCm * frame.widthCm * frame.heightCm, 6),
            })}
          </Text>
        )}
        <Radio.Group
          label={t(`buy.couponScope.${scope}`)}
          description={fitting.length === 0 && coupons.isSuccess ? t('buy.noCoupons') : undefined}
          value={couponId ?? ''}
          onChange={(value) => setCouponId(value || null)}
          data-testid="buy-coupon"
        >
          <Stack gap={6} mt={6}>
            <Radio value="" label={t('buy.noCoupon')} data-testid="buy-coupon-none" />
            {fitting.map((coupon) => (
              <Radio
                key={coupon.id}
                value={coupon.id}
                label={couponLabel(coupon)}
                data-testid="buy-coupon-option"
                data-coupon-id={coupon.id}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label={t('buy.attach')}
          data={[
            { value: '', label: t('buy.alone') },
            ...attachable.map((row) => ({
              value: row.serviceNo,
              label: `${t('buy.attachTo', { serviceNo: row.serviceNo })} · ${t(`types.${row.type}`)}${
                row.platformOrderNo ? ` · ${row.platformOrderNo}` : ''
              }`,
            })),
          ]}
          value={attachTo ?? ''}
          onChange={(value) => setAttachTo(value || null)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="buy-attach"
        />
        <Textarea
          label={t('buy.remark')}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          maxLength={500}
          rows={2}
        />
        <Divider />
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Text fw={600}>{t('buy.total')}</Text>
          <Stack gap={2} align="flex-end">
            <Text
              fw={700}
              size="xl"
              data-testid="buy-total"
              data-amount={total ?? ''}
              aria-live="polite"
            >
              {total === null ? '—' : format.money(total, wallet)}
            </Text>
            {total === null && (
              <Text size="xs" c="dimmed">
                {t('buy.totalHint')}
              </Text>
            )}
            {listPrice !== null && item.currency !== wallet && (
              <Text size="xs" c="dimmed" data-testid="buy-list-price">
                {t('buy.itemPrice', { amount: format.money(listPrice, item.currency) })}
                {rate
                  ? ` · ${t('buy.rate', {
                      from: rate.from,
                      to: rate.to,
                      rate: formatRate(rate.rate, format.language),
                      date: format.date(rate.at),
                    })}`
                  : ''}
              </Text>
            )}
          </Stack>
        </Group>
        <Text size="xs" c="dimmed">
          {t('buy.freezeNote')}
        </Text>
        {failure && <FormFailure message={`${t('buy.failed')}: ${failure}`} testId="buy-error" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={buy.isPending}>
            {t('detail.close')}
          </Button>
          <Button
            type="submit"
            disabled={!line || total === null}
            loading={buy.isPending}
            data-testid="buy-submit"
          >
            {total === null
              ? t('buy.submitPlain')
              : t('buy.submit', { amount: format.money(total, wallet) })}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Buying one market item: its quantities in the seller's units, the exact total live from the
 * shared price function (in the wallet's currency at the dated rate), a coupon of its scope, the
 * service order it is for or none, then the freeze with an idempotency key. -10 opens the
 * insufficient-balance dialog through the one error handler; every other refusal (the coupon
 * errors among them) shows in the form, which keeps what was typed.
 */
export function ServiceBuyDialog({
  item,
  prices,
  onClose,
}: {
  item: MarketItem | null;
  prices: PriceList;
  onClose(): void;
}) {
  const { t } = useTranslation('services');
  const [bought, setBought] = useState<ServiceDetail | null>(null);
  const close = () => {
    setBought(null);
    onClose();
  };
  return (
    <Modal
      opened={item !== null}
      onClose={close}
      title={item ? t('buy.title', { name: t(`items.${item.code}.name`) }) : ''}
      size="lg"
      centered
      data-testid="buy-dialog"
    >
      {item && !bought && (
        <BuyForm key={item.code} item={item} prices={prices} onClose={close} onBought={setBought} />
      )}
      {bought && <BoughtNote service={bought} onClose={close} />}
    </Modal>
  );
}
