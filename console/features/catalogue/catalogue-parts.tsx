import { Badge, Group, Text } from '@mantine/core';
import type { CatalogueProduct, SiteStock } from '@shared/contracts/catalogue';
import type { Currency } from '@shared/contracts/money';
import { formatMoney, formatNumber } from '@shared/i18n/format';
import { useTranslation } from 'react-i18next';

type Language = 'zh' | 'th' | 'en';

/** Money, ranges and counts in the interface language. */
export function useFormats() {
  const { i18n } = useTranslation();
  const language = (['zh', 'th', 'en'].includes(i18n.language) ? i18n.language : 'en') as Language;
  const money = (minor: number, currency: Currency) => formatMoney(minor, currency, language);
  return {
    language,
    money,
    range: (min: number, max: number, currency: Currency) =>
      min === max ? money(min, currency) : `${money(min, currency)} – ${money(max, currency)}`,
    number: (value: number) => formatNumber(value, language),
  };
}

/** The title in the interface language when it is known, else the one the server chose. */
export function titleOf(
  product: Pick<CatalogueProduct, 'title' | 'titles'>,
  language: string,
): string {
  const titles = product.titles;
  const own = language === 'th' ? titles.th : language === 'en' ? titles.en : titles.zh;
  return own ?? product.title;
}

/** Stock per warehouse site ("TH 120 · MY 8"), for direct sale. */
export function SiteStockBadges({ stock }: { stock: readonly SiteStock[] }) {
  const { t } = useTranslation('common');
  const format = useFormats();
  return (
    <Group gap={4} wrap="wrap">
      {stock.map((entry) => (
        <Badge
          key={entry.site}
          size="sm"
          variant="light"
          color={entry.stock > 0 ? 'teal' : 'gray'}
          tt="none"
          data-testid="site-stock"
          data-site={entry.site}
        >
          {`${t(`sites.${entry.site}`)} ${format.number(entry.stock)}`}
        </Badge>
      ))}
    </Group>
  );
}

/** The category path, top to leaf. */
export function CategoryPath({ path }: { path: CatalogueProduct['categoryPath'] }) {
  return (
    <Text size="xs" c="dimmed" lineClamp={1} data-testid="category-path">
      {path.map((step) => step.name).join(' › ')}
    </Text>
  );
}
