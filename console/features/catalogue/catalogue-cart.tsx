import {
  ActionIcon,
  Button,
  Drawer,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import {
  CART_QUANTITY_MAX,
  type Cart,
  type CartLine,
  type CatalogueProductDetail,
} from '@shared/contracts/catalogue';
import { useCart, useCartChanges } from '@shared/queries/catalogue';
import { useSessionStore } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import { Thumbnail } from '../../components/product-cell';
import { SiteStockBadges, useFormats } from './catalogue-parts';

/** The sum of a cart's quantities: the header's cart count (spec section 3). */
export const cartCount = (lines: readonly { quantity: number }[]) =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/**
 * The cart's changes, each followed by the session's skuList (and so the header's count), taken
 * from the cart the server answered.
 */
function useCartEditing() {
  const store = useSessionStore();
  return useCartChanges((cart: Cart) => {
    const session = store.getState().snapshot.session;
    if (!session) return;
    store.getState().updateUser({
      ...session.user,
      skuList: cart.lines.map((line) => ({ skuId: line.skuId, quantity: line.quantity })),
    });
  });
}

/** A quantity from 1 to the cart's maximum, or null while the field is empty or wrong. */
function quantityOf(value: string | number): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) && number >= 1 && number <= CART_QUANTITY_MAX ? number : null;
}

/** One cart line: its quantity saved when it changes (on blur or Enter), and its removal. */
function CartRow({ line }: { line: CartLine }) {
  const { t } = useTranslation('catalogue');
  const format = useFormats();
  const errorText = useErrorText();
  const { update, remove } = useCartEditing();
  const [value, setValue] = useState<string | number>(line.quantity);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(line.quantity), [line.quantity]);

  function save() {
    const quantity = quantityOf(value);
    if (quantity === null) {
      setError(t('cart.errors.quantity', { max: CART_QUANTITY_MAX }));
      return;
    }
    setError(null);
    if (quantity === line.quantity) return;
    update.mutate(
      { skuId: line.skuId, quantity },
      { onError: (failure) => setError(errorText(failure)) },
    );
  }

  return (
    <Table.Tr data-testid="cart-line" data-sku={line.skuId}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Thumbnail src={line.image} size={40} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" lineClamp={2}>
              {line.title}
            </Text>
            {line.options.length > 0 && (
              <Text size="xs" c="dimmed">
                {line.options.join(' / ')}
              </Text>
            )}
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {format.money(line.price, line.currency)}
        </Text>
      </Table.Td>
      <Table.Td w={120}>
        <NumberInput
          size="xs"
          min={1}
          max={CART_QUANTITY_MAX}
          allowDecimal={false}
          allowNegative={false}
          value={value}
          onChange={setValue}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === 'Enter') save();
          }}
          error={error}
          aria-label={t('cart.quantityOf', { title: line.title })}
          data-testid="cart-quantity"
        />
      </Table.Td>
      <Table.Td>
        <Tooltip label={t('cart.remove')}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('cart.removeOf', { title: line.title })}
            loading={remove.isPending}
            onClick={() =>
              remove.mutate([line.skuId], {
                onError: (failure) =>
                  toast({ color: 'red', message: errorText(failure), autoClose: 5000 }),
              })
            }
            data-testid="cart-remove"
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}

/** The cart: its lines with quantities to change and lines to remove, and the total count. */
export function CartDrawer({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation('catalogue');
  const cart = useCart();
  const lines = cart.data?.lines ?? [];
  let body: React.ReactNode;
  if (cart.isPending) body = <SkeletonRows rows={4} height={40} />;
  else if (cart.isError)
    body = (
      <LoadFailed
        title={t('cart.loadError')}
        retrying={cart.isFetching}
        onRetry={() => void cart.refetch()}
      />
    );
  else if (lines.length === 0)
    body = (
      <EmptyState
        icon={<IconShoppingCart size={28} />}
        title={t('cart.emptyTitle')}
        hint={t('cart.emptyHint')}
        py={48}
      />
    );
  else
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={460}>
          <Table verticalSpacing="xs" aria-label={t('cart.title')} data-testid="cart-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.product')}</Table.Th>
                <Table.Th ta="right">{t('columns.price')}</Table.Th>
                <Table.Th>{t('cart.quantity')}</Table.Th>
                <Table.Th aria-label={t('cart.remove')} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line) => (
                <CartRow key={line.skuId} line={line} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm" ta="right" fw={600} data-testid="cart-total">
          {t('cart.total', { count: cartCount(lines) })}
        </Text>
      </Stack>
    );
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={t('cart.title')}
      data-testid="cart-drawer"
    >
      {body}
    </Drawer>
  );
}

/**
 * The SKUs of one product with a quantity each, added to the cart together (from a list's row or
 * the product's page). Quantities are checked before any call.
 */
export function AddToCartForm({
  product,
  onAdded,
}: {
  product: CatalogueProductDetail;
  onAdded?: () => void;
}) {
  const { t } = useTranslation('catalogue');
  const format = useFormats();
  const errorText = useErrorText();
  const { add } = useCartEditing();
  const [quantities, setQuantities] = useState<Record<string, string | number>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit() {
    setFailure(null);
    const chosen = product.skus.flatMap((sku) => {
      const raw = quantities[sku.id];
      return raw === undefined || raw === '' || raw === 0 ? [] : [{ sku, raw }];
    });
    if (chosen.length === 0) {
      setFailure(t('cart.errors.none'));
      return;
    }
    const wrong = chosen.find(({ raw }) => quantityOf(raw) === null);
    if (wrong) {
      setFailure(t('cart.errors.quantity', { max: CART_QUANTITY_MAX }));
      return;
    }
    setPending(true);
    try {
      let added = 0;
      for (const { sku, raw } of chosen) {
        const quantity = quantityOf(raw) ?? 0;
        await add.mutateAsync({ skuId: sku.id, quantity });
        added += quantity;
      }
      setQuantities({});
      toast({ color: 'green', message: t('cart.added', { count: added }) });
      onAdded?.();
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setPending(false);
    }
  }

  return (
    <Stack gap="sm" data-testid="add-to-cart">
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={6} aria-label={t('details.skus')} data-testid="sku-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('details.sku')}</Table.Th>
              <Table.Th ta="right">{t('columns.price')}</Table.Th>
              <Table.Th>{t('columns.stock')}</Table.Th>
              <Table.Th>{t('cart.quantity')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {product.skus.map((sku) => {
              const label = sku.options.length > 0 ? sku.options.join(' / ') : sku.skuCode;
              return (
                <Table.Tr key={sku.id} data-testid="sku-row">
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Thumbnail src={sku.image ?? product.cover} size={32} />
                      <Stack gap={0}>
                        <Text size="sm">{label}</Text>
                        <Text size="xs" c="dimmed">
                          {sku.skuCode}
                        </Text>
                      </Stack>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={0} align="flex-end">
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {format.money(sku.price, product.currency)}
                      </Text>
                      {sku.originalPrice !== null && sku.originalPrice > sku.price && (
                        <Text size="xs" c="dimmed" td="line-through">
                          {format.money(sku.originalPrice, product.currency)}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    {sku.stockBySite.length > 0 ? (
                      <SiteStockBadges stock={sku.stockBySite} />
                    ) : (
                      <Text size="sm">{format.number(sku.stock)}</Text>
                    )}
                  </Table.Td>
                  <Table.Td w={110}>
                    <NumberInput
                      size="xs"
                      min={0}
                      max={CART_QUANTITY_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      placeholder="0"
                      value={quantities[sku.id] ?? ''}
                      onChange={(value) =>
                        setQuantities((current) => ({ ...current, [sku.id]: value }))
                      }
                      aria-label={t('cart.quantityOf', { title: label })}
                      data-testid="sku-quantity"
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <FormFailure message={failure} testId="add-to-cart-failure" />
      <Group justify="flex-end">
        <Button
          leftSection={<IconShoppingCart size={16} />}
          loading={pending}
          onClick={() => void submit()}
          data-testid="add-to-cart-submit"
        >
          {t('cart.add')}
        </Button>
      </Group>
    </Stack>
  );
}
