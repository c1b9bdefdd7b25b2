import {
  Anchor,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import type {
  OrderSummaryKey,
  ProductSummaryKey,
  PurchaseSummaryKey,
} from '@shared/contracts/dashboard';
import { formatNumber } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useApi } from '@shared/queries/api-context';
import { dashboardQueries } from '@shared/queries/dashboard';
import { useSession } from '@shared/session/react';
import {
  IconChecklist,
  IconPackage,
  IconShoppingCart,
  IconTruckDelivery,
} from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { CardFailure, DashboardCard } from './dashboard-card';

/** Pages of other features: their search parameters are theirs, so the path is typed loosely here. */
const page = (path: string) => path as '/cmpDashboard';

const PRODUCTS_URL = '/thirdPartyPlatform/platformProductManage';
const ORDERS_URL = '/thirdPartyPlatform/orderManage';
const PURCHASES_URL = '/purchaseAndWarehouse/purchaseManage';

/** The statuses each section shows: what waits on the seller first. */
const PRODUCT_ROWS = ['wait', 'fail', 'pushing'] as const satisfies readonly ProductSummaryKey[];
const ORDER_ROWS = [
  'pending',
  'processing',
  'logistics',
] as const satisfies readonly OrderSummaryKey[];
const PURCHASE_ROWS = [
  'waitAudit',
  'beWait',
  'waitShip',
  'shipping',
] as const satisfies readonly PurchaseSummaryKey[];

function Section<K extends string>({
  name,
  url,
  icon,
  rows,
  label,
  query,
}: {
  name: 'products' | 'orders' | 'purchases';
  url: string;
  icon: ReactNode;
  rows: readonly K[];
  label(key: K): string;
  query: UseQueryResult<Record<K, number>>;
}) {
  const { t, i18n } = useTranslation('dashboard');
  return (
    <Paper bg="gray.0" radius="md" p="md" data-testid={`todo-${name}`}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <Group gap={8} wrap="nowrap">
          <ThemeIcon variant="light" radius="md" size={28}>
            {icon}
          </ThemeIcon>
          <Text fw={600} size="sm">
            {t(`todo.sections.${name}`)}
          </Text>
        </Group>
        <Anchor component={Link} to={page(url)} size="xs">
          {t('todo.viewAll')}
        </Anchor>
      </Group>
      {query.isError ? (
        <CardFailure onRetry={() => void query.refetch()} testId={`todo-${name}-failed`} />
      ) : (
        <Stack gap={2}>
          {rows.map((key) => {
            const count: number | undefined = query.data?.[key];
            return (
              <UnstyledButton
                key={key}
                component={Link}
                to={page(url)}
                aria-label={
                  count === undefined ? undefined : t('todo.open', { label: label(key), count })
                }
                px="xs"
                py={6}
                className={classes.row}
                data-testid={`todo-${name}-${key}`}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" c="dimmed">
                    {label(key)}
                  </Text>
                  {count === undefined ? (
                    <Skeleton h={20} w={28} />
                  ) : (
                    <Text fw={700} fz="lg" c={count > 0 ? 'cmp.7' : 'dark.3'}>
                      {formatNumber(count, i18n.language)}
                    </Text>
                  )}
                </Group>
              </UnstyledButton>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

/** To-do counts for products, orders and purchases; each count opens its list. */
export function TodoCard() {
  const { t } = useTranslation('dashboard');
  const api = useApi();
  const routes = useSession()?.routes ?? [];
  const can = {
    products: allows(routes, PRODUCTS_URL),
    orders: allows(routes, ORDERS_URL),
    purchases: allows(routes, PURCHASES_URL),
  };
  const products = useQuery({ ...dashboardQueries.productSummary(api), enabled: can.products });
  const orders = useQuery({ ...dashboardQueries.orderSummary(api), enabled: can.orders });
  const purchases = useQuery({ ...dashboardQueries.purchaseSummary(api), enabled: can.purchases });
  const shown = Object.values(can).filter(Boolean).length;

  return (
    <DashboardCard
      title={t('todo.title')}
      icon={<IconChecklist size={18} stroke={1.6} />}
      tour="todo"
      testId="todo-card"
    >
      {shown === 0 ? (
        <Text size="sm" c="dimmed">
          {t('todo.noAccess')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: Math.min(shown, 3) }} spacing="md">
          {can.products ? (
            <Section
              name="products"
              url={PRODUCTS_URL}
              icon={<IconPackage size={16} />}
              rows={PRODUCT_ROWS}
              label={(key) => t(`todo.products.${key}`)}
              query={products}
            />
          ) : null}
          {can.orders ? (
            <Section
              name="orders"
              url={ORDERS_URL}
              icon={<IconShoppingCart size={16} />}
              rows={ORDER_ROWS}
              label={(key) => t(`todo.orders.${key}`)}
              query={orders}
            />
          ) : null}
          {can.purchases ? (
            <Section
              name="purchases"
              url={PURCHASES_URL}
              icon={<IconTruckDelivery size={16} />}
              rows={PURCHASE_ROWS}
              label={(key) => t(`todo.purchases.${key}`)}
              query={purchases}
            />
          ) : null}
        </SimpleGrid>
      )}
    </DashboardCard>
  );
}
