import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { MARKET_ITEM_CODES, type MarketItemCode } from '@shared/contracts/service-prices';
import type { PriceList } from '@shared/contracts/services';
import { useServicePrices } from '@shared/queries/services';
import { EmptyState } from '@shared/ui/empty-state';
import {
  IconBox,
  IconBubble,
  IconBuildingFactory2,
  IconBuildingWarehouse,
  IconLanguage,
  IconShoppingCart,
  IconWood,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { Permission } from '../../components/permission';
import { ServiceBuyDialog } from './service-buy-dialog';
import { type MarketItem, usePriceText, useServiceFormat } from './service-parts';

const ICONS = {
  stretchFilm: IconBox,
  bubbleWrap: IconBubble,
  woodenFrame: IconWood,
  storage: IconBuildingWarehouse,
  translation: IconLanguage,
  factoryAudit: IconBuildingFactory2,
} as const satisfies Record<MarketItemCode, unknown>;

const isMarketItem = (item: PriceList['items'][number]): item is MarketItem =>
  (MARKET_ITEM_CODES as readonly string[]).includes(item.code);

function MarketCard({ item, onBuy }: { item: MarketItem; onBuy(): void }) {
  const { t } = useTranslation('services');
  const priceText = usePriceText();
  const Icon = ICONS[item.code];
  const { price, note } = priceText(item);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="market-item" data-code={item.code}>
      <Stack gap="sm" h="100%">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light">
            <Icon size={22} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>{t(`items.${item.code}.name`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`items.${item.code}.description`)}
            </Text>
          </Stack>
        </Group>
        <Stack gap={2} mt="auto">
          <Text fw={700} size="lg" data-testid="market-price">
            {price}
          </Text>
          {note && (
            <Text size="xs" c="dimmed">
              {note}
            </Text>
          )}
        </Stack>
        <Permission value="buy">
          <Button
            leftSection={<IconShoppingCart size={16} />}
            onClick={onBuy}
            data-testid={`market-buy-${item.code}`}
          >
            {t('market.buy')}
          </Button>
        </Permission>
      </Stack>
    </Card>
  );
}

/**
 * The service market (spec section 2: /service/serviceMarket): a card per item of the price list
 * in force with its price and unit, and the buy dialog with the exact total as the seller types.
 */
export function ServiceMarketPage() {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const prices = useServicePrices();
  const [buying, setBuying] = useState<MarketItem | null>(null);
  const items = (prices.data?.items ?? []).filter(isMarketItem);

  let content: React.ReactNode;
  if (prices.isPending) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="market-loading">
        {MARKET_ITEM_CODES.map((code) => (
          <Skeleton key={code} height={190} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (prices.isError) {
    content = (
      <LoadFailed
        title={t('market.loadError')}
        retrying={prices.isFetching}
        onRetry={() => void prices.refetch()}
      />
    );
  } else if (items.length === 0) {
    content = (
      <EmptyState
        icon={<IconShoppingCart size={28} />}
        title={t('market.empty')}
        hint={t('market.emptyHint')}
      />
    );
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="market-items">
        {items.map((item) => (
          <MarketCard key={item.code} item={item} onBuy={() => setBuying(item)} />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" align="flex-end">
          <Title order={2}>{t('market.title')}</Title>
          {prices.data && (
            <Badge variant="light" color="gray" tt="none" data-testid="market-effective">
              {t('market.effective', { date: format.date(prices.data.effectiveFrom) })}
            </Badge>
          )}
        </Group>
        <Text c="dimmed" size="sm">
          {t('market.subtitle')}
        </Text>
      </Stack>
      {content}
      {prices.data && (
        <ServiceBuyDialog item={buying} prices={prices.data} onClose={() => setBuying(null)} />
      )}
    </Stack>
  );
}
