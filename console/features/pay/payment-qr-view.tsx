import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PaymentOrder } from '@shared/contracts/payments';
import { PAYMENT_QR_TTL_SECONDS } from '@shared/contracts/payments';
import {
  isOrderOpen,
  useClosePaymentOrder,
  usePaymentOrder,
  useRechargeOptions,
  useRefreshPaymentOrder,
} from '@shared/queries/payments';
import { useErrorText } from '@shared/ui/error-message';
import {
  IconAlertCircle,
  IconClock,
  IconExternalLink,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import classes from './pay.module.css';
import { formatCountdown, learnServerTime, serverNow } from './pay-money';
import {
  ChannelMark,
  OrderStateBadge,
  useFormats,
  useIdempotencyKey,
  useWalletMoved,
} from './pay-parts';
import { QrCode } from './payment-qr-code';
import { SummaryRow } from './recharge-parts';

/** Seconds until `expiresAt` on the server's clock (never more than a QR code lives), ticking. */
function useSecondsLeft(expiresAt: string | null): number | null {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), 500);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  const left = (Date.parse(expiresAt) - serverNow()) / 1000;
  return Math.min(PAYMENT_QR_TTL_SECONDS, Math.max(0, left));
}

/** Where the sandbox's payer page takes this QR code. */
function sandboxLink(base: string, qrContent: string): string {
  const url = new URL(base, window.location.href);
  url.searchParams.set('qr', qrContent);
  return url.toString();
}

/** What the payment is: what it pays for, the coupon, the conversion. */
function OrderFigures({ order }: { order: PaymentOrder }) {
  const { t } = useTranslation('pay');
  const { money, dateTime, rate } = useFormats();
  return (
    <Stack gap={6}>
      <SummaryRow label={t('qr.orderNo')} value={order.orderNo} testId="qr-order-no" />
      <SummaryRow
        label={order.kind === 'recharge' ? t('summary.arrives') : t('summary.orderAmount')}
        value={money(order.amount, order.currency)}
        testId="qr-amount"
      />
      {order.discount > 0 && (
        <SummaryRow
          label={t('summary.discount')}
          value={`-${money(order.discount, order.currency)}`}
          testId="qr-discount"
        />
      )}
      {order.conversion && order.conversion.from !== order.conversion.to && (
        <Text size="xs" c="dimmed" data-testid="qr-rate">
          {t('summary.rate', {
            from: order.conversion.from,
            rate: rate(order.conversion.rate),
            to: order.conversion.to,
            date: dateTime(order.conversion.rateDate),
          })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A QR payment while it waits: the code, what to pay in the channel's currency, the time left,
 * a fresh code once it expired, the way to give up, and (with the sandbox) the sandbox's payer
 * page. The order is asked every two seconds; once paid, the wallet figures and the header's
 * balance are refreshed and the page goes on to the result.
 */
export function PaymentQrView({
  orderNo,
  onReplaced,
  onClosed,
}: {
  orderNo: string;
  /** A fresh QR code replaced this one: its payment order number. */
  onReplaced(orderNo: string): void;
  /** Given up or closed: back to where the payment was chosen. */
  onClosed(): void;
}) {
  const { t } = useTranslation(['pay', 'errors', 'common']);
  const { money } = useFormats();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const query = usePaymentOrder(orderNo);
  const options = useRechargeOptions();
  const refresh = useRefreshPaymentOrder();
  const close = useClosePaymentOrder();
  const refreshKey = useIdempotencyKey();
  const moved = useWalletMoved();
  const [confirming, setConfirming] = useState(false);
  const order = query.data;
  const secondsLeft = useSecondsLeft(order && isOrderOpen(order) ? order.expiresAt : null);

  // Paid: the wallet moved, so everything showing it is refreshed before the result page.
  const paid = order?.status === 'paid' || order?.status === 'completed';
  const leaving = useRef(false);
  useEffect(() => {
    if (!paid || leaving.current) return;
    leaving.current = true;
    void moved().then(() => navigate({ to: '/payResult', search: { orderNo } }));
  }, [paid, moved, navigate, orderNo]);

  if (query.isPending) {
    return (
      <Card withBorder radius="lg" padding="lg" aria-busy data-testid="payment-qr-loading">
        <Group align="flex-start" gap="xl">
          <Skeleton width={220} height={220} />
          <Stack gap="sm" style={{ flex: 1 }}>
            <Skeleton height={28} width="60%" />
            <Skeleton height={16} />
            <Skeleton height={16} />
          </Stack>
        </Group>
      </Card>
    );
  }
  if (query.isError || !order) {
    return (
      <Stack>
        <LoadFailed
          title={t('qr.loadError')}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
        <Group>
          <Button variant="default" onClick={onClosed}>
            {t('actions.startOver')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const expired =
    (order.status === 'closed' && order.closeReason === 'expired') ||
    (isOrderOpen(order) && secondsLeft === 0);
  const closedOtherwise = order.status === 'closed' && !expired;
  const channel = order.channel;
  // The payer page only for a channel the sandbox plays.
  const played = options.data?.channels.some((entry) => entry.channel === channel && entry.sandbox);
  const sandbox = played ? (options.data?.sandboxPayerUrl ?? null) : null;

  function renew() {
    const input = { orderNo };
    refresh.mutate(
      { input, idempotencyKey: refreshKey.keyFor(input) },
      {
        onSuccess: (fresh) => {
          refreshKey.settle();
          learnServerTime(fresh.createdAt);
          onReplaced(fresh.orderNo);
        },
        onError: (error) => refreshKey.settle(error),
      },
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="payment-qr-view">
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Group gap="sm" wrap="nowrap">
            {channel && <ChannelMark channel={channel} />}
            <Title order={3} size="h4">
              {channel ? t('qr.scanWith', { channel: t(`channels.${channel}`) }) : t('qr.title')}
            </Title>
          </Group>
          <OrderStateBadge status={order.status} />
        </Group>

        {closedOtherwise ? (
          <Alert
            color="gray"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title={t(`closeReason.${order.closeReason ?? 'closed'}`)}
            data-testid="qr-closed"
          >
            <Button mt="xs" size="xs" variant="default" onClick={onClosed}>
              {t('actions.startOver')}
            </Button>
          </Alert>
        ) : (
          <Group align="flex-start" gap="xl" wrap="wrap">
            <Box className={classes.qrFrame} data-expired={expired || undefined}>
              {order.qrContent ? (
                <QrCode
                  content={order.qrContent}
                  label={t('qr.codeLabel', {
                    channel: channel ? t(`channels.${channel}`) : '',
                  })}
                />
              ) : (
                <Skeleton width={220} height={220} />
              )}
              {expired && (
                <div className={classes.qrOverlay} data-testid="qr-expired">
                  <Text fw={600} size="sm">
                    {t('errors:PAYMENT_QR_EXPIRED')}
                  </Text>
                  <Button
                    size="xs"
                    leftSection={<IconRefresh size={14} />}
                    onClick={renew}
                    loading={refresh.isPending}
                    data-testid="qr-refresh"
                    data-autofocus
                  >
                    {t('actions.refreshQr')}
                  </Button>
                </div>
              )}
            </Box>
            <Stack gap="sm" style={{ flex: '1 1 260px' }} maw={420}>
              <div>
                <Text size="xs" c="dimmed">
                  {t('qr.toPay')}
                </Text>
                <Text fz={30} fw={700} lh={1.2} data-testid="qr-pay-amount">
                  {money(order.payAmount, order.payCurrency)}
                </Text>
              </div>
              {!expired && secondsLeft !== null && (
                <Group gap={6} c={secondsLeft < 60 ? 'red' : 'dimmed'}>
                  <IconClock size={16} />
                  <Text size="sm" role="timer" aria-live="off" data-testid="qr-countdown">
                    {t('qr.expiresIn', { time: formatCountdown(secondsLeft) })}
                  </Text>
                </Group>
              )}
              <OrderFigures order={order} />
              {sandbox && order.qrContent && !expired && (
                <Alert variant="light" color="blue" p="sm">
                  <Text size="sm">{t('qr.sandboxHint')}</Text>
                  <Anchor
                    href={sandboxLink(sandbox, order.qrContent)}
                    target="_blank"
                    rel="noopener noreferrer"
                    size="sm"
                    fw={600}
                    data-testid="qr-sandbox-link"
                  >
                    <Group gap={4} component="span" wrap="nowrap">
                      {t('qr.openSandbox')}
                      <IconExternalLink size={14} />
                    </Group>
                  </Anchor>
                </Alert>
              )}
            </Stack>
          </Group>
        )}

        <FormFailure
          message={
            refresh.error ? errorText(refresh.error) : close.error ? errorText(close.error) : null
          }
          testId="qr-failure"
        />

        {!closedOtherwise && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              leftSection={<IconX size={16} />}
              onClick={() =>
                expired && order.status === 'closed' ? onClosed() : setConfirming(true)
              }
              data-testid="qr-cancel"
            >
              {t('actions.cancelPayment')}
            </Button>
          </Group>
        )}
      </Stack>

      <ConfirmModal
        opened={confirming}
        title={t('cancel.title')}
        message={t('cancel.message')}
        confirmLabel={t('cancel.confirm')}
        danger
        loading={close.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          close.mutate(orderNo, {
            onSuccess: () => {
              setConfirming(false);
              onClosed();
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Card>
  );
}
