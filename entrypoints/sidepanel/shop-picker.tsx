import { consoleLinks } from '@extension/pages/console-links';
import { Anchor, Badge, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import { CLAIM_SHOPS_MAX } from '@shared/contracts/collector';
import { useErrorText } from '@shared/ui/error-message';
import { useTranslation } from 'react-i18next';
import type { ShopChoice } from './use-shop-choice';

const PLATFORM_COLOURS = { lazada: 'indigo', shopee: 'orange', tiktok: 'dark' } as const;
/** Marketplace brand names, the same in every language. */
const PLATFORM_NAMES = { lazada: 'Lazada', shopee: 'Shopee', tiktok: 'TikTok Shop' } as const;

/** Which of the seller's shops the product is claimed into. */
export function ShopPicker({ choice, disabled }: { choice: ShopChoice; disabled?: boolean }) {
  const { t } = useTranslation(['extension', 'common']);
  const errorText = useErrorText();

  if (choice.loading) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('common:loading')}
        </Text>
      </Group>
    );
  }
  if (choice.failed) {
    return (
      <Text size="sm" c="red" data-testid="panel-shops-error">
        {errorText(choice.failed)}
      </Text>
    );
  }
  if (choice.shops.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="panel-no-shops">
        {t('extension:panel.noShops')}{' '}
        <Anchor href={consoleLinks.shops()} target="_blank" rel="noreferrer" size="sm">
          {t('extension:panel.authorizeShop')}
        </Anchor>
      </Text>
    );
  }
  const full = choice.selected.length >= CLAIM_SHOPS_MAX;
  return (
    <Stack gap={6}>
      <Checkbox.Group value={choice.selected} onChange={choice.setSelected}>
        <Stack gap={6} data-testid="panel-shops">
          {choice.shops.map((shop) => (
            <Checkbox
              key={shop.id}
              value={shop.id}
              disabled={disabled || (full && !choice.selected.includes(shop.id))}
              data-testid="panel-shop"
              data-shop-id={shop.id}
              styles={{ labelWrapper: { minWidth: 0, flex: 1 } }}
              label={
                <Group gap={6} wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate>
                    {shop.alias || shop.name}
                  </Text>
                  <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                    <Badge
                      size="xs"
                      variant="light"
                      tt="none"
                      color={PLATFORM_COLOURS[shop.platform]}
                    >
                      {PLATFORM_NAMES[shop.platform]}
                    </Badge>
                    <Badge size="xs" variant="outline" color="gray">
                      {shop.site.toUpperCase()}
                    </Badge>
                  </Group>
                </Group>
              }
            />
          ))}
        </Stack>
      </Checkbox.Group>
      {choice.unavailable.length > 0 ? (
        <Text size="xs" c="dimmed">
          {t('extension:panel.shopsUnavailable', { count: choice.unavailable.length })}
        </Text>
      ) : null}
    </Stack>
  );
}
