import { Avatar, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { CollectClaim } from '@shared/contracts/collector';
import type { Language } from '@shared/contracts/languages';
import {
  CURRENCIES,
  type Currency,
  currencyExponent,
  decimalTextToMinor,
} from '@shared/contracts/money';
import type { ProductDraft, SourceSite } from '@shared/contracts/product-draft';
import type { Platform } from '@shared/contracts/shops';
import { formatDateTime, formatMoney, formatNumber } from '@shared/i18n/format';
import { useSourceSites } from '@shared/queries/collector';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../components/platform-icon';

function isKnownCurrency(currency: string): currency is Currency {
  return (CURRENCIES as readonly string[]).includes(currency);
}

/** Integer minor units of any ISO currency as money in the reader's language. */
function formatMinor(minor: number, currency: string, language: Language): string {
  if (isKnownCurrency(currency)) return formatMoney(minor, currency, language);
  const places = currencyExponent(currency);
  try {
    return formatNumber(minor / 10 ** places, language, {
      style: 'currency',
      currency,
      minimumFractionDigits: places,
      maximumFractionDigits: places,
    });
  } catch {
    return `${currency} ${(minor / 10 ** places).toFixed(places)}`;
  }
}

/** "¥12.00 – ¥15.00", one amount when both ends agree, null without a price. */
function formatPriceRange(
  min: number | null,
  max: number | null,
  currency: string,
  language: Language,
): string | null {
  const low = min ?? max;
  const high = max ?? min;
  if (low === null || high === null) return null;
  if (low === high) return formatMinor(low, currency, language);
  return `${formatMinor(low, currency, language)} – ${formatMinor(high, currency, language)}`;
}

/** Minor units as the decimal text an input shows ("12.50"; "1200" without decimals); "" for none. */
export function minorToText(minor: number | null, currency: string): string {
  if (minor === null) return '';
  const places = currencyExponent(currency);
  if (places === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * The decimal text of an input as minor units: null when empty, NaN when not a number (so the
 * schema words it on its field).
 */
export function textToMinor(text: string, currency: string): number | null {
  if (text.trim() === '') return null;
  return decimalTextToMinor(text, currencyExponent(currency)) ?? Number.NaN;
}

/** The reader's language and formatters bound to it. */
export function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return {
    language,
    dateTime: (iso: string) => formatDateTime(iso, language),
    money: (minor: number, currency: string) => formatMinor(minor, currency, language),
    range: (min: number | null, max: number | null, currency: string) =>
      formatPriceRange(min, max, currency, language),
  };
}

/** Each source site's icon, from the plug-in's site list (the console's own icon until it loads). */
export function useSiteIcons(): Record<SourceSite, string> {
  const sites = useSourceSites();
  const basepath = useRouter().basepath;
  return useMemo(() => {
    const own = (site: SourceSite) => `${basepath}/platforms/${site}.svg`;
    const icons: Record<SourceSite, string> = {
      '1688': own('1688'),
      aliexpress: own('aliexpress'),
      shopee: own('shopee'),
      lazada: own('lazada'),
      pinduoduo: own('pinduoduo'),
    };
    for (const entry of sites.data ?? []) if (entry.iconUrl) icons[entry.site] = entry.iconUrl;
    return icons;
  }, [sites.data, basepath]);
}

const SITE_COLORS: Record<SourceSite, string> = {
  '1688': 'orange',
  aliexpress: 'red',
  shopee: 'orange',
  lazada: 'indigo',
  pinduoduo: 'red',
};

/** A source site's icon (its initial on a colour when the icon does not load). */
export function SiteIcon({
  site,
  src,
  size = 20,
}: {
  site: SourceSite;
  src: string;
  size?: number;
}) {
  const { t } = useTranslation('collector');
  return (
    <Avatar
      src={src}
      alt=""
      size={size}
      radius="sm"
      color={SITE_COLORS[site]}
      variant="filled"
      aria-hidden
    >
      {t(`sites.${site}`).charAt(0)}
    </Avatar>
  );
}

/** A source site's icon and name. */
export function SiteMark({ site, src }: { site: SourceSite; src: string }) {
  const { t } = useTranslation('collector');
  return (
    <Group gap={6} wrap="nowrap">
      <SiteIcon site={site} src={src} />
      <Text size="sm">{t(`sites.${site}`)}</Text>
    </Group>
  );
}

/** The shops a product was claimed into: the first two as badges, the rest counted. */
export function ClaimShops({
  claims,
  icons,
}: {
  claims: readonly CollectClaim[];
  icons: Partial<Record<Platform, string>>;
}) {
  const { t } = useTranslation('collector');
  if (claims.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  const shown = claims.slice(0, 2);
  const rest = claims.slice(2);
  return (
    <Group gap={4} wrap="wrap" maw={260} data-testid="collect-claims">
      {shown.map((claim) => (
        <Badge
          key={`${claim.shopId}-${claim.productId}`}
          variant="outline"
          color="gray"
          tt="none"
          fw={500}
          leftSection={
            <PlatformIcon platform={claim.platform} iconUrl={icons[claim.platform]} size={14} />
          }
        >
          {claim.shopName}
        </Badge>
      ))}
      {rest.length > 0 && (
        <Tooltip
          label={rest.map((claim) => claim.shopName).join(', ')}
          withArrow
          multiline
          maw={260}
        >
          <Badge
            variant="light"
            tt="none"
            tabIndex={0}
            aria-label={rest.map((claim) => claim.shopName).join(', ')}
            style={{ cursor: 'default' }}
          >
            {t('list.moreShops', { count: rest.length })}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** The draft fields a confidence marker can sit on. */
export type ConfidenceField = keyof ProductDraft & string;

/**
 * A marker on a field the site adapter was not sure of (medium or low), with its reason on hover
 * and on keyboard focus. Nothing for a sure field.
 */
export function ConfidenceMark({
  draft,
  field,
}: {
  draft: Pick<ProductDraft, 'confidence'>;
  field: ConfidenceField;
}) {
  const { t } = useTranslation('collector');
  const confidence = draft.confidence[field];
  if (!confidence || confidence.level === 'high') return null;
  const fallback = confidence.reason || t(`confidence.defaultReason.${confidence.level}`);
  // The reason in the reader's language by its code; the adapter's English sentence without one.
  const reason = confidence.code
    ? t(`confidenceReasons.${confidence.code}` as 'confidenceReasons.noShop', {
        ...confidence.params,
        defaultValue: fallback,
      })
    : fallback;
  const label = t(`confidence.${confidence.level}`);
  return (
    <Tooltip label={reason} withArrow multiline maw={280}>
      <Badge
        size="sm"
        variant="light"
        color={confidence.level === 'low' ? 'red' : 'yellow'}
        leftSection={<IconAlertTriangle size={12} />}
        tabIndex={0}
        aria-label={`${label}: ${reason}`}
        data-testid={`confidence-${field}`}
        data-level={confidence.level}
        style={{ cursor: 'help' }}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
