import {
  ActionIcon,
  Button,
  Card,
  FileButton,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { type Currency, decimalToMinor } from '@shared/contracts/money';
import {
  EXPRESS_TYPES,
  type ExpressType,
  PDF_LIMIT_BYTES,
  type PURCHASE_COUPON_SCOPES,
  type PurchaseType,
  SHIPPING_TYPES,
  type ShippingType,
} from '@shared/contracts/purchases';
import { formatMoney } from '@shared/i18n/format';
import { useUsableCoupons } from '@shared/queries/payments';
import { useAttachPdf, useCreatePurchase, useWarehouses } from '@shared/queries/purchases';
import { useShops } from '@shared/queries/shops';
import { toast } from '@shared/ui/toast';
import { IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const DETAIL = '/purchaseAndWarehouse/purchaseManageDetail';

interface ItemDraft {
  key: number;
  sku: string;
  link: string;
  price: number | '';
  quantity: number | '';
}

/**
 * A new purchase request (spec section 5): base info (shop, warehouse, express and shipping),
 * items (SKU, link, estimated price, quantity), fees, the shipping address, a coupon of the
 * purchase-fee or freight scopes and PDF attachments. The server checks every rule and answers
 * each with its own message; submitting freezes the estimate less the coupon.
 */
export function PurchaseCreateForm({
  type,
  serviceNo: givenServiceNo,
}: {
  type: PurchaseType;
  serviceNo?: string | undefined;
}) {
  const { t, i18n } = useTranslation('purchases');
  const language = i18n.language as Language;
  const navigate = useNavigate();
  const shops = useShops().data ?? [];
  const warehouses = (useWarehouses(undefined).data?.records ?? []).filter(
    (warehouse) => warehouse.state === 'normal' || warehouse.state === 'insufficient',
  );
  const create = useCreatePurchase();
  const attach = useAttachPdf();
  const key = useRef(crypto.randomUUID());
  const nextItem = useRef(1);
  const [shopId, setShopId] = useState<string | null>(null);
  const [warehouseId, setWarehouseId] = useState<string | null>(null);
  const [expressType, setExpressType] = useState<ExpressType>('ocean');
  const [shippingType, setShippingType] = useState<ShippingType>('homeDelivery');
  const [serviceNo, setServiceNo] = useState(givenServiceNo ?? '');
  const [platformNo, setPlatformNo] = useState('');
  const [items, setItems] = useState<ItemDraft[]>([
    { key: 0, sku: '', link: '', price: '', quantity: 1 },
  ]);
  const [fees, setFees] = useState({ domesticFreight: 0, internationalFreight: 0, serviceFee: 0 });
  const [floatAmount, setFloatAmount] = useState<number>(0);
  const [address, setAddress] = useState({
    province: '',
    area: '',
    detail: '',
    postalCode: '',
    consigneeName: '',
    mobile: '',
  });
  const [remark, setRemark] = useState('');
  const [couponId, setCouponId] = useState<string | null>(null);
  const [attachments, setAttachments] = useState<{ id: string; name: string }[]>([]);

  const warehouse = warehouses.find((entry) => entry.id === warehouseId) ?? warehouses[0];
  const currency: Currency = warehouse?.currency ?? 'THB';
  const minor = (value: number | '') => decimalToMinor(value === '' ? 0 : value, currency) ?? 0;
  const estimate =
    items.reduce(
      (sum, item) => sum + minor(item.price) * (item.quantity === '' ? 0 : item.quantity),
      0,
    ) +
    minor(fees.domesticFreight) +
    minor(fees.internationalFreight) +
    minor(fees.serviceFee);
  // A purchase may use a coupon of any of its scopes (or a general one), its threshold judged on
  // the whole estimate as the server judges it; a general coupon is listed once.
  const usable = (scope: (typeof PURCHASE_COUPON_SCOPES)[number]) =>
    estimate > 0 ? { scope, currency, amount: estimate } : null;
  const forPurchaseFee = useUsableCoupons(usable('purchaseFee')).data;
  const forDomesticFreight = useUsableCoupons(usable('domesticFreight')).data;
  const forInternationalFreight = useUsableCoupons(usable('internationalFreight')).data;
  const coupons = [
    ...new Map(
      [...(forPurchaseFee ?? []), ...(forDomesticFreight ?? []), ...(forInternationalFreight ?? [])]
        .sort((a, b) => b.discount - a.discount)
        .map((entry) => [entry.coupon.id, entry] as const),
    ).values(),
  ];
  // A coupon the estimate no longer reaches is no longer chosen.
  const chosenCoupon = coupons.some((entry) => entry.coupon.id === couponId) ? couponId : null;

  const setItem = (index: number, change: Partial<ItemDraft>) =>
    setItems((all) => all.map((item, i) => (i === index ? { ...item, ...change } : item)));

  const submit = () => {
    create.mutate(
      {
        key: key.current,
        request: {
          type,
          shopId: shopId ?? '',
          warehouseId: warehouseId ?? warehouse?.id ?? '',
          expressType,
          shippingType,
          ...(serviceNo.trim() ? { serviceNo: serviceNo.trim() } : {}),
          ...(platformNo.trim() ? { platformNo: platformNo.trim() } : {}),
          address,
          items: items.map((item) => ({
            sku: item.sku.trim(),
            link: item.link.trim(),
            estimatedPrice: minor(item.price),
            quantity: item.quantity === '' ? 0 : item.quantity,
          })),
          fees: {
            domesticFreight: minor(fees.domesticFreight),
            internationalFreight: minor(fees.internationalFreight),
            serviceFee: minor(fees.serviceFee),
          },
          floatAmount: minor(floatAmount),
          ...(chosenCoupon ? { couponId: chosenCoupon } : {}),
          remark,
          attachments,
        },
      },
      {
        onSuccess: (purchase) => {
          toast({
            color: 'green',
            message: t('messages.created', {
              purchaseNo: purchase.purchaseNo,
              amount: formatMoney(purchase.frozen, purchase.currency, language),
            }),
          });
          void navigate({ to: DETAIL, search: { purchaseNo: purchase.purchaseNo } });
        },
        // A refused request may be sent again, changed: under a new key.
        onError: () => {
          key.current = crypto.randomUUID();
        },
      },
    );
  };

  return (
    <Stack gap="md" data-testid="purchase-create">
      <Title order={3}>
        {t('list.create')} · {t(`types.${type}`)}
      </Title>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          <Select
            label={t('fields.shop')}
            data={shops.map((shop) => ({ value: shop.id, label: shop.alias || shop.name }))}
            value={shopId}
            onChange={setShopId}
            required
          />
          <Select
            label={t('fields.warehouse')}
            data={warehouses.map((entry) => ({ value: entry.id, label: entry.code }))}
            value={warehouseId ?? warehouse?.id ?? null}
            onChange={setWarehouseId}
            required
          />
          <Select
            label={t('fields.expressType')}
            data={EXPRESS_TYPES.map((value) => ({ value, label: t(`express.${value}`) }))}
            value={expressType}
            onChange={(value) => setExpressType((value ?? 'ocean') as ExpressType)}
            allowDeselect={false}
          />
          <Select
            label={t('fields.shippingType')}
            data={SHIPPING_TYPES.map((value) => ({ value, label: t(`shipping.${value}`) }))}
            value={shippingType}
            onChange={(value) => setShippingType((value ?? 'homeDelivery') as ShippingType)}
            allowDeselect={false}
          />
          <TextInput
            label={t('fields.serviceNo')}
            value={serviceNo}
            onChange={(event) => setServiceNo(event.currentTarget.value)}
          />
          <TextInput
            label={t('fields.platformNo')}
            value={platformNo}
            onChange={(event) => setPlatformNo(event.currentTarget.value)}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('fields.items')}
        </Text>
        <Stack gap="xs">
          {items.map((item, index) => (
            <Group key={item.key} align="flex-end" wrap="nowrap">
              <TextInput
                label={t('fields.sku')}
                value={item.sku}
                onChange={(event) => setItem(index, { sku: event.currentTarget.value })}
                w={160}
              />
              <TextInput
                label={t('fields.link')}
                value={item.link}
                onChange={(event) => setItem(index, { link: event.currentTarget.value })}
                style={{ flex: 1 }}
              />
              <NumberInput
                label={t('fields.estimatedPrice')}
                value={item.price}
                min={0}
                decimalScale={2}
                onChange={(value) => setItem(index, { price: value === '' ? '' : Number(value) })}
                w={140}
              />
              <NumberInput
                label={t('fields.quantity')}
                value={item.quantity}
                min={1}
                allowDecimal={false}
                onChange={(value) =>
                  setItem(index, { quantity: value === '' ? '' : Number(value) })
                }
                w={110}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('actions.remove')}
                disabled={items.length === 1}
                onClick={() => setItems((all) => all.filter((_, i) => i !== index))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() =>
                setItems((all) => [
                  ...all,
                  { key: nextItem.current++, sku: '', link: '', price: '', quantity: 1 },
                ])
              }
            >
              {t('actions.addItem')}
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          {(['domesticFreight', 'internationalFreight', 'serviceFee'] as const).map((feeKey) => (
            <NumberInput
              key={feeKey}
              label={t(`fields.${feeKey}`)}
              value={fees[feeKey]}
              min={0}
              decimalScale={2}
              onChange={(value) => setFees((all) => ({ ...all, [feeKey]: Number(value) || 0 }))}
            />
          ))}
          <NumberInput
            label={t('fields.floatAmount')}
            value={floatAmount}
            min={0}
            decimalScale={2}
            onChange={(value) => setFloatAmount(Number(value) || 0)}
          />
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('fields.address')}
        </Text>
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {(['consigneeName', 'mobile', 'province', 'area', 'postalCode', 'detail'] as const).map(
            (field) => (
              <TextInput
                key={field}
                label={t(`fields.${field}`)}
                value={address[field]}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setAddress((all) => ({ ...all, [field]: value }));
                }}
                required
              />
            ),
          )}
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Stack gap="xs">
          <Select
            label={t('fields.coupon')}
            placeholder={t('fields.noCoupon')}
            data={coupons.map((coupon) => ({
              value: coupon.coupon.id,
              label: `${coupon.coupon.name} (−${formatMoney(coupon.discount, currency, language)})`,
            }))}
            value={chosenCoupon}
            onChange={setCouponId}
            clearable
          />
          <Group>
            <FileButton
              accept="application/pdf"
              onChange={(file) => {
                if (!file) return;
                if (file.size > PDF_LIMIT_BYTES) {
                  toast({ color: 'red', message: t('fields.attachments') });
                  return;
                }
                attach.mutate(file, {
                  onSuccess: (stored) =>
                    setAttachments((all) => [...all, { id: stored.id, name: stored.name }]),
                });
              }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={attach.isPending}
                >
                  {t('actions.upload')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {attachments.map((file) => file.name).join(', ') || t('fields.attachments')}
            </Text>
          </Group>
          <Textarea
            label={t('fields.remark')}
            value={remark}
            onChange={(event) => setRemark(event.currentTarget.value)}
            maxLength={500}
            autosize
          />
        </Stack>
      </Card>
      <Group justify="space-between">
        <Text fw={600} data-testid="purchase-estimate">
          {t('messages.estimate', { amount: formatMoney(estimate, currency, language) })}
        </Text>
        <Button onClick={submit} loading={create.isPending} data-testid="purchase-submit">
          {t('actions.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
