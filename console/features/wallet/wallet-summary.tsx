import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { userInfoWallet } from '@shared/contracts/users';
import type { WalletBalance } from '@shared/contracts/wallet';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { useLedgerCheck, useWalletSummary } from '@shared/queries/wallet';
import { useSession } from '@shared/session/react';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** One wallet: what can be spent, large; the balance and the part frozen for orders beside it. */
function WalletTile({ wallet, site }: { wallet: WalletBalance; site: boolean }) {
  const { t, i18n } = useTranslation('wallet');
  const money = (minor: number) => formatMoney(minor, wallet.currency, i18n.language as Language);
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={`wallet-${wallet.currency}`}>
      <Group justify="space-between" gap="xs" mb={6} wrap="nowrap">
        <Text size="sm" fw={600}>
          {t('summary.wallet', { currency: wallet.currency })}
        </Text>
        {site && (
          <Badge size="sm" variant="light">
            {t('summary.siteCurrency')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('summary.available')}
      </Text>
      <Text
        fz={26}
        fw={700}
        lh={1.25}
        data-testid="wallet-available"
        style={{ overflowWrap: 'anywhere' }}
      >
        {money(wallet.available)}
      </Text>
      <Group gap="xl" mt="xs">
        <div>
          <Text size="xs" c="dimmed">
            {t('summary.balance')}
          </Text>
          <Text fw={600} size="sm" data-testid="wallet-balance">
            {money(wallet.balance)}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">
            {t('summary.frozen')}
          </Text>
          <Text fw={600} size="sm" data-testid="wallet-frozen">
            {money(wallet.frozen)}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/**
 * The account's wallets (api.wallet.summary), the site currency first. Until the summary answers,
 * and if it cannot, the site wallet shows the figures of the session's userInfo.
 */
export function WalletSummaryCards() {
  const { t } = useTranslation('wallet');
  const user = useSession()?.user;
  const summary = useWalletSummary();
  if (!user) return null;
  const fallback = userInfoWallet(user);
  const wallets = summary.data?.wallets ?? (fallback ? [fallback] : []);
  const siteCurrency = summary.data?.currency ?? user.currency;
  return (
    <Stack gap="xs">
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        spacing="md"
        aria-label={t('summary.label')}
        aria-busy={summary.isPending}
        data-testid="wallet-summary"
        data-source={summary.data ? 'server' : 'session'}
      >
        {wallets.map((wallet) => (
          <WalletTile
            key={wallet.currency}
            wallet={wallet}
            site={wallets.length > 1 && wallet.currency === siteCurrency}
          />
        ))}
        {summary.isPending && <Skeleton radius="lg" h={132} visibleFrom="sm" />}
      </SimpleGrid>
      {summary.isError && (
        <Text size="xs" c="dimmed" role="status">
          {t('summary.loadFailed')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * A quiet line on the ledger's last reconciliation: when it was verified, or, in a warning colour,
 * that it never was or that it found discrepancies. Nothing while it loads or if it cannot.
 */
export function LedgerStatus() {
  const { t, i18n } = useTranslation('wallet');
  const check = useLedgerCheck();
  if (!check.data) return null;
  const { checkedAt, violations } = check.data;
  const time = checkedAt ? formatDateTime(checkedAt, i18n.language as Language) : '';
  const state = checkedAt === null ? 'never' : violations > 0 ? 'violations' : 'verified';
  const words =
    state === 'never'
      ? t('ledger.never')
      : state === 'violations'
        ? t('ledger.violations', { count: violations, time })
        : t('ledger.verified', { time });
  const warn = state !== 'verified';
  return (
    <Tooltip label={t('ledger.hint')} openDelay={300} multiline maw={280}>
      <Group
        gap={6}
        wrap="nowrap"
        tabIndex={0}
        w="fit-content"
        data-testid="ledger-status"
        data-state={state}
      >
        {warn ? (
          <IconAlertTriangle size={14} color="var(--mantine-color-orange-7)" aria-hidden />
        ) : (
          <IconShieldCheck size={14} color="var(--mantine-color-dimmed)" aria-hidden />
        )}
        <Text size="xs" c={warn ? 'orange.8' : 'dimmed'}>
          {words}
        </Text>
      </Group>
    </Tooltip>
  );
}
