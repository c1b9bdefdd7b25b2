import { Alert, Anchor, Checkbox, Group, Input, Stack, Text } from '@mantine/core';
import { PLATFORMS, type ShopDetail } from '@shared/contracts/shops';
import { useShops } from '@shared/queries/shops';
import { SkeletonRows } from '@shared/ui/skeletons';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { PlatformIcon, usePlatformIcons } from '../../components/platform-icon';
import classes from './collector.module.css';

/** Shops that can take claimed products: authorized and working. */
export function claimableShops(shops: readonly ShopDetail[]): ShopDetail[] {
  return shops.filter((shop) => shop.status === 'normal');
}

/**
 * The target shops, grouped by marketplace. Only shops whose authorization is normal can be
 * chosen; abnormal ones are shown disabled with the reason.
 */
export function ShopPicker({
  label,
  description,
  value,
  onChange,
  error,
  required = false,
}: {
  label: string;
  /** At least one shop must be chosen (a claim); marked on the label. */
  required?: boolean;
  description?: string;
  value: readonly string[];
  onChange(value: string[]): void;
  error?: string | undefined;
}) {
  const { t } = useTranslation(['collector', 'common']);
  const shops = useShops();
  const icons = usePlatformIcons();
  const labelId = useId();
  const all = shops.data ?? [];

  let body: React.ReactNode;
  if (shops.isPending) {
    body = <SkeletonRows rows={3} height={28} />;
  } else if (shops.isError) {
    body = (
      <LoadFailed
        title={t('shopPicker.loadError')}
        retrying={shops.isFetching}
        onRetry={() => shops.refetch()}
      />
    );
  } else if (all.length === 0) {
    body = (
      <Alert color="yellow" variant="light" data-testid="shop-picker-empty">
        <Text size="sm">{t('shopPicker.none')}</Text>
        <Anchor component={Link} to="/thirdPartyPlatform/authorizeList" size="sm">
          {t('shopPicker.authorize')}
        </Anchor>
      </Alert>
    );
  } else {
    body = (
      <Stack gap="sm">
        {PLATFORMS.map((platform) => {
          const group = all.filter((shop) => shop.platform === platform);
          if (group.length === 0) return null;
          return (
            <Stack key={platform} gap={6} data-testid={`shop-group-${platform}`}>
              <Group gap={6}>
                <PlatformIcon platform={platform} iconUrl={icons[platform]} />
                <Text size="sm" fw={600}>
                  {t(`platforms.${platform}`)}
                </Text>
              </Group>
              {group.map((shop) => {
                const name = shop.alias || shop.name;
                const usable = shop.status === 'normal';
                return (
                  <Checkbox
                    key={shop.id}
                    ml="lg"
                    value={shop.id}
                    label={name}
                    disabled={!usable}
                    checked={value.includes(shop.id)}
                    onChange={(event) =>
                      onChange(
                        event.currentTarget.checked
                          ? [...value, shop.id]
                          : value.filter((id) => id !== shop.id),
                      )
                    }
                    description={
                      usable ? (
                        t(`common:sites.${shop.site}`)
                      ) : (
                        <Text span size="xs" c="red" data-testid="shop-picker-abnormal">
                          {t('shopPicker.abnormal', {
                            reason: shop.abnormalReason?.message ?? t('shopPicker.abnormalHint'),
                          })}
                        </Text>
                      )
                    }
                    data-testid="shop-picker-option"
                  />
                );
              })}
            </Stack>
          );
        })}
      </Stack>
    );
  }

  return (
    <Input.Wrapper
      label={label}
      description={description}
      error={error}
      labelElement="div"
      id={labelId}
      withAsterisk={required}
    >
      <fieldset aria-labelledby={`${labelId}-label`} className={classes.bareFieldset}>
        {body}
      </fieldset>
    </Input.Wrapper>
  );
}
