import { Button, Center, Loader, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { formatDay } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useApi } from '@shared/queries/api-context';
import { dashboardQueries } from '@shared/queries/dashboard';
import { useSession } from '@shared/session/react';
import { EmptyState } from '@shared/ui/empty-state';
import { IconChartBar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFailure, DashboardCard } from './dashboard-card';
import type { TrendMetric } from './dashboard-trend-chart';

/** The chart's code (recharts) loads only once there is something to draw. */
const TrendChart = lazy(() =>
  import('./dashboard-trend-chart').then((m) => ({ default: m.TrendChart })),
);

const ORDERS_URL = '/thirdPartyPlatform/orderManage';
const SHOPS_URL = '/thirdPartyPlatform/authorizeList';
const CHART_HEIGHT = 260;

/** The reader's time zone: the chart's days run from 00:00:00 there (decisions.md). */
function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Orders and sales per shop per day over the last 14 days; an empty state until there are orders. */
export function TrendCard() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language as Language;
  const routes = useSession()?.routes ?? [];
  const [metric, setMetric] = useState<TrendMetric>('orders');
  const [timeZone] = useState(readerTimeZone);
  const allowed = allows(routes, ORDERS_URL);
  const trend = useQuery({ ...dashboardQueries.orderTrend(useApi(), timeZone), enabled: allowed });
  if (!allowed) return null;
  const data = trend.data;
  const first = data?.days[0];
  const last = data?.days.at(-1);

  return (
    <DashboardCard
      title={t('trend.title')}
      icon={<IconChartBar size={18} stroke={1.6} />}
      tour="chart"
      testId="trend-card"
      action={
        data && data.series.length > 0 ? (
          <SegmentedControl
            size="xs"
            value={metric}
            onChange={(value) => setMetric(value as TrendMetric)}
            data={[
              { value: 'orders', label: t('trend.orders') },
              { value: 'sales', label: t('trend.sales') },
            ]}
          />
        ) : null
      }
    >
      <Stack gap="sm">
        {first && last ? (
          <Text size="xs" c="dimmed" mt={-8} data-testid="trend-range">
            {t('trend.range', { from: formatDay(first, language), to: formatDay(last, language) })}
          </Text>
        ) : null}
        {trend.isPending ? (
          <Skeleton h={CHART_HEIGHT} radius="md" />
        ) : trend.isError || !data ? (
          <CardFailure onRetry={() => void trend.refetch()} testId="trend-failed" />
        ) : data.series.length === 0 ? (
          <Stack mih={CHART_HEIGHT} justify="center" data-testid="trend-empty">
            <EmptyState
              py={16}
              icon={<IconChartBar size={26} />}
              title={t('trend.emptyTitle')}
              hint={t('trend.emptyHint')}
            />
            {allows(routes, SHOPS_URL) ? (
              <Center>
                <Button component={Link} to={SHOPS_URL} variant="light" size="xs">
                  {t('trend.authorize')}
                </Button>
              </Center>
            ) : null}
          </Stack>
        ) : (
          <Suspense
            fallback={
              <Center h={CHART_HEIGHT}>
                <Loader size="sm" />
              </Center>
            }
          >
            <TrendChart trend={data} metric={metric} height={CHART_HEIGHT} />
          </Suspense>
        )}
      </Stack>
    </DashboardCard>
  );
}
