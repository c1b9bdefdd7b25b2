import {
  Anchor,
  Badge,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { formatMoney } from '@shared/i18n/format';
import { useUserInfo } from '@shared/queries/users';
import { useSession } from '@shared/session/react';
import { IconBuildingStore, IconPuzzle, IconWallet } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

function greetingKey(hour: number) {
  if (hour < 12) return 'greeting.morning' as const;
  if (hour < 18) return 'greeting.afternoon' as const;
  return 'greeting.evening' as const;
}

function Step({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <Group align="flex-start" wrap="nowrap" gap="md">
      <ThemeIcon size={40} radius="md" variant="light">
        {icon}
      </ThemeIcon>
      <Stack gap={2} style={{ flex: 1 }}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {action}
      </Stack>
    </Group>
  );
}

/** A label on the left, its value on the right. */
function InfoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" fw={500}>
        {children}
      </Text>
    </Group>
  );
}

export function DashboardPage() {
  const { t, i18n } = useTranslation(['dashboard', 'common', 'layout']);
  const session = useSession();
  const fresh = useUserInfo({ enabled: session !== null });
  const user = fresh.data ?? session?.user;
  if (!user) return null;
  const language = i18n.language as Language;
  const money = (minor: number) => formatMoney(minor, user.currency, language);

  return (
    <Stack gap="lg">
      <div>
        <Title order={2} data-testid="dashboard-greeting">
          {t(greetingKey(new Date().getHours()), { name: user.subUserName ?? user.name })}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Group justify="space-between" mb="md">
            <Text fw={600}>{t('wallet.title')}</Text>
            <IconWallet size={20} stroke={1.6} />
          </Group>
          <Text size="xs" c="dimmed">
            {t('wallet.available')}
          </Text>
          <Text fz={28} fw={700} data-testid="wallet-balance">
            {money(user.balance)}
          </Text>
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">
              {t('wallet.frozen')} {money(user.freezeBalance)}
            </Text>
            <Anchor component={Link} to="/pay/recharge" size="sm" fw={600}>
              {t('common:actions.recharge')}
            </Anchor>
          </Group>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Text fw={600} mb="md">
            {t('account.title')}
          </Text>
          <Stack gap="xs">
            <InfoRow label={t('account.type')}>
              <Badge variant="light">
                {user.isMain ? t('layout:user.mainAccount') : t('layout:user.subAccount')}
              </Badge>
            </InfoRow>
            <InfoRow label={t('account.site')}>{t(`common:sites.${user.site}`)}</InfoRow>
            <InfoRow label={t('account.currency')}>
              {user.currency} ({user.currencySymbol})
            </InfoRow>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg" style={{ gridRow: 'span 2' }}>
          <Text fw={600} mb="md">
            {t('start.title')}
          </Text>
          <Stack gap="lg">
            <Step
              icon={<IconBuildingStore size={20} />}
              title={t('start.authorize.title')}
              description={t('start.authorize.description')}
            />
            <Step
              icon={<IconPuzzle size={20} />}
              title={t('start.extension.title')}
              description={t('start.extension.description')}
              action={
                <Anchor href="/downloads/extension.zip" size="sm" fw={600}>
                  {t('start.extension.action')}
                </Anchor>
              }
            />
            <Step
              icon={<IconWallet size={20} />}
              title={t('start.recharge.title')}
              description={t('start.recharge.description')}
              action={
                <Anchor component={Link} to="/pay/recharge" size="sm" fw={600}>
                  {t('common:actions.recharge')}
                </Anchor>
              }
            />
          </Stack>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
