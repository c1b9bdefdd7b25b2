import {
  Alert,
  Avatar,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import type { PlatformOrder } from '@shared/contracts/orders';
import { SERVICE_FEE_PARTS } from '@shared/contracts/service-orders';
import { useCancelService, useOrderDetail } from '@shared/queries/orders';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { usePermission } from '../../components/permission';
import { OrderStatusBadge, ServiceSummary, useFormat } from './order-parts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

/**
 * An order's details (spec section 2): every field, its items, its service orders with progress
 * and fees, and what happened to it. An order the platform cancelled is marked, and a pending
 * service order on it offers to be cancelled (its freeze released).
 */
export function OrderDetailDrawer({
  orderId,
  onClose,
  onProcess,
  onReturn,
}: {
  orderId: string | null;
  onClose(): void;
  onProcess(order: PlatformOrder): void;
  onReturn(orderId: string): void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const format = useFormat();
  const detail = useOrderDetail(orderId);
  const cancel = useCancelService();
  const errorText = useErrorText();
  const canProcess = usePermission('process');
  const data = detail.data;
  const order = data?.order;
  const pending = data?.serviceOrders.find((service) => service.status === 'pending');
  const returnable = data ? Object.values(data.returnable).reduce((sum, n) => sum + n, 0) : 0;

  return (
    <Drawer
      opened={orderId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={order ? t('detail.title', { orderNo: order.orderNo }) : t('detail.basics')}
      data-testid="order-detail"
    >
      {detail.isPending && orderId !== null && (
        <Group justify="center" py="xl">
          <Loader />
        </Group>
      )}
      {detail.isError && <FormFailure message={errorText(detail.error)} />}
      {order && data && (
        <Stack gap="lg" data-testid="order-detail-body" data-order-id={order.id}>
          {data.cancelledOnPlatform && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              data-testid="order-cancelled"
            >
              <Stack gap="xs">
                <Text size="sm">{t('detail.cancelledNotice')}</Text>
                {pending && (
                  <Group justify="space-between">
                    <Text size="sm">
                      {t('detail.cancelPending', { serviceNo: pending.serviceNo })}
                    </Text>
                    {canProcess && (
                      <Button
                        size="compact-sm"
                        color="red"
                        loading={cancel.isPending}
                        onClick={() =>
                          cancel.mutate(
                            { orderId: order.id, serviceNo: pending.serviceNo },
                            {
                              onSuccess: () =>
                                toast({ color: 'green', message: t('detail.serviceCancelled') }),
                            },
                          )
                        }
                        data-testid="order-cancel-service"
                      >
                        {t('actions.cancelService')}
                      </Button>
                    )}
                  </Group>
                )}
                {cancel.isError && <FormFailure message={errorText(cancel.error)} />}
              </Stack>
            </Alert>
          )}
          <Group justify="space-between">
            <Group gap="sm">
              <OrderStatusBadge order={order} />
              <Badge variant="outline" color="gray">
                {t(`orderTypes.${order.orderType}`)}
              </Badge>
              {order.source === 'manual' && <Badge variant="outline">{t('sources.manual')}</Badge>}
            </Group>
            <Group gap="sm">
              {returnable > 0 && ['shipped', 'complete', 'fail'].includes(order.status) && (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => onReturn(order.id)}
                  data-testid="order-register-return"
                >
                  {t('actions.registerReturn')}
                </Button>
              )}
              {canProcess && order.status === 'waitDeal' && !order.service && (
                <Button
                  size="xs"
                  onClick={() => onProcess(order)}
                  data-testid="order-detail-process"
                >
                  {t('actions.process')}
                </Button>
              )}
            </Group>
          </Group>
          <Title order={5}>{t('detail.basics')}</Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Field label={t('fields.orderNo')}>{order.orderNo}</Field>
            <Field label={t('fields.platformStatus')}>{order.platformStatus}</Field>
            <Field label={t('fields.shop')}>{order.shopName}</Field>
            <Field label={t('fields.site')}>{t(`common:sites.${order.site}`)}</Field>
            <Field label={t('fields.createdAt')}>{format.time(order.createdAt)}</Field>
            <Field label={t('fields.payment')}>
              {t(`payment.${order.paymentStatus}`)}
              {order.paymentMethod ? ` · ${order.paymentMethod}` : ''}
            </Field>
            <Field label={t('fields.total')}>{format.money(order.total, order.currency)}</Field>
            <Field label={t('fields.service')}>
              <ServiceSummary service={order.service} />
            </Field>
          </SimpleGrid>
          <Title order={5}>{t('detail.receiving')}</Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Field label={t('fields.receiver')}>{order.receiver}</Field>
            <Field label={t('fields.phone')}>{order.phone}</Field>
            <Field label={t('fields.address')}>{order.address}</Field>
          </SimpleGrid>
          <Title order={5}>{t('fields.items')}</Title>
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="order-items">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.item')}</Table.Th>
                  <Table.Th>{t('fields.sku')}</Table.Th>
                  <Table.Th ta="right">{t('fields.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('fields.unitPrice')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Avatar src={item.image} radius="sm" size={32} alt="" />
                        <Stack gap={0}>
                          <Text size="sm">{item.name}</Text>
                          {item.attributes && (
                            <Text size="xs" c="dimmed">
                              {item.attributes}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>{item.sku ?? '—'}</Table.Td>
                    <Table.Td ta="right">{item.quantity}</Table.Td>
                    <Table.Td ta="right">{format.money(item.unitPrice, order.currency)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Divider />
          <Title order={5}>{t('detail.services')}</Title>
          {data.serviceOrders.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('detail.noServices')}
            </Text>
          ) : (
            data.serviceOrders.map((service) => (
              <Stack
                key={service.id}
                gap="xs"
                data-testid="order-service-order"
                data-status={service.status}
              >
                <Group justify="space-between">
                  <Text size="sm" fw={600}>
                    {service.serviceNo}
                  </Text>
                  <ServiceSummary service={service} />
                </Group>
                <SimpleGrid cols={{ base: 2, xs: 4 }} spacing="xs">
                  {SERVICE_FEE_PARTS.map((part) => (
                    <Field key={part} label={t(`fees.${part}`)}>
                      {format.money(service.fees[part], service.currency)}
                    </Field>
                  ))}
                  <Field label={t('fields.estimate')}>
                    {format.money(service.estimate, service.currency)}
                  </Field>
                  <Field label={t('fields.discount')}>
                    {format.money(service.discount, service.currency)}
                  </Field>
                  <Field label={t('fields.frozen')}>
                    <Text span fw={600} data-testid="service-frozen">
                      {format.money(service.frozen, service.currency)}
                    </Text>
                  </Field>
                  <Field label={t('fields.actual')}>
                    {service.actual === null ? '—' : format.money(service.actual, service.currency)}
                  </Field>
                </SimpleGrid>
              </Stack>
            ))
          )}
          <Divider />
          <Title order={5}>{t('detail.history')}</Title>
          <Timeline bulletSize={12} lineWidth={2} active={data.history.length}>
            {data.history.map((event) => (
              <Timeline.Item
                key={`${event.kind}-${event.at}-${event.detail ?? ''}`}
                title={t(`detail.historyKinds.${event.kind}`, { detail: event.detail ?? '' })}
              >
                <Text size="xs" c="dimmed">
                  {format.time(event.at)}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
