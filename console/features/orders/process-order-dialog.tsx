import {
  ActionIcon,
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { OrderItem, PlatformOrder, ProcessOrderRequest } from '@shared/contracts/orders';
import { SERVICE_FEE_PARTS } from '@shared/contracts/service-orders';
import {
  useDealOrderDetail,
  useProcessEstimate,
  useProcessOrder,
  useProductChoices,
  useSavePurchaseLink,
  useUsableCoupons,
} from '@shared/queries/orders';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { IconLink, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { usePermission } from '../../components/permission';
import { useFormat } from './order-parts';

type ItemType = 'crossSale' | 'crossSupplement' | 'crossStoreSale';
const ITEM_TYPES: readonly ItemType[] = ['crossSale', 'crossSupplement', 'crossStoreSale'];
const WAREHOUSE_URL = '/purchaseAndWarehouse/warehouseManage';

/** An item's purchase link: typed in, or taken from one of the seller's products (product choice). */
function PurchaseLinkDialog({
  orderId,
  item,
  onClose,
}: {
  orderId: string;
  item: OrderItem | null;
  onClose(): void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const errorText = useErrorText();
  const save = useSavePurchaseLink();
  const [url, setUrl] = useState('');
  const [supplierSku, setSupplierSku] = useState('');
  const [price, setPrice] = useState<number | string>('');
  const [keyword, setKeyword] = useState('');
  const [choosing, setChoosing] = useState(false);
  const choices = useProductChoices(choosing && item ? orderId : null, keyword);
  const fields = save.error instanceof ApiError ? save.error.fields : [];
  const fieldError = (name: string) => fields.find((field) => field.field === name)?.message;
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('link.title')} centered size="lg">
      {item && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const fen = Math.round(Number(price) * 100);
            save.mutate(
              {
                orderId,
                orderItemId: item.id,
                url: url.trim(),
                ...(supplierSku.trim() ? { supplierSku: supplierSku.trim() } : {}),
                price: Number.isFinite(fen) ? fen : 0,
              },
              {
                onSuccess: () => {
                  toast({ color: 'green', message: t('link.saved') });
                  onClose();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm" fw={600}>
              {item.name}
            </Text>
            <TextInput
              label={t('link.url')}
              description={t('link.urlHint')}
              value={url}
              onChange={(event) => setUrl(event.currentTarget.value)}
              error={fieldError('url')}
              required
              data-testid="link-url"
            />
            <SimpleGrid cols={2}>
              <TextInput
                label={t('link.supplierSku')}
                value={supplierSku}
                onChange={(event) => setSupplierSku(event.currentTarget.value)}
                error={fieldError('supplierSku')}
              />
              <NumberInput
                label={t('link.price')}
                value={price}
                onChange={setPrice}
                min={0.01}
                decimalScale={2}
                error={fieldError('price')}
                required
                data-testid="link-price"
              />
            </SimpleGrid>
            <Button
              variant="subtle"
              leftSection={<IconSearch size={14} />}
              w="fit-content"
              onClick={() => setChoosing(true)}
              data-testid="link-choose"
            >
              {t('actions.chooseProduct')}
            </Button>
            {choosing && (
              <Paper withBorder p="xs" radius="md" data-testid="product-choices">
                <Stack gap="xs">
                  <TextInput
                    placeholder={t('choice.keyword')}
                    value={keyword}
                    onChange={(event) => setKeyword(event.currentTarget.value)}
                    leftSection={<IconSearch size={14} />}
                  />
                  {choices.isPending && <Loader size="sm" />}
                  {choices.data?.length === 0 && (
                    <Text size="sm" c="dimmed">
                      {t('choice.empty')}
                    </Text>
                  )}
                  {choices.data?.map((choice) => (
                    <Group
                      key={`${choice.kind}-${choice.id}`}
                      justify="space-between"
                      wrap="nowrap"
                    >
                      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                        <Avatar src={choice.image} size={28} radius="sm" alt="" />
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text size="sm" truncate maw={300}>
                            {choice.title}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`choice.kinds.${choice.kind}`)}
                            {choice.url ? '' : ` · ${t('choice.noLink')}`}
                          </Text>
                        </Stack>
                      </Group>
                      <Button
                        size="compact-xs"
                        variant="light"
                        disabled={!choice.url}
                        onClick={() => {
                          if (choice.url) setUrl(choice.url);
                          if (choice.price !== null) setPrice(choice.price / 100);
                          setChoosing(false);
                        }}
                      >
                        {t('actions.use')}
                      </Button>
                    </Group>
                  ))}
                </Stack>
              </Paper>
            )}
            {save.isError && !fields.length && <FormFailure message={errorText(save.error)} />}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="link-save">
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function ProcessForm({ order, onClose }: { order: PlatformOrder; onClose(): void }) {
  const { t } = useTranslation(['orders', 'common', 'errors', 'members']);
  const format = useFormat();
  const errorText = useErrorText();
  const deal = useDealOrderDetail(order.id);
  const process = useProcessOrder();
  const canLink = usePermission('purchaseLink');
  const canGift = usePermission('giftShipment');
  // One submission: a repeat (a double click, a retry after a timeout) makes nothing twice.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [types, setTypes] = useState<Record<string, ItemType>>({});
  const [gifts, setGifts] = useState<{ key: string; name: string; quantity: number }[]>([]);
  const [couponId, setCouponId] = useState<string | null>(null);
  const [linkFor, setLinkFor] = useState<OrderItem | null>(null);
  const items = deal.data?.items ?? [];
  const typeOf = (id: string, suggested: ItemType) => types[id] ?? suggested;
  const request: ProcessOrderRequest | null = deal.data
    ? {
        orderId: order.id,
        items: items.map(({ item, suggestedType }) => ({
          orderItemId: item.id,
          type: typeOf(item.id, suggestedType as ItemType),
        })),
        gifts: gifts
          .filter((gift) => gift.name.trim() && gift.quantity > 0)
          .map(({ name, quantity }) => ({ name, quantity })),
        idempotencyKey,
      }
    : null;
  const missing = items.filter(
    ({ item, purchaseLink, suggestedType }) =>
      typeOf(item.id, suggestedType as ItemType) !== 'crossStoreSale' && !purchaseLink,
  );
  const estimate = useProcessEstimate(missing.length === 0 ? request : null);
  const currency = deal.data?.walletCurrency ?? order.currency;
  const coupons = useUsableCoupons(
    estimate.data ? { scope: 'serviceFee', currency, amount: estimate.data.estimate } : null,
  );
  const discount = coupons.data?.find((entry) => entry.coupon.id === couponId)?.discount ?? 0;
  const failure = process.error instanceof ApiError ? process.error : null;
  const warehouseFailure =
    failure?.key === 'WAREHOUSE_VOLUME_SHORT' || failure?.key === 'WAREHOUSE_EXPIRED';

  if (deal.isPending)
    return (
      <Group justify="center" py="lg">
        <Loader />
      </Group>
    );
  if (deal.isError) return <FormFailure message={errorText(deal.error)} />;
  if (deal.data.blocked)
    return (
      <Alert color="orange" variant="light" data-testid="process-blocked">
        {t(`process.blocked.${deal.data.blocked}`)}
      </Alert>
    );

  return (
    <>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!request || missing.length) return;
          process.mutate(
            { ...request, ...(couponId ? { couponId } : {}) },
            {
              onSuccess: (result) => {
                toast({
                  color: 'green',
                  message: t('process.submitted', {
                    amount: format.money(result.frozen, result.currency),
                  }),
                });
                onClose();
              },
            },
          );
        }}
      >
        <Stack gap="md" data-testid="process-form">
          <Text size="sm" c="dimmed">
            {t('process.intro')}
          </Text>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.item')}</Table.Th>
                <Table.Th>{t('process.type')}</Table.Th>
                <Table.Th>{t('process.link')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map(({ item, purchaseLink, suggestedType }) => {
                const type = typeOf(item.id, suggestedType as ItemType);
                return (
                  <Table.Tr key={item.id} data-testid="process-item" data-item-id={item.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Avatar src={item.image} radius="sm" size={32} alt="" />
                        <Stack gap={0}>
                          <Text size="sm" lineClamp={1}>
                            {item.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {[item.attributes, `×${item.quantity}`].filter(Boolean).join(' · ')}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td w={200}>
                      <Select
                        size="xs"
                        data={ITEM_TYPES.map((value) => ({
                          value,
                          label: t(`serviceTypes.${value}`),
                        }))}
                        value={type}
                        allowDeselect={false}
                        comboboxProps={{ hideDetached: false }}
                        onChange={(value) =>
                          value && setTypes({ ...types, [item.id]: value as ItemType })
                        }
                        aria-label={t('process.type')}
                        data-testid="process-type"
                      />
                    </Table.Td>
                    <Table.Td w={220}>
                      {type === 'crossStoreSale' ? (
                        <Text size="xs" c="dimmed">
                          —
                        </Text>
                      ) : purchaseLink ? (
                        <Stack gap={0}>
                          <Anchor
                            href={purchaseLink.url}
                            target="_blank"
                            rel="noreferrer"
                            size="xs"
                            truncate
                            maw={200}
                          >
                            {purchaseLink.url}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {t('process.linkPrice', {
                              price: format.money(purchaseLink.price, 'CNY'),
                            })}
                          </Text>
                        </Stack>
                      ) : (
                        <Group gap={6} wrap="nowrap">
                          <Text size="xs" c="red" data-testid="process-missing-link">
                            {t('process.noLink')}
                          </Text>
                          {canLink && (
                            <Button
                              size="compact-xs"
                              variant="light"
                              leftSection={<IconLink size={12} />}
                              onClick={() => setLinkFor(item)}
                              data-testid="process-add-link"
                            >
                              {t('actions.purchaseLink')}
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          {canGift && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  {t('process.gifts')}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconPlus size={12} />}
                  onClick={() =>
                    setGifts([...gifts, { key: crypto.randomUUID(), name: '', quantity: 1 }])
                  }
                  data-testid="process-add-gift"
                >
                  {t('actions.addGift')}
                </Button>
              </Group>
              {gifts.length > 0 && (
                <Text size="xs" c="dimmed">
                  {t('process.giftsHint')}
                </Text>
              )}
              {gifts.map((gift, index) => (
                <Group key={gift.key} gap="xs" wrap="nowrap">
                  <TextInput
                    size="xs"
                    placeholder={t('process.giftName')}
                    aria-label={t('process.giftName')}
                    value={gift.name}
                    onChange={(event) =>
                      setGifts(
                        gifts.map((g, i) =>
                          i === index ? { ...g, name: event.currentTarget.value } : g,
                        ),
                      )
                    }
                    style={{ flex: 1 }}
                  />
                  <NumberInput
                    size="xs"
                    w={90}
                    min={1}
                    max={999}
                    aria-label={t('fields.quantity')}
                    value={gift.quantity}
                    onChange={(value) =>
                      setGifts(
                        gifts.map((g, i) =>
                          i === index ? { ...g, quantity: Number(value) || 1 } : g,
                        ),
                      )
                    }
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('actions.remove')}
                    onClick={() => setGifts(gifts.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <Paper withBorder radius="md" p="sm" data-testid="process-estimate">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                {t('process.estimate')}
              </Text>
              {missing.length > 0 ? (
                <Text size="sm" c="red">
                  {t('errors:ORDER_PURCHASE_LINK_MISSING')}
                </Text>
              ) : estimate.isPending ? (
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    {t('process.estimating')}
                  </Text>
                </Group>
              ) : estimate.isError ? (
                <FormFailure message={errorText(estimate.error)} />
              ) : (
                <>
                  <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs">
                    {SERVICE_FEE_PARTS.map((part) => (
                      <Group key={part} justify="space-between" gap={4}>
                        <Text size="xs" c="dimmed">
                          {t(`fees.${part}`)}
                        </Text>
                        <Text size="xs">
                          {format.money(
                            estimate.data.estimates.reduce(
                              (sum, entry) => sum + entry.fees[part],
                              0,
                            ),
                            estimate.data.currency,
                          )}
                        </Text>
                      </Group>
                    ))}
                  </SimpleGrid>
                  <Select
                    size="xs"
                    label={t('process.coupon')}
                    data={[
                      { value: '', label: t('process.noCoupon') },
                      ...(coupons.data ?? []).map((entry) => ({
                        value: entry.coupon.id,
                        label: `${entry.coupon.name} · ${t('process.couponOff', { amount: format.money(entry.discount, currency) })}`,
                      })),
                    ]}
                    value={couponId ?? ''}
                    allowDeselect={false}
                    comboboxProps={{ hideDetached: false }}
                    onChange={(value) => setCouponId(value || null)}
                    data-testid="process-coupon"
                  />
                  <Group justify="space-between">
                    <Text size="sm">{t('process.toFreeze')}</Text>
                    <Text size="lg" fw={700} data-testid="process-to-freeze">
                      {format.money(
                        Math.max(estimate.data.estimate - discount, 0),
                        estimate.data.currency,
                      )}
                    </Text>
                  </Group>
                </>
              )}
            </Stack>
          </Paper>
          {process.isError && !warehouseFailure && (
            <FormFailure message={errorText(process.error)} />
          )}
          {warehouseFailure && (
            <Alert color="orange" variant="light">
              <Group justify="space-between">
                <Text size="sm">{errorText(process.error)}</Text>
                <Button component={Link} to={WAREHOUSE_URL} size="compact-sm" variant="light">
                  {t(
                    failure?.key === 'WAREHOUSE_EXPIRED'
                      ? 'members:buttons.renew'
                      : 'members:buttons.upgrade',
                  )}
                </Button>
              </Group>
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              loading={process.isPending}
              disabled={missing.length > 0 || !estimate.data}
              data-testid="process-submit"
            >
              {t('actions.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: a portal's submit still bubbles through the React tree. */}
      <PurchaseLinkDialog orderId={order.id} item={linkFor} onClose={() => setLinkFor(null)} />
    </>
  );
}

/**
 * Processing an order into service orders (spec section 2): per item bought through a purchase
 * link, restocked or shipped from overseas stock, gifts, the fee estimate and a coupon; submitting
 * freezes the estimate (-10 opens the recharge dialog, a missing warehouse the store-open one).
 */
export function ProcessOrderDialog({
  order,
  onClose,
}: {
  order: PlatformOrder | null;
  onClose(): void;
}) {
  const { t } = useTranslation('orders');
  return (
    <Modal
      opened={order !== null}
      onClose={onClose}
      title={order ? t('process.title', { orderNo: order.orderNo }) : ''}
      size="xl"
      centered
      data-testid="process-dialog"
    >
      {order && <ProcessForm key={order.id} order={order} onClose={onClose} />}
    </Modal>
  );
}
