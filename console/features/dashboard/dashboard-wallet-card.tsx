import { ActionIcon, Anchor, Button, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { userInfoWallet } from '@shared/contracts/users';
import { WALLET_MENU, type WalletBalance } from '@shared/contracts/wallet';
import { formatMoney } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useUserInfo } from '@shared/queries/users';
import { useWalletSummary } from '@shared/queries/wallet';
import { useSession, useSessionStore } from '@shared/session/react';
import { IconRefresh, IconWallet } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from './dashboard-card';

const RECHARGE_URL = '/pay/recharge';

/**
 * The site-currency wallet (integer minor units of its currency) from the wallet summary, read
 * again on focus and every minute; the session's userInfo until it answers: what is left to
 * spend, the balance and the part frozen for orders in progress. Refresh asks the server again.
 */
export function WalletCard() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  // Read on demand only: Refresh brings the session's userInfo up to date too.
  const userInfo = useUserInfo({ enabled: false });
  const store = useSessionStore();
  const session = useSession();
  const canSeeWallet = session ? allows(session.routes, WALLET_MENU) : false;
  const summary = useWalletSummary({ enabled: canSeeWallet });
  const [refreshing, setRefreshing] = useState(false);
  if (!session) return null;
  const { user, routes } = session;
  const language = i18n.language as Language;
  // Null for an account not granted the wallet, which is sent no figures; also, until the summary
  // answers, for a session signed in before the wallet was granted.
  const wallet: WalletBalance | null =
    summary.data?.wallets.find((entry) => entry.currency === summary.data?.currency) ??
    userInfoWallet(user);
  const money = (pick: (wallet: WalletBalance) => number) =>
    wallet ? formatMoney(pick(wallet), wallet.currency, language) : '—';

  async function refresh() {
    setRefreshing(true);
    // A failure is shown by the console's one error handler.
    const [fresh] = await Promise.all([
      userInfo.refetch(),
      canSeeWallet ? summary.refetch() : undefined,
    ]);
    if (fresh.isSuccess) store.getState().updateUser(fresh.data);
    setRefreshing(false);
  }

  return (
    <DashboardCard
      title={t('wallet.title')}
      icon={<IconWallet size={18} stroke={1.6} />}
      tour="wallet"
      testId="wallet-card"
      action={
        <Tooltip label={t('wallet.refresh')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={t('wallet.refresh')}
            loading={refreshing}
            onClick={() => void refresh()}
            data-testid="wallet-refresh"
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      }
    >
      {canSeeWallet ? (
        <Stack gap="md" data-source={summary.data ? 'server' : 'session'}>
          <div>
            <Text size="xs" c="dimmed">
              {t('wallet.available')}
            </Text>
            <Text
              fz={28}
              fw={700}
              lh={1.2}
              data-testid="wallet-available"
              style={{ overflowWrap: 'anywhere' }}
            >
              {money((w) => w.available)}
            </Text>
          </div>
          <SimpleGrid cols={2} spacing="xs">
            <div>
              <Text size="xs" c="dimmed">
                {t('wallet.balance')}
              </Text>
              <Text fw={600} data-testid="wallet-balance">
                {money((w) => w.balance)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('wallet.frozen')}
              </Text>
              <Text fw={600} data-testid="wallet-frozen">
                {money((w) => w.frozen)}
              </Text>
            </div>
          </SimpleGrid>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to={WALLET_MENU as '/cmpDashboard'} size="sm">
              {t('wallet.history')}
            </Anchor>
            {allows(routes, RECHARGE_URL) ? (
              <Button component={Link} to={RECHARGE_URL} size="xs" data-testid="wallet-recharge">
                {t('common:actions.recharge')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" data-testid="wallet-hidden">
          <Text size="sm" c="dimmed">
            {t('wallet.hidden', { page: t('common:routes.historyMoney') })}
          </Text>
          {allows(routes, RECHARGE_URL) ? (
            <Button
              component={Link}
              to={RECHARGE_URL}
              size="xs"
              w="fit-content"
              data-testid="wallet-recharge"
            >
              {t('common:actions.recharge')}
            </Button>
          ) : null}
        </Stack>
      )}
    </DashboardCard>
  );
}
