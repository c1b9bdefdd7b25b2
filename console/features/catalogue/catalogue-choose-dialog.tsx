import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import {
  type CatalogueProduct,
  CHOOSE_PRODUCTS_MAX,
  CHOOSE_SHOPS_MAX,
  type ChooseConflicts,
  ChooseConflictsSchema,
  type ChooseResult,
} from '@shared/contracts/catalogue';
import { PLATFORMS, type Platform, type ShopDetail } from '@shared/contracts/shops';
import { useChoose } from '@shared/queries/catalogue';
import { useShops } from '@shared/queries/shops';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import { PlatformIcon, usePlatformIcons } from '../../components/platform-icon';
import { titleOf } from './catalogue-parts';

/** What the dialog needs of each product it chooses. */
export type ChooseProduct = Pick<CatalogueProduct, 'id' | 'title' | 'titles' | 'platforms'>;

/** The pairs CATALOGUE_ALREADY_CHOSEN names, when the error is one. */
function conflictsOf(error: unknown): ChooseConflicts['conflicts'] | null {
  if (!(error instanceof ApiError) || error.key !== 'CATALOGUE_ALREADY_CHOSEN') return null;
  const parsed = ChooseConflictsSchema.safeParse(error.datas);
  return parsed.success ? parsed.data.conflicts : [];
}

/** The marketplaces every chosen product may be sold on. */
function fittingPlatforms(products: readonly ChooseProduct[]): Set<Platform> {
  return new Set(
    PLATFORMS.filter((platform) =>
      products.every((product) => product.platforms.includes(platform)),
    ),
  );
}

/** A shop's product list, on the tab of the products waiting to be published. */
function waitingSearch(shop: ShopDetail) {
  return shop.platform === 'shopee'
    ? { platform: 'shopee' as const, shopId: shop.id, status: 'wait' as const }
    : shop.platform === 'tiktok'
      ? { platform: 'tiktok' as const, shopId: shop.id }
      : { shopId: shop.id };
}

/** After the choice: how many products went into each shop, with the way to its waiting list. */
function Results({
  result,
  shops,
  onClose,
}: {
  result: ChooseResult;
  shops: readonly ShopDetail[];
  onClose(): void;
}) {
  const { t } = useTranslation(['catalogue', 'common']);
  const counts = new Map<string, number>();
  for (const product of result.products)
    counts.set(product.shopId, (counts.get(product.shopId) ?? 0) + 1);
  return (
    <Stack gap="md" data-testid="choose-results">
      <Group gap="sm">
        <ThemeIcon color="green" variant="light" radius="xl">
          <IconCheck size={18} />
        </ThemeIcon>
        <Text fw={600}>{t('choose.done', { count: result.products.length })}</Text>
      </Group>
      <List spacing="xs" size="sm">
        {[...counts].map(([shopId, count]) => {
          const shop = shops.find((entry) => entry.id === shopId);
          const name = shop ? shop.alias || shop.name : shopId;
          return (
            <List.Item key={shopId} data-testid="choose-result" data-shop={shopId}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">{t('choose.shopResult', { shop: name, count })}</Text>
                {shop && (
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/thirdPartyPlatform/platformProductManage"
                        search={waitingSearch(shop)}
                      />
                    )}
                    onClick={onClose}
                    data-testid="choose-result-link"
                  >
                    {t('choose.seeWaiting')}
                  </Anchor>
                )}
              </Group>
            </List.Item>
          );
        })}
      </List>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('common:actions.close')}</Button>
      </Group>
    </Stack>
  );
}

function ChooseForm({
  products,
  onClose,
  onChosen,
}: {
  products: readonly ChooseProduct[];
  onClose(): void;
  onChosen?: (() => void) | undefined;
}) {
  const { t, i18n } = useTranslation(['catalogue', 'common']);
  const errorText = useErrorText();
  const choose = useChoose();
  const shops = useShops();
  const icons = usePlatformIcons();
  const all = shops.data ?? [];
  const fitting = fittingPlatforms(products);
  const [chosen, setChosen] = useState<string[]>([]);
  const [shopError, setShopError] = useState<string | null>(null);
  const [conflicts, setConflicts] = useState<ChooseConflicts['conflicts'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<ChooseResult | null>(null);

  if (result) return <Results result={result} shops={all} onClose={onClose} />;
  if (shops.isPending) return <SkeletonRows rows={4} height={28} />;
  if (shops.isError)
    return (
      <LoadFailed
        title={t('choose.shopsError')}
        retrying={shops.isFetching}
        onRetry={() => void shops.refetch()}
      />
    );

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (choose.isPending) return;
    setFailure(null);
    setConflicts(null);
    if (chosen.length === 0) {
      setShopError(t('choose.errors.chooseShop'));
      return;
    }
    if (chosen.length > CHOOSE_SHOPS_MAX) {
      setShopError(t('choose.errors.tooManyShops', { count: CHOOSE_SHOPS_MAX }));
      return;
    }
    if (products.length > CHOOSE_PRODUCTS_MAX) {
      setFailure(t('choose.errors.tooManyProducts', { count: CHOOSE_PRODUCTS_MAX }));
      return;
    }
    try {
      const answer = await choose.mutateAsync({
        productIds: products.map((product) => product.id),
        shopIds: chosen,
      });
      setResult(answer);
      onChosen?.();
    } catch (error) {
      const found = conflictsOf(error);
      if (found) {
        setConflicts(found);
        setFailure(errorText(error));
        return;
      }
      if (error instanceof ApiError && error.kind === 'dialog') return;
      setFailure(errorText(error));
    }
  }

  /** A chosen product's title in the interface language, when the dialog holds it. */
  const titleIn = (id: string) => {
    const product = products.find((entry) => entry.id === id);
    return product ? titleOf(product, i18n.language) : undefined;
  };
  const usable = all.filter((shop) => shop.status === 'normal' && fitting.has(shop.platform));
  return (
    <form onSubmit={submit} noValidate data-testid="choose-form">
      <Stack gap="md">
        <Text size="sm" data-testid="choose-count">
          {t('choose.intro', { count: products.length })}
        </Text>
        {all.length === 0 || usable.length === 0 ? (
          <Alert color="yellow" variant="light" data-testid="choose-no-shop">
            <Text size="sm">{t('choose.noShop')}</Text>
            <Anchor component={Link} to="/thirdPartyPlatform/authorizeList" size="sm">
              {t('choose.authorize')}
            </Anchor>
          </Alert>
        ) : null}
        <Checkbox.Group
          label={t('choose.shops')}
          description={t('choose.shopsHint')}
          withAsterisk
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            setShopError(null);
          }}
          error={shopError}
        >
          <Stack gap="sm" mt="xs">
            {PLATFORMS.map((platform) => {
              const group = all.filter((shop) => shop.platform === platform);
              if (group.length === 0) return null;
              const fits = fitting.has(platform);
              return (
                <Stack key={platform} gap={6} data-testid={`choose-group-${platform}`}>
                  <Group gap={6}>
                    <PlatformIcon platform={platform} iconUrl={icons[platform]} />
                    <Text size="sm" fw={600}>
                      {t(`platforms.${platform}`)}
                    </Text>
                    {!fits && (
                      <Text size="xs" c="dimmed">
                        {t('choose.unfit')}
                      </Text>
                    )}
                  </Group>
                  {group.map((shop) => {
                    const enabled = fits && shop.status === 'normal';
                    return (
                      <Checkbox
                        key={shop.id}
                        ml="lg"
                        value={shop.id}
                        label={shop.alias || shop.name}
                        disabled={!enabled}
                        description={
                          shop.status === 'normal'
                            ? t(`common:sites.${shop.site}`)
                            : t('choose.abnormal')
                        }
                        data-testid="choose-shop"
                      />
                    );
                  })}
                </Stack>
              );
            })}
          </Stack>
        </Checkbox.Group>
        {conflicts && conflicts.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={t('choose.conflicts.title')}
            data-testid="choose-conflicts"
          >
            <Stack gap="xs">
              <List size="sm" spacing={2}>
                {conflicts.map((conflict) => (
                  <List.Item
                    key={`${conflict.catalogueId}-${conflict.shopId}`}
                    data-testid="choose-conflict"
                  >
                    {t('choose.conflicts.pair', {
                      title: titleIn(conflict.catalogueId) ?? conflict.title,
                      shop: conflict.shopName,
                    })}
                  </List.Item>
                ))}
              </List>
              <Group>
                <Button
                  size="xs"
                  variant="light"
                  color="orange"
                  onClick={() => {
                    const taken = new Set(conflicts.map((conflict) => conflict.shopId));
                    setChosen((current) => current.filter((id) => !taken.has(id)));
                    setConflicts(null);
                    setFailure(null);
                  }}
                >
                  {t('choose.conflicts.leaveOutShops')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <FormFailure message={failure} testId="choose-failure" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={choose.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={choose.isPending} data-testid="choose-submit">
            {t('choose.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Chooses catalogue or mall products into one or more of the seller's shops (those of a
 * marketplace every product may be sold on), as products waiting to be published; then says what
 * each shop received. A product already in a chosen shop refuses the whole choice: the pairs are
 * listed, with a way to leave those shops out.
 */
export function ChooseDialog({
  opened,
  products,
  onClose,
  onChosen,
}: {
  opened: boolean;
  products: readonly ChooseProduct[];
  onClose(): void;
  onChosen?: () => void;
}) {
  const { t } = useTranslation('catalogue');
  return (
    <Modal opened={opened} onClose={onClose} title={t('choose.title')} size="lg" centered>
      {opened && <ChooseForm products={products} onClose={onClose} onChosen={onChosen} />}
    </Modal>
  );
}
