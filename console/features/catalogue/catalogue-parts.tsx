import { Badge, Group, Image, Text } from '@mantine/core';
import type { CatalogueProduct, SiteStock } from '@shared/contracts/catalogue';
import type { Currency } from '@shared/contracts/money';
import { formatMoney, formatNumber } from '@shared/i18n/format';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './catalogue.module.css';

/** What stands in for a picture that does not load (a grey square with a mountain and sun). */
const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#f1f3f5"/><circle cx="18" cy="18" r="4" fill="#ced4da"/><path d="M8 38l11-12 7 8 5-5 9 9z" fill="#ced4da"/></svg>',
)}`;

/** A product's picture, small; a placeholder when it has none or it fails to load. */
export function Thumbnail({ src, size = 56 }: { src: string | null; size?: number }) {
  return src ? (
    <Image
      src={src}
      alt=""
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      className={classes.thumbnail}
      referrerPolicy="no-referrer"
      loading="lazy"
      fallbackSrc={IMAGE_PLACEHOLDER}
    />
  ) : (
    <div className={classes.thumbnailEmpty} style={{ width: size, height: size }} aria-hidden>
      <IconPhoto size={size / 2.5} stroke={1.4} />
    </div>
  );
}

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
