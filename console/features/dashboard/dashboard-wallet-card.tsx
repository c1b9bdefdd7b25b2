import { ActionIcon, Anchor, Button, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { formatMoney } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useUserInfo } from '@shared/queries/users';
import { useSession, useSessionStore } from '@shared/session/react';
import { IconRefresh, IconWallet } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardCard } from './dashboard-card';

const RECHARGE_URL = '/pay/recharge';
const HISTORY_URL = '/other/historyMoney';

/**
 * The wallet from the session's userInfo (integer minor units of its currency): the balance, the
 * part frozen for orders in progress, and what is left to spend. Refresh asks the server again.
 */
export function WalletCard() {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  // Read on demand only: the card shows the session's userInfo, and Refresh brings it up to date.
  const userInfo = useUserInfo({ enabled: false });
  const store = useSessionStore();
  const session = useSession();
  const [refreshing, setRefreshing] = useState(false);
  if (!session) return null;
  const { user, routes } = session;
  const language = i18n.language as Language;
  const money = (minor: number) => formatMoney(minor, user.currency, language);
  const available = user.balance - user.freezeBalance;

  async function refresh() {
    setRefreshing(true);
    // A failure is shown by the console's one error handler.
    const fresh = await userInfo.refetch();
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
      <Stack gap="md">
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
            {money(available)}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="xs">
          <div>
            <Text size="xs" c="dimmed">
              {t('wallet.balance')}
            </Text>
            <Text fw={600} data-testid="wallet-balance">
              {money(user.balance)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('wallet.frozen')}
            </Text>
            <Text fw={600} data-testid="wallet-frozen">
              {money(user.freezeBalance)}
            </Text>
          </div>
        </SimpleGrid>
        <Group justify="space-between" gap="xs">
          {allows(routes, HISTORY_URL) ? (
            <Anchor component={Link} to={HISTORY_URL as '/cmpDashboard'} size="sm">
              {t('wallet.history')}
            </Anchor>
          ) : (
            <span />
          )}
          {allows(routes, RECHARGE_URL) ? (
            <Button component={Link} to={RECHARGE_URL} size="xs" data-testid="wallet-recharge">
              {t('common:actions.recharge')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </DashboardCard>
  );
}
