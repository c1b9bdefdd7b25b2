import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { ShopFollows } from '@shared/contracts/catalogue';
import { useFollow, useFollows } from '@shared/queries/catalogue';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import type { Categories } from './catalogue-categories';

function FollowForm({
  shops,
  categories,
  initialShopId,
  onClose,
  onFollowed,
}: {
  shops: readonly ShopFollows[];
  categories: Categories | null;
  initialShopId: string | undefined;
  onClose(): void;
  onFollowed(shopId: string): void;
}) {
  const { t } = useTranslation(['catalogue', 'common']);
  const errorText = useErrorText();
  const follow = useFollow();
  const [shopId, setShopId] = useState<string | null>(
    shops.find((shop) => shop.shopId === initialShopId)?.shopId ?? shops[0]?.shopId ?? null,
  );
  const [picked, setPicked] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [pickError, setPickError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const shop = shops.find((entry) => entry.shopId === shopId);
  const followed = new Set(shop?.categories.map((category) => category.id) ?? []);
  const room = shop ? Math.max(0, shop.limit - shop.categories.length) : 0;
  const name = (id: string) => {
    const node = categories?.byId.get(id);
    return node && categories ? categories.name(node) : id;
  };
  const options = (categories?.roots ?? []).map((top) => ({
    group: categories?.name(top) ?? top.name,
    items: top.children
      .filter((secondary) => !followed.has(secondary.id))
      .map((secondary) => ({ value: secondary.id, label: name(secondary.id) })),
  }));

  function review(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    if (!shop) return;
    if (picked.length === 0) {
      setPickError(t('follow.errors.none'));
      return;
    }
    if (picked.length > room) {
      setPickError(t('follow.errors.limit', { count: shop.limit }));
      return;
    }
    setConfirming(true);
  }

  async function submit() {
    if (!shop || follow.isPending) return;
    setFailure(null);
    try {
      await follow.mutateAsync({
        shopId: shop.shopId,
        categoryIds: [...shop.categories.map((category) => category.id), ...picked],
      });
      onFollowed(shop.shopId);
      onClose();
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError && error.kind === 'dialog') return;
      setFailure(errorText(error));
    }
  }

  if (confirming && shop)
    return (
      <Stack gap="md" data-testid="follow-confirm">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          <Text size="sm">
            {t('follow.confirm', { shop: shop.shopName, count: picked.length })}
          </Text>
        </Alert>
        <Group gap={6}>
          {picked.map((id) => (
            <Badge key={id} variant="light" tt="none">
              {name(id)}
            </Badge>
          ))}
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('follow.back')}
          </Button>
          <Button
            color="orange"
            loading={follow.isPending}
            onClick={() => void submit()}
            data-testid="follow-confirm-submit"
          >
            {t('follow.confirmSubmit')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={review} noValidate data-testid="follow-form">
      <Stack gap="md">
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="follow-warning"
        >
          <Text size="sm">{t('follow.warning', { count: shop?.limit ?? 3 })}</Text>
        </Alert>
        <Select
          label={t('follow.shop')}
          data={shops.map((entry) => ({
            value: entry.shopId,
            label: `${entry.shopName} · ${t(`platforms.${entry.platform}`)}`,
          }))}
          value={shopId}
          onChange={(value) => {
            setShopId(value);
            setPicked([]);
            setPickError(null);
          }}
          allowDeselect={false}
          comboboxProps={{ hideDetached: false }}
          data-testid="follow-shop"
        />
        {shop && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('follow.followed', { count: shop.categories.length, limit: shop.limit })}
            </Text>
            {shop.categories.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('follow.noneYet')}
              </Text>
            ) : (
              <Group gap={6}>
                {shop.categories.map((category) => (
                  <Badge
                    key={category.id}
                    variant="light"
                    color="gray"
                    tt="none"
                    leftSection={<IconLock size={12} />}
                    data-testid="follow-followed"
                  >
                    {name(category.id)}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        )}
        {shop && room > 0 ? (
          <MultiSelect
            label={t('follow.categories')}
            description={t('follow.categoriesHint', { count: room })}
            data={options}
            value={picked}
            onChange={(value) => {
              setPicked(value);
              setPickError(null);
            }}
            searchable
            maxValues={room}
            error={pickError}
            comboboxProps={{ withinPortal: true, hideDetached: false }}
            data-testid="follow-categories"
          />
        ) : shop ? (
          <Text size="sm" c="dimmed" data-testid="follow-full">
            {t('follow.full', { count: shop.limit })}
          </Text>
        ) : null}
        <FormFailure message={failure} testId="follow-failure" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!shop || room === 0} data-testid="follow-submit">
            {t('follow.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Follows secondary categories for a shop (decisions.md: at most the configured number per
 * authorized shop, never changed). Warned first, and asked again before the follow is sent; a
 * refusal of the server (the limit reached meanwhile, a change) is shown in the dialog.
 */
export function FollowDialog({
  opened,
  categories,
  shopId,
  onClose,
  onFollowed,
}: {
  opened: boolean;
  categories: Categories | null;
  shopId: string | undefined;
  onClose(): void;
  onFollowed(shopId: string): void;
}) {
  const { t } = useTranslation('catalogue');
  const follows = useFollows();
  let body: React.ReactNode;
  if (follows.isPending) body = <SkeletonRows rows={4} height={28} />;
  else if (follows.isError)
    body = (
      <LoadFailed
        title={t('follow.loadError')}
        retrying={follows.isFetching}
        onRetry={() => void follows.refetch()}
      />
    );
  else if (follows.data.shops.length === 0)
    body = (
      <Text size="sm" c="dimmed" data-testid="follow-no-shop">
        {t('follow.noShop')}
      </Text>
    );
  else
    body = (
      <FollowForm
        shops={follows.data.shops}
        categories={categories}
        initialShopId={shopId}
        onClose={onClose}
        onFollowed={onFollowed}
      />
    );
  return (
    <Modal opened={opened} onClose={onClose} title={t('follow.title')} size="lg" centered>
      {opened && body}
    </Modal>
  );
}
