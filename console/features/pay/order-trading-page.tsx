import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import type { UsableCoupon } from '@shared/contracts/coupons';
import type { PaymentChannel, PayTradeRequest, TradeOrder } from '@shared/contracts/payments';
import { userInfoWallet } from '@shared/contracts/users';
import { allows } from '@shared/permissions';
import {
  usePayTrade,
  useRechargeOptions,
  useTrade,
  useUsableCoupons,
} from '@shared/queries/payments';
import { useWalletSummary } from '@shared/queries/wallet';
import { useSession } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { SkeletonRows } from '@shared/ui/skeletons';
import { IconArrowLeft, IconCircleCheck, IconQrcode, IconWallet } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormFailure } from '../../components/form-parts';
import { LoadFailed } from '../../components/list-states';
import { usePermission } from '../../components/permission';
import { PendingTrades } from './order-trading-list';
import classes from './pay.module.css';
import { convertMinor, learnServerTime } from './pay-money';
import { useFormats, useIdempotencyKey, useWalletMoved } from './pay-parts';
import { type OrderTradingSearch, validateOrderTradingSearch } from './pay-route-search';
import { PaymentQrView } from './payment-qr-view';
import { ChannelPicker, SummaryRow } from './recharge-parts';

const PAGE_URL = '/pay/orderTrading';
const ADD_MONEY_URL = '/other/addMoney';

type Method = 'wallet' | 'qr';

/** The order: what it is for, its lines and its amount. */
function TradeDetails({ trade }: { trade: TradeOrder }) {
  const { t } = useTranslation('pay');
  const { money, dateTime } = useFormats();
  return (
    <Stack gap="sm" data-testid="trade-details">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Text fw={600} size="lg" data-testid="trade-title">
            {trade.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t('trade.number', { tradeNo: trade.tradeNo })} · {dateTime(trade.createdAt)}
          </Text>
        </Stack>
        <Badge variant="light" color="gray" tt="none">
          {t(`scopes.${trade.scope}`)}
        </Badge>
      </Group>
      {trade.lines.length > 0 && (
        <Table.ScrollContainer minWidth={480} type="native">
          <Table verticalSpacing="xs" data-testid="trade-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('trade.columns.item')}</Table.Th>
                <Table.Th ta="right">{t('trade.columns.quantity')}</Table.Th>
                <Table.Th ta="right">{t('trade.columns.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('trade.columns.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {trade.lines.map((line, index) => (
                // Lines have no id of their own and never reorder.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Table.Tr key={index}>
                  <Table.Td>{line.name}</Table.Td>
                  <Table.Td ta="right">{line.quantity}</Table.Td>
                  <Table.Td ta="right">{money(line.unitPrice, trade.currency)}</Table.Td>
                  <Table.Td ta="right">{money(line.amount, trade.currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** The coupons that fit the order as choices: none, or one of them with what it takes off. */
function CouponChoices({
  coupons,
  value,
  onChange,
  trade,
  loading,
}: {
  coupons: readonly UsableCoupon[];
  value: string | null;
  onChange(couponId: string | null): void;
  trade: TradeOrder;
  loading: boolean;
}) {
  const { t } = useTranslation('pay');
  const { money, dateTime } = useFormats();
  if (loading && coupons.length === 0) return <Skeleton height={44} />;
  if (coupons.length === 0) {
    return (
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('coupon.label')}
        </Text>
        <Text size="sm" c="dimmed" data-testid="coupon-none">
          {t('coupon.noneUsable')}
        </Text>
      </Stack>
    );
  }
  return (
    <Radio.Group
      label={t('coupon.label')}
      value={value ?? ''}
      onChange={(next) => onChange(next || null)}
      name="coupon"
      data-testid="coupon-choices"
    >
      <Stack gap="xs" mt="xs">
        {coupons.map((entry) => (
          <Radio.Card
            key={entry.coupon.id}
            value={entry.coupon.id}
            className={classes.channelCard}
            radius="md"
            aria-label={t('coupon.option', {
              name: entry.coupon.name,
              discount: money(entry.discount, trade.currency),
            })}
            data-testid="coupon-choice"
          >
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap">
                <Radio.Indicator />
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {entry.coupon.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t('coupon.validTo', { date: dateTime(entry.coupon.validTo) })}
                  </Text>
                </Stack>
              </Group>
              <Text size="sm" fw={700} c="red">
                -{money(entry.discount, trade.currency)}
              </Text>
            </Group>
          </Radio.Card>
        ))}
        <Radio.Card
          value=""
          className={classes.channelCard}
          radius="md"
          aria-label={t('coupon.noCoupon')}
          data-testid="coupon-choice-none"
        >
          <Group gap="sm" wrap="nowrap">
            <Radio.Indicator />
            <Text size="sm">{t('coupon.noCoupon')}</Text>
          </Group>
        </Radio.Card>
      </Stack>
    </Radio.Group>
  );
}

/** The available amount of the wallet in the order's currency, or null while unknown. */
function useAvailable(trade: TradeOrder): { available: number | null; loading: boolean } {
  const summary = useWalletSummary();
  const user = useSession()?.user;
  const wallet = summary.data?.wallets.find((entry) => entry.currency === trade.currency);
  if (wallet) return { available: wallet.available, loading: false };
  if (summary.data) return { available: 0, loading: false };
  // Without the wallet summary, the session's figures (none where the wallet is not granted).
  const session = user ? userInfoWallet(user) : null;
  if (summary.isError && session && session.currency === trade.currency)
    return { available: session.available, loading: false };
  return { available: null, loading: summary.isPending };
}

function PayForm({ trade, onQrOrder }: { trade: TradeOrder; onQrOrder(orderNo: string): void }) {
  const { t } = useTranslation(['pay', 'common']);
  const { money, dateTime, rate: rateText } = useFormats();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const routes = useSession()?.routes ?? [];
  const canPay = usePermission('pay');
  const options = useRechargeOptions();
  const coupons = useUsableCoupons({
    scope: trade.scope,
    currency: trade.currency,
    amount: trade.amount,
  });
  const { available, loading: walletLoading } = useAvailable(trade);
  const pay = usePayTrade();
  const keyed = useIdempotencyKey();
  const moved = useWalletMoved();

  // Undefined until the seller chooses: the best coupon (the first) is taken.
  const [couponChoice, setCouponChoice] = useState<string | null | undefined>(undefined);
  const [method, setMethod] = useState<Method>('wallet');
  const [channel, setChannel] = useState<PaymentChannel | null>(null);
  const [confirming, setConfirming] = useState(false);

  const usable = coupons.data ?? [];
  const coupon =
    couponChoice === undefined
      ? (usable[0] ?? null)
      : (usable.find((entry) => entry.coupon.id === couponChoice) ?? null);
  const discount = coupon ? Math.min(coupon.discount, trade.amount) : 0;
  const payable = trade.amount - discount;
  const shortfall = available !== null ? Math.max(0, payable - available) : null;

  const channels = options.data?.channels ?? [];
  // The channel that charges in the order's currency first (no conversion), else the first.
  const chosenChannel =
    channel ??
    channels.find((entry) => entry.currency === trade.currency)?.channel ??
    channels[0]?.channel ??
    null;
  const rate = channels.find((entry) => entry.channel === chosenChannel) ?? null;
  const qrPay =
    rate && options.data?.currency === trade.currency
      ? convertMinor(payable, trade.currency, rate.currency, rate.rate)
      : null;

  const short = method === 'wallet' && shortfall !== null && shortfall > 0;
  const canAddMoney = allows(routes, ADD_MONEY_URL);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (method === 'qr' && !chosenChannel) return;
    setConfirming(true);
  }

  function confirm() {
    const input: PayTradeRequest = {
      tradeNo: trade.tradeNo,
      method,
      ...(method === 'qr' && chosenChannel ? { channel: chosenChannel } : {}),
      ...(coupon ? { couponId: coupon.coupon.id } : {}),
    };
    // The promise, not the per-call callbacks: the answer marks the order paid, which replaces this
    // form before such callbacks could run.
    pay.mutateAsync({ input, idempotencyKey: keyed.keyFor(input) }).then(
      async ({ payment }) => {
        keyed.settle();
        setConfirming(false);
        learnServerTime(payment.createdAt);
        if (method === 'qr' && payment.status === 'unpaid') {
          onQrOrder(payment.orderNo);
          return;
        }
        await navigate({ to: '/payResult', search: { orderNo: payment.orderNo } });
        await moved();
      },
      (error: unknown) => {
        keyed.settle(error);
        setConfirming(false);
      },
    );
  }

  const failure =
    pay.error &&
    !(
      pay.error instanceof ApiError &&
      (pay.error.kind === 'insufficient-balance' || pay.error.kind === 'dialog')
    )
      ? errorText(pay.error)
      : null;

  const confirmMessage =
    method === 'wallet'
      ? t('confirm.wallet', { amount: money(payable, trade.currency), title: trade.title })
      : t('confirm.qr', {
          amount: money(payable, trade.currency),
          title: trade.title,
          channel: chosenChannel ? t(`channels.${chosenChannel}`) : '',
        });

  return (
    <form onSubmit={submit} noValidate data-testid="pay-form">
      <div className={classes.layout}>
        <Stack gap="lg">
          <Card withBorder radius="lg" padding="lg">
            <TradeDetails trade={trade} />
          </Card>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="lg">
              <CouponChoices
                coupons={usable}
                value={coupon?.coupon.id ?? null}
                onChange={setCouponChoice}
                trade={trade}
                loading={coupons.isPending}
              />
              <Radio.Group
                label={t('method.label')}
                value={method}
                onChange={(next) => setMethod(next as Method)}
                name="method"
              >
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt="xs">
                  <Radio.Card
                    value="wallet"
                    className={classes.channelCard}
                    radius="md"
                    aria-label={t('method.wallet')}
                    data-testid="method-wallet"
                  >
                    <Group gap="sm" wrap="nowrap">
                      <IconWallet size={24} stroke={1.6} />
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {t('method.wallet')}
                        </Text>
                        <Text size="xs" c="dimmed" data-testid="wallet-available">
                          {available !== null
                            ? t('method.available', {
                                amount: money(available, trade.currency),
                              })
                            : walletLoading
                              ? t('method.availableLoading')
                              : t('method.availableUnknown')}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                  <Radio.Card
                    value="qr"
                    className={classes.channelCard}
                    radius="md"
                    aria-label={t('method.qr')}
                    data-testid="method-qr"
                  >
                    <Group gap="sm" wrap="nowrap">
                      <IconQrcode size={24} stroke={1.6} />
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {t('method.qr')}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('method.qrHint')}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                </SimpleGrid>
              </Radio.Group>
              {method === 'qr' &&
                (options.isPending ? (
                  <SkeletonRows rows={1} height={64} />
                ) : (
                  <ChannelPicker
                    label={t('form.channel')}
                    channels={channels}
                    value={chosenChannel}
                    onChange={setChannel}
                  />
                ))}
            </Stack>
          </Card>
        </Stack>

        <Card withBorder radius="lg" padding="lg" data-testid="pay-summary">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t('summary.title')}
            </Title>
            <SummaryRow
              label={t('summary.orderAmount')}
              value={money(trade.amount, trade.currency)}
              testId="summary-amount"
            />
            <SummaryRow
              label={t('summary.discount')}
              value={discount > 0 ? `-${money(discount, trade.currency)}` : '—'}
              testId="summary-discount"
            />
            <Divider />
            <SummaryRow
              strong
              label={t('summary.payable')}
              value={money(payable, trade.currency)}
              testId="summary-payable"
            />
            {method === 'qr' && qrPay !== null && rate && rate.currency !== trade.currency && (
              <>
                <SummaryRow
                  label={t('summary.youPay')}
                  value={money(qrPay, rate.currency)}
                  testId="summary-pay"
                />
                <Text size="xs" c="dimmed">
                  {t('summary.rate', {
                    from: trade.currency,
                    rate: rateText(rate.rate),
                    to: rate.currency,
                    date: dateTime(rate.rateDate),
                  })}
                  {rate.stale && (
                    <Text span size="xs" c="orange.8" fw={600}>
                      {' '}
                      {t('summary.rateStale')}
                    </Text>
                  )}
                </Text>
              </>
            )}
            {method === 'wallet' && available !== null && !short && (
              <SummaryRow
                label={t('summary.afterPayment')}
                value={money(available - payable, trade.currency)}
                testId="summary-after"
              />
            )}
            {short && (
              <Alert color="orange" variant="light" p="sm" data-testid="wallet-short">
                <Text size="sm" fw={600} data-testid="wallet-shortfall">
                  {t('method.shortfall', { amount: money(shortfall ?? 0, trade.currency) })}
                </Text>
                {canAddMoney && (
                  <Anchor
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to={ADD_MONEY_URL}
                        search={{ amount: shortfall ?? 0, currency: trade.currency }}
                      />
                    )}
                    size="sm"
                    fw={600}
                    data-testid="wallet-recharge"
                  >
                    {t('actions.rechargeShortfall')}
                  </Anchor>
                )}
              </Alert>
            )}
            <FormFailure message={failure} testId="pay-failure" />
            {canPay ? (
              <Button
                type="submit"
                size="md"
                leftSection={
                  method === 'wallet' ? <IconWallet size={18} /> : <IconQrcode size={18} />
                }
                loading={pay.isPending}
                disabled={method === 'qr' && !chosenChannel}
                data-testid="pay-submit"
              >
                {method === 'wallet'
                  ? t('actions.payFromWallet', { amount: money(payable, trade.currency) })
                  : t('actions.payByQr')}
              </Button>
            ) : (
              <Text size="sm" c="dimmed" data-testid="pay-no-permission">
                {t('form.noPermission')}
              </Text>
            )}
          </Stack>
        </Card>
      </div>

      <ConfirmModal
        opened={confirming}
        title={t('confirm.title')}
        message={confirmMessage}
        confirmLabel={t('confirm.pay')}
        loading={pay.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </form>
  );
}

/** An order that cannot be paid any more: paid or withdrawn. */
function TradeSettled({ trade }: { trade: TradeOrder }) {
  const { t } = useTranslation('pay');
  const { money, dateTime } = useFormats();
  const paid = trade.status === 'paid';
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="trade-settled">
      <Stack gap="md">
        <TradeDetails trade={trade} />
        <Alert
          color={paid ? 'green' : 'gray'}
          variant="light"
          icon={paid ? <IconCircleCheck size={18} /> : undefined}
          title={paid ? t('trade.paid') : t('trade.cancelled')}
        >
          {paid && trade.paidAt
            ? t('trade.paidDetail', {
                amount: money(trade.amount - trade.discount, trade.currency),
                time: dateTime(trade.paidAt),
              })
            : null}
        </Alert>
      </Stack>
    </Card>
  );
}

/**
 * Order payment (spec section 2: /pay/orderTrading): an order waiting to be paid, a coupon that
 * fits it (the best preselected), and the way to pay: the wallet (with the shortfall and the way
 * to recharge when it is short) or a QR code. Without an order number: the orders to choose from.
 */
export function OrderTradingPage() {
  const { t } = useTranslation('pay');
  const search = validateOrderTradingSearch(
    useSearch({ strict: false }) as Record<string, unknown>,
  );
  const navigate = useNavigate();
  const setSearch = useCallback(
    (next: OrderTradingSearch, replace = false) =>
      void navigate({ to: PAGE_URL, search: validateOrderTradingSearch({ ...next }), replace }),
    [navigate],
  );
  const onPage = useCallback((page: number) => setSearch({ page }), [setSearch]);
  const tradeNo = search.tradeNo ?? null;
  const trade = useTrade(tradeNo);

  let content: ReactNode;
  if (!tradeNo) {
    content = <PendingTrades page={search.page ?? 1} onPage={onPage} />;
  } else if (trade.isPending) {
    content = (
      <Card withBorder radius="lg" padding="lg" aria-busy data-testid="trade-loading">
        <SkeletonRows rows={4} height={40} />
      </Card>
    );
  } else if (trade.isError) {
    content = (
      <LoadFailed
        title={t('trade.loadError')}
        retrying={trade.isFetching}
        onRetry={() => void trade.refetch()}
      />
    );
  } else if (search.orderNo) {
    content = (
      <PaymentQrView
        orderNo={search.orderNo}
        onReplaced={(orderNo) => setSearch({ tradeNo, orderNo }, true)}
        onClosed={() => {
          void trade.refetch();
          setSearch({ tradeNo });
        }}
      />
    );
  } else if (trade.data.status === 'paid' || trade.data.status === 'cancelled') {
    content = <TradeSettled trade={trade.data} />;
  } else {
    content = (
      <PayForm trade={trade.data} onQrOrder={(orderNo) => setSearch({ tradeNo, orderNo })} />
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={2}>{t('trade.title')}</Title>
          <Text c="dimmed" size="sm">
            {tradeNo ? t('trade.intro') : t('trades.intro')}
          </Text>
        </Stack>
        {tradeNo && (
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            component={Link}
            to={PAGE_URL}
            data-testid="trades-back"
          >
            {t('actions.allOrders')}
          </Button>
        )}
      </Group>
      {content}
    </Stack>
  );
}
