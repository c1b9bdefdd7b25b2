import { Badge, Tooltip } from '@mantine/core';
import {
  CURRENCIES,
  type Currency,
  currencyExponent,
  decimalTextToMinor,
} from '@shared/contracts/money';
import type { ProductStatus } from '@shared/contracts/products';
import { formatDateTime, formatMoney, formatNumber } from '@shared/i18n/format';
import { useMediaSrc } from '@shared/queries/products';
import { IconAlertTriangle, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Thumbnail } from '../../components/product-cell';

type Language = 'zh' | 'th' | 'en';

const STATUS_COLORS: Record<ProductStatus, string> = {
  wait: 'gray',
  pushing: 'blue',
  intervalPushing: 'cyan',
  online: 'green',
  offline: 'yellow',
  del: 'dark',
  forbid: 'red',
  fail: 'red',
  freeze: 'grape',
};

const isCurrency = (value: string): value is Currency =>
  (CURRENCIES as readonly string[]).includes(value);

/** Minor units as money in the reader's language. */
function formatMinor(minor: number, currency: string, language: string): string {
  const lang = (['zh', 'th', 'en'].includes(language) ? language : 'en') as Language;
  if (isCurrency(currency)) return formatMoney(minor, currency, lang);
  const places = currencyExponent(currency);
  return `${currency} ${formatNumber(minor / 10 ** places, lang, {
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  })}`;
}

/** The reader's language and formatters bound to it. */
export function useFormats() {
  const { i18n } = useTranslation();
  const language = (['zh', 'th', 'en'].includes(i18n.language) ? i18n.language : 'en') as Language;
  return {
    language,
    money: (minor: number, currency: string) => formatMinor(minor, currency, language),
    number: (value: number) => formatNumber(value, language),
    dateTime: (iso: string) => formatDateTime(iso, language),
  };
}

/** Minor units as the decimal text an input shows ("12.50"; "1200" without decimals); "" for none. */
export function minorToText(minor: number | null | undefined, currency: string): string {
  if (minor === null || minor === undefined) return '';
  const places = currencyExponent(currency);
  if (places === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(places + 1, '0');
  return `${sign}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * The decimal text of an input as minor units: null when empty, NaN when not a number or with
 * more decimals than the currency has (the shared rules word it on its field).
 */
export function textToMinor(text: string, currency: string): number | null {
  if (text.trim() === '') return null;
  return decimalTextToMinor(text.trim(), currencyExponent(currency)) ?? Number.NaN;
}

/** A typed number: null when empty, NaN when not a number. */
export function textToNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d*\.?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A product status as a coloured badge in the reader's words. */
export function StatusBadge({ status }: { status: ProductStatus }) {
  const { t } = useTranslation('products');
  return (
    <Badge
      variant="light"
      color={STATUS_COLORS[status]}
      data-testid="product-status"
      data-status={status}
      style={{ minWidth: 'max-content' }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** What the publish-readiness check found for a product: ready, warnings, or what blocks it. */
export function ReadinessMark({
  errors,
  warnings,
  onOpen,
}: {
  errors: number;
  warnings: number;
  onOpen?: () => void;
}) {
  const onClick = onOpen;
  const { t } = useTranslation('products');
  const state = errors > 0 ? 'blocked' : warnings > 0 ? 'warnings' : 'ready';
  const label =
    state === 'blocked'
      ? t('readiness.blocked', { count: errors })
      : state === 'warnings'
        ? t('readiness.warnings', { count: warnings })
        : t('readiness.ready');
  const icon =
    state === 'blocked' ? (
      <IconCircleX size={14} />
    ) : state === 'warnings' ? (
      <IconAlertTriangle size={14} />
    ) : (
      <IconCircleCheck size={14} />
    );
  return (
    <Tooltip label={t('readiness.open')} disabled={!onClick} withArrow>
      <Badge
        variant="light"
        color={state === 'blocked' ? 'red' : state === 'warnings' ? 'yellow' : 'green'}
        leftSection={icon}
        component={onClick ? 'button' : 'div'}
        onClick={onClick}
        tt="none"
        style={{ ...(onClick ? { cursor: 'pointer' } : {}), minWidth: 'max-content' }}
        data-testid="product-readiness"
        data-state={state}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}

/**
 * A product's picture (a platform's address, or one of the seller's stored files fetched with the
 * session), a grey square while there is none.
 */
export function MediaImage({
  src,
  w,
  h,
  radius = 'sm',
}: {
  src: string | null | undefined;
  w: number;
  h: number;
  radius?: 'xs' | 'sm';
}) {
  return <Thumbnail src={useMediaSrc(src)} w={w} h={h} radius={radius} />;
}

const SOURCE_IMAGE_REASONS = [
  'blocked',
  'address',
  'status',
  'tooLarge',
  'timeout',
  'network',
  'redirects',
  'type',
] as const;

/**
 * A publish failure in the console's language where it is ours (a source image that could not be
 * fetched: its reason and address), else the platform's own words.
 */
export function useFailureText() {
  const { t } = useTranslation(['products', 'errors']);
  return (failure: { code: string; message: string }): string => {
    if (failure.code !== 'MEDIA_FETCH_FAILED') return failure.message;
    const space = failure.message.indexOf(' ');
    const reason = failure.message.slice(0, space);
    const url = failure.message.slice(space + 1);
    const known = SOURCE_IMAGE_REASONS.find((one) => one === reason);
    return t('errors:MEDIA_FETCH_FAILED', {
      url,
      reason: known ? t(`products:publish.sourceImage.${known}`) : reason,
    });
  };
}
