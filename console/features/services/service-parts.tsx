import { Anchor, Badge, Image, type ImageProps, Skeleton, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import type { Currency } from '@shared/contracts/money';
import type { ServiceStatus, ServiceType } from '@shared/contracts/service-orders';
import type { MarketItemCode } from '@shared/contracts/service-prices';
import { type PriceList, SERVICE_ITEM_UNITS, type ServiceProof } from '@shared/contracts/services';
import { formatDate, formatDateTime, formatMoney } from '@shared/i18n/format';
import { useProofSrc } from '@shared/queries/services';
import { createContext, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListColumn } from '../../components/list-table';

const STATUS_COLORS: Record<ServiceStatus, string> = {
  pending: 'orange',
  processing: 'blue',
  completed: 'green',
  cancelled: 'gray',
  aborted: 'red',
};

/** Money, dates and durations in the console's language. */
export function useServiceFormat() {
  const { t, i18n } = useTranslation('services');
  const language = i18n.language as Language;
  return {
    language,
    money: (minor: number, currency: Currency) => formatMoney(minor, currency, language),
    time: (iso: string) => formatDateTime(iso, language),
    date: (iso: string) => formatDate(iso, language),
    /** Whole minutes as "45 min", "5 h", "2 d 3 h". */
    duration: (minutes: number) => {
      if (minutes < 60) return t('duration.minutes', { count: minutes });
      const hours = Math.floor(minutes / 60);
      if (hours < 24) return t('duration.hours', { count: hours });
      return t('duration.days', { days: Math.floor(hours / 24), hours: hours % 24 });
    },
  };
}

/** A service's status as a badge. */
export function ServiceStatusBadge({ status }: { status: ServiceStatus }) {
  const { t } = useTranslation('services');
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="light"
      data-testid="service-status"
      data-status={status}
      style={{ flexShrink: 0, minWidth: 'max-content' }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}

/** What a service row shows in every list of services: its number, type, status and money. */
interface ServiceListRow {
  serviceNo: string;
  type: ServiceType;
  status: ServiceStatus;
  currency: Currency;
}

/**
 * The columns every list of services shares: the number (opens the service), its type, its status
 * and an amount in its currency (`estimate`: the seller's estimate, the operator's frozen sum).
 */
export function useServiceColumns<Row extends ServiceListRow>({
  onOpen,
  openTestId,
  estimate,
}: {
  onOpen(serviceNo: string): void;
  openTestId: string;
  estimate(row: Row): number;
}) {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const serviceNo: ListColumn<Row> = {
    key: 'serviceNo',
    header: t('columns.serviceNo'),
    width: 170,
    cell: (row) => (
      <Anchor
        size="sm"
        fw={600}
        component="button"
        type="button"
        onClick={() => onOpen(row.serviceNo)}
        data-testid={openTestId}
      >
        {row.serviceNo}
      </Anchor>
    ),
  };
  const type: ListColumn<Row> = {
    key: 'type',
    header: t('columns.type'),
    width: 170,
    cell: (row) => <Text size="sm">{t(`types.${row.type}`)}</Text>,
  };
  const status: ListColumn<Row> = {
    key: 'status',
    header: t('columns.status'),
    width: 120,
    cell: (row) => <ServiceStatusBadge status={row.status} />,
  };
  const money = (
    key: string,
    header: string,
    amount: (row: Row) => number | null,
  ): ListColumn<Row> => ({
    key,
    header,
    align: 'right',
    width: 130,
    cell: (row) => {
      const value = amount(row);
      return (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {value === null ? '—' : format.money(value, row.currency)}
        </Text>
      );
    },
  });
  return {
    serviceNo,
    type,
    status,
    estimate: money('estimate', t('columns.estimate'), estimate),
    money,
  };
}

/** Makes a fresh idempotency key per distinct input; a retry of the same input reuses it. */
export function idempotencyKeys() {
  let kept: { input: string; key: string } | null = null;
  return {
    keyFor(input: unknown): string {
      const text = JSON.stringify(input);
      if (kept?.input !== text) kept = { input: text, key: crypto.randomUUID() };
      return kept.key;
    },
    /** After an answer: the next submit is a new request. A lost answer keeps the key. */
    reset() {
      kept = null;
    },
  };
}

/** A proof photo, fetched with the session (never a bare address). */
export function ProofImage({
  proof,
  alt,
  ...props
}: { proof: Pick<ServiceProof, 'id'>; alt: string } & ImageProps) {
  const src = useProofSrc(proof.id);
  if (!src) return <Skeleton w={props.w ?? 56} h={props.h ?? 56} radius="sm" />;
  return <Image src={src} alt={alt} {...props} />;
}

/**
 * Dialogs opened over the detail drawer (a photo, a confirmation) tell it so: every open Mantine
 * layer closes on Escape, so the drawer waits while one of them is open and Escape closes only the
 * top one.
 */
export const LayerContext = createContext<(opened: boolean) => void>(() => undefined);

/** Registers a dialog over the drawer while `opened`. */
export function useLayer(opened: boolean) {
  const report = useContext(LayerContext);
  useEffect(() => {
    if (!opened) return;
    report(true);
    return () => report(false);
  }, [opened, report]);
}

/** A market item of the price list. */
export type MarketItem = Extract<PriceList['items'][number], { code: MarketItemCode }>;

/** An item's price and unit, as the card and the buy dialog show it. */
export function usePriceText() {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  return (item: MarketItem): { price: string; note: string | null } => {
    const money = (minor: number) => format.money(minor, item.currency);
    const unit = SERVICE_ITEM_UNITS[item.code];
    switch (item.code) {
      case 'stretchFilm':
      case 'bubbleWrap':
        return { price: t(`units.${unit}`, { price: money(item.rates.perMetre) }), note: null };
      case 'woodenFrame':
        return { price: t(`units.${unit}`, { price: money(item.rates.perCbm) }), note: null };
      case 'storage':
        return {
          price: t(`units.${unit}`, { price: money(item.rates.perCbmDay) }),
          note:
            item.rates.minimumCm3 > 0
              ? t('market.minimum', { volume: item.rates.minimumCm3 / 1_000_000 })
              : null,
        };
      case 'translation':
        return {
          price: t(`units.${unit}`, {
            price: money(item.rates.perBlock),
            block: item.rates.blockCharacters,
          }),
          note: null,
        };
      case 'factoryAudit':
        return {
          price: t(`units.${unit}`, {
            perDay: money(item.rates.perDay),
            perKm: money(item.rates.perKm),
          }),
          note: null,
        };
    }
  };
}
