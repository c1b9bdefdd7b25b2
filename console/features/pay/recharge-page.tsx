import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import type { PaymentOrderState } from '@shared/contracts/payments';
import { allows } from '@shared/permissions';
import { useSession } from '@shared/session/react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type RechargeSearch,
  validateAddMoneySearch,
  validateRechargeSearch,
} from './pay-route-search';
import { RechargeHistory } from './recharge-history';
import { RechargePanel } from './recharge-panel';

const RECHARGE_URL = '/pay/recharge';
const ADD_MONEY_URL = '/other/addMoney';
const HISTORY_URL = '/other/historyMoney';

function PageHeader({ title, intro }: { title: string; intro: string }) {
  const { t } = useTranslation('pay');
  const routes = useSession()?.routes ?? [];
  return (
    <Group justify="space-between" align="flex-end" gap="md">
      <Stack gap={4}>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {allows(routes, HISTORY_URL) && (
        <Anchor component={Link} to={HISTORY_URL} size="sm">
          {t('actions.walletHistory')}
        </Anchor>
      )}
    </Group>
  );
}

/**
 * Recharge (spec section 2: /pay/recharge): the WeChat Pay, Alipay and PromptPay panels with the
 * amount, a recharge coupon and what will be paid, the QR code of the payment, and below it the
 * recharge history.
 */
export function RechargePage() {
  const { t } = useTranslation('pay');
  const search = validateRechargeSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const setSearch = useCallback(
    (next: RechargeSearch, replace = false) =>
      void navigate({ to: RECHARGE_URL, search: validateRechargeSearch({ ...next }), replace }),
    [navigate],
  );
  const { orderNo, status, page } = search;
  const onHistory = useCallback(
    (next: { status?: PaymentOrderState; page?: number }) =>
      setSearch({ ...(orderNo ? { orderNo } : {}), ...next }),
    [setSearch, orderNo],
  );
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} intro={t('intro')} />
      <RechargePanel
        orderNo={orderNo}
        onOrderChange={(next, replace) =>
          setSearch(
            {
              ...(next ? { orderNo: next } : {}),
              ...(status ? { status } : {}),
              ...(page ? { page } : {}),
            },
            replace,
          )
        }
      />
      <RechargeHistory status={status} page={page ?? 1} onChange={onHistory} />
    </Stack>
  );
}

/**
 * Add funds (spec section 2: /other/addMoney, hidden): the recharge panel opened by the
 * insufficient-balance dialog, the custom amount filled with what the operation lacked.
 */
export function AddMoneyPage() {
  const { t } = useTranslation('pay');
  const search = validateAddMoneySearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const shortfall =
    search.amount !== undefined && search.currency
      ? { amount: search.amount, currency: search.currency }
      : undefined;
  return (
    <Stack gap="lg">
      <PageHeader title={t('addMoney.title')} intro={t('addMoney.intro')} />
      <RechargePanel
        orderNo={search.orderNo}
        shortfall={shortfall}
        onOrderChange={(next, replace) =>
          void navigate({
            to: ADD_MONEY_URL,
            search: validateAddMoneySearch({
              ...(shortfall ? { amount: shortfall.amount, currency: shortfall.currency } : {}),
              ...(next ? { orderNo: next } : {}),
            }),
            replace: replace ?? false,
          })
        }
      />
    </Stack>
  );
}
