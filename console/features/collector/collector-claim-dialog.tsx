import { Alert, Button, Group, List, Modal, Paper, Stack, Text } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import {
  applyPricing,
  CLAIM_PRODUCTS_MAX,
  CLAIM_SHOPS_MAX,
  type ClaimConflicts,
  ClaimConflictsSchema,
  DEFAULT_PLUGIN_SETTINGS,
  type PluginSettingsInput,
} from '@shared/contracts/collector';
import { useClaimCollected, usePluginSettings } from '@shared/queries/collector';
import { useShops } from '@shared/queries/shops';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import { toast } from '@shared/ui/toast';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { useFormats } from './collector-parts';
import { claimableShops, ShopPicker } from './collector-shop-picker';

/** What the claim dialog needs to know of each product it claims. */
export interface ClaimProduct {
  id: string;
  title: string;
  currency: string;
  priceMin: number | null;
  priceMax: number | null;
}

/** The pairs COLLECT_ALREADY_CLAIMED names, when the error is one. */
function conflictsOf(error: unknown): ClaimConflicts['conflicts'] | null {
  if (!(error instanceof ApiError) || error.key !== 'COLLECT_ALREADY_CLAIMED') return null;
  const parsed = ClaimConflictsSchema.safeParse(error.datas);
  return parsed.success ? parsed.data.conflicts : [];
}

/** The first product's price as it is now and as the pricing template would make it. */
function PricePreview({
  product,
  pricing,
}: {
  product: ClaimProduct;
  pricing: PluginSettingsInput['pricing'];
}) {
  const { t } = useTranslation('collector');
  const format = useFormats();
  const source = format.range(product.priceMin, product.priceMax, product.currency);
  const priced = (minor: number | null) =>
    minor === null ? null : applyPricing(minor, product.currency, pricing);
  const claimed = format.range(
    priced(product.priceMin),
    priced(product.priceMax),
    product.currency,
  );
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="claim-price-preview">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('claim.preview.title')}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {product.title}
        </Text>
        {source && claimed ? (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('claim.preview.source', { price: source })}</Text>
            <IconArrowRight size={14} aria-hidden />
            <Text
              size="sm"
              fw={600}
              c="var(--mantine-primary-color-filled)"
              data-testid="claim-price-claimed"
            >
              {t('claim.preview.claimed', { price: claimed })}
            </Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('claim.preview.noPrice')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('claim.preview.template', {
            markup: pricing.markupPercent,
            rounding: t(`settings.rounding.${pricing.rounding}`),
          })}
        </Text>
      </Stack>
    </Paper>
  );
}

function ClaimForm({
  products: initialProducts,
  defaults,
  onClose,
  onClaimed,
}: {
  products: readonly ClaimProduct[];
  defaults: PluginSettingsInput;
  onClose(): void;
  onClaimed?: ((ids: string[]) => void) | undefined;
}) {
  const { t } = useTranslation(['collector', 'common']);
  const errorText = useErrorText();
  const claim = useClaimCollected();
  const shops = useShops();
  const usable = new Set(claimableShops(shops.data ?? []).map((shop) => shop.id));
  const [products, setProducts] = useState(initialProducts);
  // The default shops that can take products now; a shop that went abnormal is left out.
  const [shopIds, setShopIds] = useState<string[] | null>(null);
  const chosen = shopIds ?? defaults.defaultShopIds.filter((id) => usable.has(id));
  const [shopError, setShopError] = useState<string | undefined>();
  const [conflicts, setConflicts] = useState<ClaimConflicts['conflicts'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const first = products[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (claim.isPending) return;
    setFailure(null);
    if (chosen.length === 0) {
      setShopError(t('claim.errors.chooseShop'));
      return;
    }
    if (chosen.length > CLAIM_SHOPS_MAX) {
      setShopError(t('claim.errors.tooManyShops', { count: CLAIM_SHOPS_MAX }));
      return;
    }
    if (products.length === 0) {
      setFailure(t('claim.errors.noProducts'));
      return;
    }
    if (products.length > CLAIM_PRODUCTS_MAX) {
      setFailure(t('claim.errors.tooManyProducts', { count: CLAIM_PRODUCTS_MAX }));
      return;
    }
    setConflicts(null);
    try {
      const ids = products.map((product) => product.id);
      const result = await claim.mutateAsync({ ids, shopIds: chosen });
      toast({
        color: 'green',
        message: t('claim.done', { count: result.products.length }),
      });
      // Checked for publishing at the claim: say at once how many need fixing first.
      const blocked = result.products.filter((product) => product.readiness.errors > 0).length;
      if (blocked > 0) toast({ color: 'blue', message: t('claim.blocked', { count: blocked }) });
      onClaimed?.(ids);
      onClose();
    } catch (error) {
      const found = conflictsOf(error);
      if (found) {
        setConflicts(found);
        return;
      }
      // A key that opens the global dialog has been answered there.
      if (error instanceof ApiError && error.kind === 'dialog') return;
      setFailure(errorText(error));
    }
  }

  function leaveOutProducts() {
    const ids = new Set((conflicts ?? []).map((conflict) => conflict.collectId));
    setProducts((current) => current.filter((product) => !ids.has(product.id)));
    setConflicts(null);
  }

  function leaveOutShops() {
    const ids = new Set((conflicts ?? []).map((conflict) => conflict.shopId));
    setShopIds(chosen.filter((id) => !ids.has(id)));
    setConflicts(null);
  }

  return (
    <form onSubmit={submit} noValidate data-testid="claim-form">
      <Stack gap="md">
        <Text size="sm" data-testid="claim-count">
          {t('claim.intro', { count: products.length })}
        </Text>
        <ShopPicker
          label={t('claim.shops')}
          required
          description={t('claim.shopsHint')}
          value={chosen}
          onChange={(next) => {
            setShopIds(next);
            setShopError(undefined);
          }}
          error={shopError}
        />
        {first && <PricePreview product={first} pricing={defaults.pricing} />}
        {conflicts && (
          <Alert
            color="orange"
            variant="light"
            role="alert"
            icon={<IconAlertTriangle size={18} />}
            title={t('claim.conflicts.title')}
            data-testid="claim-conflicts"
          >
            <Stack gap="xs">
              <Text size="sm">{t('claim.conflicts.hint')}</Text>
              <List size="sm" spacing={2}>
                {conflicts.map((conflict) => (
                  <List.Item
                    key={`${conflict.collectId}-${conflict.shopId}`}
                    data-testid="claim-conflict"
                  >
                    {t('claim.conflicts.pair', { title: conflict.title, shop: conflict.shopName })}
                  </List.Item>
                ))}
              </List>
              <Group gap="xs">
                <Button size="xs" variant="light" color="orange" onClick={leaveOutProducts}>
                  {t('claim.conflicts.leaveOutProducts')}
                </Button>
                <Button size="xs" variant="default" onClick={leaveOutShops}>
                  {t('claim.conflicts.leaveOutShops')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <FormFailure message={failure} testId="claim-failure" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={claim.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={claim.isPending} disabled={products.length === 0}>
            {t('claim.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Claims products into shops (spec section 5: at least one product and one shop). The shops start
 * as the plug-in settings' default shops; the claimed price is previewed for the first product
 * with the seller's pricing template. A product already claimed into a chosen shop refuses the
 * whole claim: the pairs are listed here, with a way to leave them out.
 */
export function ClaimDialog({
  opened,
  products,
  onClose,
  onClaimed,
}: {
  opened: boolean;
  products: readonly ClaimProduct[];
  onClose(): void;
  /** After a claim went through (the ids claimed). */
  onClaimed?: (ids: string[]) => void;
}) {
  const { t } = useTranslation('collector');
  const settings = usePluginSettings();
  const shops = useShops();
  const ready = !settings.isPending && !shops.isPending;
  return (
    <Modal opened={opened} onClose={onClose} title={t('claim.title')} size="lg" centered>
      {!ready ? (
        <SkeletonRows rows={4} height={28} />
      ) : (
        <ClaimForm
          products={products}
          defaults={settings.data ?? DEFAULT_PLUGIN_SETTINGS}
          onClose={onClose}
          onClaimed={onClaimed}
        />
      )}
    </Modal>
  );
}
