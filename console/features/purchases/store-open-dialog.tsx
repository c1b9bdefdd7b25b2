import { Alert, Button, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { WAREHOUSE_MIN_CBM, type WarehouseSite } from '@shared/contracts/warehouses';
import { formatMoney } from '@shared/i18n/format';
import { useUsableCoupons } from '@shared/queries/payments';
import { useWarehouseAction, useWarehouseQuote, useWarehouses } from '@shared/queries/purchases';
import { toast } from '@shared/ui/toast';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const WAREHOUSES = '/purchaseAndWarehouse/warehouseManage';

/**
 * The store-open dialog (spec section 8, key WAREHOUSE_NOT_BUY; also the warehouse page's Open
 * button): a site whose price names a currency, a volume of at least 1 CBM, the price of the rest
 * of this month by the day, an opening coupon, and Pay from the balance. A short balance opens
 * the insufficient-balance dialog with the shortfall, through the one error handler. Opened by an
 * action's WAREHOUSE_NOT_BUY, paying leaves the seller on that screen to take the action again.
 */
export function StoreOpenBody({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation(['purchases', 'common']);
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const onWarehousePage = useRouterState({
    select: (state) => state.location.pathname.endsWith(WAREHOUSES),
  });
  const prices = useWarehouses(undefined).data?.prices ?? [];
  const offered = prices.filter((price) => price.available);
  const [site, setSite] = useState<WarehouseSite | null>('th');
  const [volume, setVolume] = useState<number>(WAREHOUSE_MIN_CBM);
  const [couponId, setCouponId] = useState<string | null>(null);
  const chosen = offered.some((price) => price.site === site) ? site : (offered[0]?.site ?? null);
  const quote = useWarehouseQuote(chosen, volume).data;
  const coupons = useUsableCoupons(
    quote ? { scope: 'openWarehouse', currency: quote.currency, amount: quote.amount } : null,
  ).data;
  const discount = coupons?.find((entry) => entry.coupon.id === couponId)?.discount ?? 0;
  const action = useWarehouseAction();
  // One order per site and volume: paying again after a recharge pays the same order.
  const key = useRef(crypto.randomUUID());
  const valid = Number.isInteger(volume) && volume >= WAREHOUSE_MIN_CBM && !!chosen && !!quote;
  return (
    <Stack data-testid="store-open-dialog">
      <Text size="sm" c="dimmed">
        {t('storeOpen.hint')}
      </Text>
      <Select
        label={t('storeOpen.site')}
        data={prices.map((price) => ({
          value: price.site,
          label: price.available
            ? `${t(`warehouse.sites.${price.site}`)} · ${formatMoney(price.pricePerCbm ?? 0, price.currency ?? 'USD', language)}`
            : `${t(`warehouse.sites.${price.site}`)} · ${t('warehouse.hints.unavailable')}`,
          disabled: !price.available,
        }))}
        value={chosen}
        onChange={(value) => {
          key.current = crypto.randomUUID();
          setSite(value as WarehouseSite | null);
        }}
        allowDeselect={false}
      />
      <NumberInput
        label={t('storeOpen.volume')}
        description={t('warehouse.hints.min')}
        value={volume}
        min={WAREHOUSE_MIN_CBM}
        allowDecimal={false}
        onChange={(value) => {
          key.current = crypto.randomUUID();
          setVolume(Number(value));
        }}
        error={volume < WAREHOUSE_MIN_CBM ? t('warehouse.hints.min') : undefined}
      />
      {quote && (
        <Text size="sm" data-testid="store-open-quote">
          {t('storeOpen.quote', {
            days: quote.days,
            total: quote.daysInMonth,
            month: quote.month,
            price: formatMoney(quote.pricePerCbm, quote.currency, language),
          })}
        </Text>
      )}
      <Select
        label={t('fields.coupon')}
        placeholder={t('fields.noCoupon')}
        data={(coupons ?? []).map((entry) => ({
          value: entry.coupon.id,
          label: `${entry.coupon.name} (−${formatMoney(entry.discount, quote?.currency ?? 'USD', language)})`,
        }))}
        value={couponId}
        onChange={setCouponId}
        clearable
      />
      {offered.length === 0 && <Alert color="gray">{t('warehouse.hints.unavailable')}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('common:actions.close')}
        </Button>
        <Button
          disabled={!valid}
          loading={action.isPending}
          data-testid="store-open-pay"
          onClick={() => {
            if (!chosen) return;
            action.mutate(
              {
                kind: 'open',
                site: chosen,
                volume,
                ...(couponId ? { couponId } : {}),
                key: key.current,
              },
              {
                onSuccess: (result) => {
                  const opened = result as { warehouse: { code: string } | null };
                  toast({
                    color: 'green',
                    message: t('storeOpen.opened', { code: opened.warehouse?.code ?? '' }),
                  });
                  onClose();
                  // On the warehouse page its site's tab shows it; elsewhere (an action answered
                  // "no warehouse") the seller stays where they were, with what they had entered.
                  if (onWarehousePage) void navigate({ to: WAREHOUSES, search: { site: chosen } });
                },
              },
            );
          }}
        >
          {t('warehouse.actions.pay', {
            amount: quote
              ? formatMoney(Math.max(quote.amount - discount, 0), quote.currency, language)
              : '—',
          })}
        </Button>
      </Group>
    </Stack>
  );
}
