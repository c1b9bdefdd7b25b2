import { Alert, Button, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { allows } from '@shared/permissions';
import { useSession } from '@shared/session/react';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { HelpCard } from './dashboard-help-card';
import { NoticesCard } from './dashboard-notices-card';
import { ServiceCard } from './dashboard-service-card';
import { TodoCard } from './dashboard-todo-card';
import { TrendCard } from './dashboard-trend-card';
import { WalletCard } from './dashboard-wallet-card';

const WAREHOUSE_URL = '/purchaseAndWarehouse/warehouseManage';
/** The chart counts orders: without the order list it has nothing to show. */
const ORDERS_URL = '/thirdPartyPlatform/orderManage';

function greetingKey(hour: number) {
  if (hour < 12) return 'greeting.morning' as const;
  if (hour < 18) return 'greeting.afternoon' as const;
  return 'greeting.evening' as const;
}

/** userInfo.isWarehouse false: the account has no overseas warehouse yet; one click to open one. */
function WarehousePrompt() {
  const { t } = useTranslation('dashboard');
  return (
    <Alert
      variant="light"
      color="cmp"
      radius="lg"
      icon={<IconBuildingWarehouse size={20} />}
      title={t('warehouse.title')}
      data-testid="no-warehouse-prompt"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('warehouse.body')}</Text>
        <Button
          component={Link}
          to={WAREHOUSE_URL as '/cmpDashboard'}
          size="xs"
          data-testid="no-warehouse-action"
        >
          {t('warehouse.action')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The dashboard (spec section 2): to-do counts, the last 14 days' orders and sales, the wallet,
 * announcements, customer service, common questions, and a prompt while there is no warehouse.
 * Each card loads, fails and retries on its own. `data-guide-page` and the cards' `data-tour`
 * attributes are where the guided tours point.
 */
export function DashboardPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const session = useSession();
  if (!session) return null;
  const { user, routes } = session;
  const withChart = allows(routes, ORDERS_URL);

  return (
    <Stack gap="lg" data-guide-page="dashboard">
      <div>
        <Title order={2} data-testid="dashboard-greeting">
          {t(greetingKey(new Date().getHours()), { name: user.subUserName ?? user.name })}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </div>
      {!user.isWarehouse && allows(routes, WAREHOUSE_URL) ? <WarehousePrompt /> : null}
      <Grid gap="lg" align="stretch">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <TodoCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <WalletCard />
        </Grid.Col>
        {withChart ? (
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <TrendCard />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, lg: withChart ? 4 : 12 }}>
          <NoticesCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <HelpCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ServiceCard />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
