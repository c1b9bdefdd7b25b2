import { Badge, Group, Text } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { Language } from '@shared/contracts/languages';
import type { Currency } from '@shared/contracts/money';
import type { PaymentChannel, PaymentOrderState } from '@shared/contracts/payments';
import { formatDateTime, formatMoney, formatRate } from '@shared/i18n/format';
import { usePaymentSettled } from '@shared/queries/payments';
import { IconBrandAlipay, IconBrandWechat, IconQrcode } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRefreshSessionUser } from '../../components/use-refresh-session-user';
import classes from './pay.module.css';

/** Money and times in the reader's language. */
export function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return {
    money: (minor: number, currency: Currency) => formatMoney(minor, currency, language),
    dateTime: (iso: string) => formatDateTime(iso, language),
    rate: (rate: string) => formatRate(rate, language),
  };
}

const MARK_ICONS = {
  wechat: IconBrandWechat,
  alipay: IconBrandAlipay,
  promptpay: IconQrcode,
} as const satisfies Record<PaymentChannel, unknown>;

/** A payment channel's mark in its brand colour. */
export function ChannelMark({ channel, size = 32 }: { channel: PaymentChannel; size?: number }) {
  const Icon = MARK_ICONS[channel];
  return (
    <span
      className={classes.mark}
      data-channel={channel}
      style={{ width: size, height: size }}
      aria-hidden
    >
      <Icon size={Math.round(size * 0.7)} stroke={1.8} />
    </span>
  );
}

/** A channel's mark and name. */
export function ChannelName({ channel }: { channel: PaymentChannel | null }) {
  const { t } = useTranslation('pay');
  if (!channel) return <Text size="sm">{t('channels.wallet')}</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <ChannelMark channel={channel} size={20} />
      <Text size="sm">{t(`channels.${channel}`)}</Text>
    </Group>
  );
}

const STATE_COLORS: Record<PaymentOrderState, string> = {
  unpaid: 'orange',
  closed: 'gray',
  paid: 'teal',
  completed: 'green',
};

/** A payment order's state as a badge. */
export function OrderStateBadge({ status }: { status: PaymentOrderState }) {
  const { t } = useTranslation('pay');
  return (
    <Badge variant="light" color={STATE_COLORS[status]} data-testid="order-state">
      {t(`status.${status}`)}
    </Badge>
  );
}

/**
 * The idempotency key of a money-moving request: the same input keeps its key until the request
 * went through or was answered with a refusal, so a retry after a lost answer is the same request.
 */
export function useIdempotencyKey() {
  const kept = useRef<{ input: string; key: string } | null>(null);
  return {
    keyFor(input: unknown): string {
      const text = JSON.stringify(input);
      if (kept.current?.input !== text) kept.current = { input: text, key: crypto.randomUUID() };
      return kept.current.key;
    },
    /** After the answer: a lost answer keeps the key, anything else starts afresh. */
    settle(error?: unknown) {
      const lost =
        error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
      if (!lost) kept.current = null;
    },
  };
}

/**
 * After money moved: the wallet figures, coupons and lists are asked again, and the session's
 * userInfo is reloaded so the header's balance shows the new figure.
 */
export function useWalletMoved() {
  const settled = usePaymentSettled();
  const refreshSessionUser = useRefreshSessionUser();
  return async () => {
    await Promise.allSettled([refreshSessionUser(), settled()]);
  };
}
