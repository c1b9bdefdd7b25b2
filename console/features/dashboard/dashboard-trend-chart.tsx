import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import type { OrderTrend } from '@shared/contracts/dashboard';
import type { Language } from '@shared/contracts/languages';
import { CURRENCY_DECIMALS, CURRENCY_SYMBOLS } from '@shared/contracts/money';
import { formatNumber, intlLocale } from '@shared/i18n/format';
import { useTranslation } from 'react-i18next';

export type TrendMetric = 'orders' | 'sales';

const COLORS = [
  'cmp.6',
  'brand.6',
  'teal.6',
  'grape.6',
  'yellow.7',
  'indigo.6',
  'lime.7',
  'pink.6',
];

/** A calendar day as a short axis label ("26/2", "2/26"), in no time zone (it is a day). */
function shortDay(ymd: string, language: Language): string {
  const [year = 0, month = 1, day = 1] = ymd.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * The 14 days as a chart: orders stacked per shop, or sales per shop as lines. Sales are minor
 * units of each shop's currency, drawn in major units; with more than one currency each shop's
 * name carries its currency code, since they cannot be added up.
 */
export function TrendChart({
  trend,
  metric,
  height,
}: {
  trend: OrderTrend;
  metric: TrendMetric;
  height: number;
}) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const currencies = new Set(trend.series.map((s) => s.currency));
  const single = currencies.size === 1 ? [...currencies][0] : null;
  const number = {
    format: (value: number) => formatNumber(value, language, { maximumFractionDigits: 2 }),
  };

  const series = trend.series.map((s, index) => ({
    name: `shop${index}`,
    label:
      metric === 'sales' && !single && s.currency ? `${s.shopName} (${s.currency})` : s.shopName,
    color: COLORS[index % COLORS.length] ?? 'gray.6',
  }));
  const data = trend.days.map((day, dayIndex) => {
    const row: Record<string, string | number> = { day: shortDay(day, language) };
    trend.series.forEach((s, index) => {
      const scale = s.currency ? 10 ** CURRENCY_DECIMALS[s.currency] : 1;
      row[`shop${index}`] =
        metric === 'orders' ? (s.orders[dayIndex] ?? 0) : (s.sales[dayIndex] ?? 0) / scale;
    });
    return row;
  });

  if (metric === 'orders') {
    return (
      <BarChart
        h={height}
        data={data}
        dataKey="day"
        series={series}
        type="stacked"
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(value) => number.format(value)}
      />
    );
  }
  return (
    <LineChart
      h={height}
      data={data}
      dataKey="day"
      series={series}
      curveType="monotone"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      valueFormatter={(value) =>
        single ? `${CURRENCY_SYMBOLS[single]}${number.format(value)}` : number.format(value)
      }
    />
  );
}
