import {
  ActionIcon,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { OrderDetail } from '@shared/contracts/orders';
import type { ShopDetail } from '@shared/contracts/shops';
import { useCreateOrder } from '@shared/queries/orders';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';

interface ItemDraft {
  /** The row's own key: rows can be removed from the middle. */
  key: string;
  sku: string;
  name: string;
  quantity: number | string;
  price: number | string;
}

const emptyItem = (): ItemDraft => ({
  key: crypto.randomUUID(),
  sku: '',
  name: '',
  quantity: 1,
  price: '',
});

function ManualOrderForm({
  shops,
  onClose,
  onCreated,
}: {
  shops: readonly ShopDetail[];
  onClose(): void;
  onCreated(order: OrderDetail['order']): void;
}) {
  const { t } = useTranslation(['orders', 'common', 'validation']);
  const errorText = useErrorText();
  const create = useCreateOrder();
  const [shopId, setShopId] = useState<string | null>(shops[0]?.id ?? null);
  const shop = shops.find((entry) => entry.id === shopId) ?? null;
  const [orderType, setOrderType] = useState<'crossBorder' | 'local'>(
    shop?.type === 'local' ? 'local' : 'crossBorder',
  );
  const [orderNo, setOrderNo] = useState('');
  const [items, setItems] = useState<ItemDraft[]>([emptyItem()]);
  const [receiver, setReceiver] = useState('');
  const [phone, setPhone] = useState('');
  const [address, setAddress] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const failure = create.error instanceof ApiError ? create.error : null;
  const fieldError = (name: string) => {
    const found = failure?.fields.find((field) => field.field === name)?.message;
    if (found) return found;
    // Out of stock names its item's SKU field.
    const stock =
      failure?.key === 'ORDER_ITEM_OUT_OF_STOCK'
        ? (failure.datas as { fields?: string[] } | null)
        : null;
    if (stock?.fields?.includes(name)) return failure?.serverMessage ?? undefined;
    if (failure?.key === 'ORDER_NUMBER_TAKEN' && name === 'orderNo')
      return failure.serverMessage ?? undefined;
    return undefined;
  };
  const decimals = 100;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!shop) return setLocalError(t('validation:required'));
        if (items.length === 0) return setLocalError(t('manual.noItems'));
        setLocalError(null);
        create.mutate(
          {
            shopId: shop.id,
            site: shop.site,
            platform: shop.platform,
            orderType,
            orderNo: orderNo.trim(),
            items: items.map((item) => ({
              sku: item.sku.trim(),
              name: item.name.trim(),
              quantity: Number(item.quantity),
              price: Math.round(Number(item.price) * decimals),
            })),
            receiver: receiver.trim(),
            phone: phone.trim(),
            address: address.trim(),
          },
          {
            onSuccess: (detail) => {
              toast({
                color: 'green',
                message: t('manual.created', { orderNo: detail.order.orderNo }),
              });
              onCreated(detail.order);
            },
          },
        );
      }}
    >
      <Stack gap="md" data-testid="manual-order-form">
        <Text size="sm" fw={600}>
          {t('manual.basics')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 3 }}>
          <Select
            label={t('fields.shop')}
            data={shops.map((entry) => ({ value: entry.id, label: entry.alias || entry.name }))}
            value={shopId}
            onChange={(value) => {
              setShopId(value);
              const next = shops.find((entry) => entry.id === value);
              setOrderType(next?.type === 'local' ? 'local' : 'crossBorder');
            }}
            error={fieldError('shopId')}
            comboboxProps={{ hideDetached: false }}
            required
            data-testid="manual-shop"
          />
          <TextInput
            label={t('fields.site')}
            value={shop ? t(`common:sites.${shop.site}`) : ''}
            readOnly
            error={fieldError('site')}
          />
          <Select
            label={t('fields.orderType')}
            data={(['crossBorder', 'local'] as const).map((value) => ({
              value,
              label: t(`orderTypes.${value}`),
            }))}
            value={orderType}
            allowDeselect={false}
            onChange={(value) => value && setOrderType(value as 'crossBorder' | 'local')}
            error={fieldError('orderType')}
            comboboxProps={{ hideDetached: false }}
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.orderNo')}
          description={shop ? t(`manual.formatHint.${shop.platform}`) : undefined}
          value={orderNo}
          onChange={(event) => setOrderNo(event.currentTarget.value)}
          error={fieldError('orderNo')}
          required
          data-testid="manual-order-no"
        />
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {t('manual.items')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} />}
            onClick={() => setItems([...items, emptyItem()])}
          >
            {t('actions.addItem')}
          </Button>
        </Group>
        {orderType === 'local' && (
          <Text size="xs" c="dimmed">
            {t('manual.localStock')}
          </Text>
        )}
        {items.map((item, index) => {
          const set = (patch: Partial<ItemDraft>) =>
            setItems(items.map((entry, i) => (i === index ? { ...entry, ...patch } : entry)));
          return (
            <Group
              key={item.key}
              gap="xs"
              align="flex-start"
              wrap="nowrap"
              data-testid="manual-item"
            >
              <TextInput
                size="xs"
                label={t('fields.sku')}
                value={item.sku}
                onChange={(e) => set({ sku: e.currentTarget.value })}
                error={fieldError(`items.${index}.sku`)}
                w={130}
              />
              <TextInput
                size="xs"
                label={t('manual.name')}
                value={item.name}
                onChange={(e) => set({ name: e.currentTarget.value })}
                error={fieldError(`items.${index}.name`)}
                style={{ flex: 1 }}
              />
              <NumberInput
                size="xs"
                label={t('fields.quantity')}
                value={item.quantity}
                onChange={(value) => set({ quantity: value })}
                min={1}
                w={90}
                error={fieldError(`items.${index}.quantity`)}
              />
              <NumberInput
                size="xs"
                label={t('manual.price')}
                value={item.price}
                onChange={(value) => set({ price: value })}
                min={0.01}
                decimalScale={2}
                w={110}
                error={fieldError(`items.${index}.price`)}
              />
              <ActionIcon
                mt={24}
                variant="subtle"
                color="red"
                aria-label={t('actions.remove')}
                onClick={() => setItems(items.filter((_, i) => i !== index))}
              >
                <IconTrash size={14} />
              </ActionIcon>
            </Group>
          );
        })}
        {fieldError('items') && (
          <Text size="xs" c="red">
            {fieldError('items')}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('manual.receiving')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('fields.receiver')}
            value={receiver}
            onChange={(e) => setReceiver(e.currentTarget.value)}
            error={fieldError('receiver')}
            required
          />
          <TextInput
            label={t('fields.phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            error={fieldError('phone')}
            required
            data-testid="manual-phone"
          />
        </SimpleGrid>
        <Textarea
          label={t('fields.address')}
          value={address}
          onChange={(e) => setAddress(e.currentTarget.value)}
          error={fieldError('address')}
          required
          autosize
          minRows={2}
        />
        <FormFailure
          message={
            localError ??
            (create.isError &&
            failure?.fields.length === 0 &&
            failure.key !== 'ORDER_NUMBER_TAKEN' &&
            failure.key !== 'ORDER_ITEM_OUT_OF_STOCK'
              ? errorText(create.error)
              : null)
          }
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="manual-submit">
            {t('actions.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A manual order (spec section 5): basics, items, receiving; each rule's failure by its field. */
export function ManualOrderDialog({
  opened,
  shops,
  onClose,
  onCreated,
}: {
  opened: boolean;
  shops: readonly ShopDetail[];
  onClose(): void;
  onCreated(order: OrderDetail['order']): void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Modal opened={opened} onClose={onClose} title={t('manual.title')} size="xl" centered>
      {opened && <ManualOrderForm shops={shops} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}
