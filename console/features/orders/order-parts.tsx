import { Badge, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { Currency } from '@shared/contracts/money';
import type { OrderStatus, PlatformOrder } from '@shared/contracts/orders';
import type { ServiceStatus, ServiceType } from '@shared/contracts/service-orders';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { useTranslation } from 'react-i18next';

export type Language = 'zh' | 'th' | 'en';

export const STATUS_COLORS: Record<OrderStatus, string> = {
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

export const SERVICE_COLORS: Record<ServiceStatus, string> = {
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
