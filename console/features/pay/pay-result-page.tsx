import { Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { PaymentOrder } from '@shared/contracts/payments';
import { allows } from '@shared/permissions';
import { usePaymentOrder } from '@shared/queries/payments';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import {
  IconCircleCheck,
  IconCircleX,
  IconHourglassHigh,
  IconQrcode,
  IconReceipt,
} from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../components/list-states';
import { ChannelName, useFormats } from './pay-parts';
import { validatePayResultSearch } from './pay-route-search';
import { SummaryRow } from './recharge-parts';

const RECHARGE_URL = '/pay/recharge';
const ORDER_URL = '/pay/orderTrading';
const HISTORY_URL = '/other/historyMoney';

type Outcome = 'success' | 'waiting' | 'closed';

function outcomeOf(order: PaymentOrder): Outcome {
  if (order.status === 'paid' || order.status === 'completed') return 'success';
  return order.status === 'unpaid' ? 'waiting' : 'closed';
}

/** What the payment came to: amounts, the coupon, and the wallet after it. */
function Figures({ order }: { order: PaymentOrder }) {
  const { t } = useTranslation('pay');
  const { money, dateTime } = useFormats();
  const recharge = order.kind === 'recharge';
  return (
    <Stack gap={6} w="100%" maw={420} data-testid="result-figures">
      <SummaryRow label={t('qr.orderNo')} value={order.orderNo} />
      <SummaryRow
        label={t('result.method')}
        value={order.channel ? t(`channels.${order.channel}`) : t('channels.wallet')}
      />
      <SummaryRow
        label={recharge ? t('result.arrived') : t('summary.orderAmount')}
        value={money(order.amount, order.currency)}
        testId="result-amount"
      />
      {order.discount > 0 && (
        <SummaryRow
          label={t('summary.discount')}
          value={`-${money(order.discount, order.currency)}`}
          testId="result-discount"
        />
      )}
      <SummaryRow
        strong
        label={t('result.paid')}
        value={money(order.payAmount, order.payCurrency)}
        testId="result-paid"
      />
      {order.wallet && (
        <SummaryRow
          label={t('result.available')}
          value={money(order.wallet.available, order.wallet.currency)}
          testId="result-available"
        />
      )}
      {order.paidAt && <SummaryRow label={t('result.paidAt')} value={dateTime(order.paidAt)} />}
    </Stack>
  );
}

/**
 * Where a payment lands (/payResult?orderNo=): success with what arrived or what was paid and the
 * wallet after it; still waiting (asked again every two seconds, with the way back to its QR
 * code); or closed or failed with the reason and the way to try again.
 */
export function PayResultPage() {
  const { t } = useTranslation('pay');
  const { money } = useFormats();
  const search = validatePayResultSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const orderNo = search.orderNo ?? null;
  const query = usePaymentOrder(orderNo);
  const routes = useSession()?.routes ?? [];
  const canHistory = allows(routes, HISTORY_URL);
  const canRecharge = allows(routes, RECHARGE_URL);

  if (!orderNo) {
    return (
      <Card withBorder radius="lg" padding="lg" data-testid="result-none">
        <Stack align="center" gap={0} pb="lg">
          <EmptyState
            icon={<IconReceipt size={28} />}
            title={t('result.none')}
            hint={t('result.noneHint')}
            py={48}
          />
          {canRecharge && (
            <Button component={Link} to={RECHARGE_URL}>
              {t('actions.rechargeAgain')}
            </Button>
          )}
        </Stack>
      </Card>
    );
  }
  if (query.isPending) {
    return (
      <Center py={80} aria-busy>
        <Loader />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed
        title={t('result.loadError')}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const order = query.data;
  const outcome = outcomeOf(order);
  const recharge = order.kind === 'recharge';
  const title =
    outcome === 'success'
      ? recharge
        ? t('result.rechargeSuccess')
        : t('result.paySuccess')
      : outcome === 'waiting'
        ? t('result.waiting')
        : order.closeReason === 'failed'
          ? t('result.failed')
          : t('result.closed');
  const hint =
    outcome === 'success'
      ? recharge
        ? t('result.rechargeSuccessHint', { amount: money(order.amount, order.currency) })
        : t('result.paySuccessHint', { title: order.tradeNo ?? order.orderNo })
      : outcome === 'waiting'
        ? t('result.waitingHint')
        : t(`closeReason.${order.closeReason ?? 'closed'}`);
  const tradeNo = order.tradeNo;
  const toQr = (props: Record<string, unknown>) =>
    recharge || !tradeNo ? (
      <Link {...props} to={RECHARGE_URL} search={{ orderNo: order.orderNo }} />
    ) : (
      <Link {...props} to={ORDER_URL} search={{ tradeNo, orderNo: order.orderNo }} />
    );
  const toRetry = (props: Record<string, unknown>) =>
    recharge || !tradeNo ? (
      <Link {...props} to={RECHARGE_URL} />
    ) : (
      <Link {...props} to={ORDER_URL} search={{ tradeNo }} />
    );

  return (
    <Card withBorder radius="lg" padding="xl" data-testid="pay-result" data-outcome={outcome}>
      <Stack align="center" gap="md">
        <ThemeIcon
          size={64}
          radius="xl"
          variant="light"
          color={outcome === 'success' ? 'green' : outcome === 'waiting' ? 'orange' : 'gray'}
        >
          {outcome === 'success' ? (
            <IconCircleCheck size={36} />
          ) : outcome === 'waiting' ? (
            <IconHourglassHigh size={36} />
          ) : (
            <IconCircleX size={36} />
          )}
        </ThemeIcon>
        <Title order={2} ta="center" data-testid="result-title">
          {title}
        </Title>
        <Text c="dimmed" ta="center" maw={480}>
          {hint}
        </Text>
        {order.channel && outcome !== 'success' && <ChannelName channel={order.channel} />}
        {outcome === 'success' && <Figures order={order} />}
        <Group justify="center" gap="sm" mt="sm">
          {outcome === 'waiting' && (
            <Button renderRoot={toQr} leftSection={<IconQrcode size={16} />}>
              {t('actions.backToQr')}
            </Button>
          )}
          {outcome === 'closed' && (
            <Button renderRoot={toRetry} data-testid="result-retry">
              {t('actions.tryAgain')}
            </Button>
          )}
          {canHistory && (
            <Button variant="default" component={Link} to={HISTORY_URL}>
              {t('actions.walletHistory')}
            </Button>
          )}
          {canRecharge && !(outcome === 'closed' && recharge) && (
            <Button variant="default" component={Link} to={RECHARGE_URL}>
              {t('actions.rechargeAgain')}
            </Button>
          )}
          {!recharge && tradeNo && (
            <Button
              variant="default"
              renderRoot={(props) => <Link {...props} to={ORDER_URL} search={{ tradeNo }} />}
            >
              {t('actions.backToOrder')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
