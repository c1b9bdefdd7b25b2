import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { Currency } from '@shared/contracts/money';
import type { OrderStatus, PlatformOrder } from '@shared/contracts/orders';
import type { ServiceStatus, ServiceType } from '@shared/contracts/service-orders';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { IconCalendarClock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalDateInput } from '../../components/date-fields';

type Language = 'zh' | 'th' | 'en';

const STATUS_COLORS: Record<OrderStatus, string> = {
  waitDeal: 'orange',
  waitShip: 'blue',
  shipping: 'cyan',
  shipped: 'teal',
  complete: 'green',
  fail: 'red',
  cancel: 'gray',
  other: 'grape',
  unknown: 'grape',
};

const SERVICE_COLORS: Record<ServiceStatus, string> = {
  pending: 'orange',
  processing: 'blue',
  completed: 'green',
  cancelled: 'gray',
  aborted: 'red',
};

/** Money and times in the console's language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  return {
    language,
    money: (minor: number, currency: Currency) => formatMoney(minor, currency, language),
    time: (iso: string) => formatDateTime(iso, language),
  };
}

/** An order's status; an unknown one with the platform's raw value, a cancelled one marked. */
export function OrderStatusBadge({
  order,
}: {
  order: Pick<PlatformOrder, 'status' | 'platformStatus'>;
}) {
  const { t } = useTranslation('orders');
  const badge = (
    <Badge
      color={STATUS_COLORS[order.status]}
      variant="light"
      data-testid="order-status"
      data-status={order.status}
    >
      {t(`status.${order.status}`)}
    </Badge>
  );
  if (order.status !== 'unknown') return badge;
  return (
    <Stack gap={2}>
      {badge}
      <Text size="xs" c="dimmed">
        {t('list.unknownRaw', { raw: order.platformStatus })}
      </Text>
    </Stack>
  );
}

/** A service order's type, status and progress. */
export function ServiceSummary({
  service,
}: {
  service: { serviceNo: string; type: ServiceType; status: ServiceStatus; progress: number } | null;
}) {
  const { t } = useTranslation('orders');
  if (!service)
    return (
      <Text size="xs" c="dimmed">
        {t('list.noService')}
      </Text>
    );
  return (
    <Stack gap={4} miw={140} data-testid="order-service" data-service-status={service.status}>
      <Group gap={6} wrap="nowrap">
        <Badge size="sm" variant="dot" color={SERVICE_COLORS[service.status]}>
          {t(`serviceStatus.${service.status}`)}
        </Badge>
        <Text size="xs">{t(`serviceTypes.${service.type}`)}</Text>
      </Group>
      <Tooltip label={`${t('fields.serviceNo')}: ${service.serviceNo}`}>
        <Progress value={service.progress} size="sm" aria-label={t('fields.progress')} />
      </Tooltip>
    </Stack>
  );
}

export interface DateTimeRange {
  beginTime: string;
  endTime: string;
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');
const text = (date: Date) =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;

/** Spec section 9: the last 14 days from 00:00:00, to the end of today, on the reader's clock. */
export function defaultRange(now: Date = new Date()): DateTimeRange {
  const first = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 13);
  const last = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59);
  return { beginTime: text(first), endTime: text(last) };
}

export function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The order time range (YYYY-MM-DD HH:mm:ss): a complete moment in order applies at once. */
export function RangeFilter({
  range,
  onChange,
}: {
  range: DateTimeRange;
  onChange(next: Partial<DateTimeRange>): void;
}) {
  const { t } = useTranslation('orders');
  const { t: validation } = useTranslation('validation');
  const [error, setError] = useState<string | null>(null);
  function edit(bound: 'beginTime' | 'endTime', value: string | null) {
    if (value === null) return setError(validation('invalidFormat'));
    const next = { ...range, [bound]: value || undefined };
    if (next.beginTime && next.endTime && next.beginTime > next.endTime)
      return setError(validation('invalid'));
    setError(null);
    onChange({ [bound]: value || undefined });
  }
  return (
    <>
      {(['beginTime', 'endTime'] as const).map((bound) => (
        <LocalDateInput
          key={bound}
          withTime
          size="sm"
          w={{ base: '100%', xs: 230 }}
          label={bound === 'beginTime' ? t('filters.from') : t('filters.to')}
          leftSection={<IconCalendarClock size={16} />}
          value={range[bound]}
          onChange={(value) => edit(bound, value)}
          error={bound === 'endTime' ? error : undefined}
          data-testid={`orders-range-${bound}`}
        />
      ))}
    </>
  );
}
