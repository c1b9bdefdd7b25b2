import {
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import { useCreateReturn, useDictionary, useOrderDetail } from '@shared/queries/orders';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';

function RegisterForm({ orderId, onClose }: { orderId: string; onClose(): void }) {
  const { t } = useTranslation(['orders', 'common']);
  const errorText = useErrorText();
  const detail = useOrderDetail(orderId);
  const express = useDictionary('RETURN_EXPRESS');
  const create = useCreateReturn();
  const [company, setCompany] = useState<string | null>(null);
  const [trackingNo, setTrackingNo] = useState('');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [remarks, setRemarks] = useState<Record<string, string>>({});
  const [noItems, setNoItems] = useState(false);
  const failure = create.error instanceof ApiError ? create.error : null;
  const data = detail.data;
  if (!data) return null;
  const chosen = data.order.items.filter((item) => (quantities[item.id] ?? 0) > 0);
  const fieldError = (name: string) =>
    failure?.fields.find((field) => field.field === name)?.message;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen.length === 0) return setNoItems(true);
        setNoItems(false);
        create.mutate(
          {
            orderId,
            express: (company ?? '') as 'flash',
            trackingNo: trackingNo.trim(),
            items: chosen.map((item) => ({
              orderItemId: item.id,
              quantity: quantities[item.id] ?? 0,
              ...(remarks[item.id]?.trim() ? { remark: remarks[item.id]?.trim() } : {}),
            })),
          },
          {
            onSuccess: (created) => {
              toast({
                color: 'green',
                message: t('returns.created', { returnNo: created.returnNo }),
              });
              onClose();
            },
          },
        );
      }}
    >
      <Stack gap="md" data-testid="return-form">
        <Group grow>
          <Select
            label={t('returns.fields.express')}
            data={(express.data ?? []).map((entry) => ({ value: entry.value, label: entry.label }))}
            value={company}
            onChange={setCompany}
            error={fieldError('express')}
            comboboxProps={{ hideDetached: false }}
            required
            data-testid="return-express"
          />
          <TextInput
            label={t('returns.fields.trackingNo')}
            value={trackingNo}
            onChange={(event) => setTrackingNo(event.currentTarget.value)}
            error={fieldError('trackingNo')}
            required
            data-testid="return-tracking"
          />
        </Group>
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.item')}</Table.Th>
              <Table.Th w={150}>{t('returns.fields.quantity')}</Table.Th>
              <Table.Th>{t('returns.fields.remark')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.order.items.map((item) => {
              const index = chosen.findIndex((entry) => entry.id === item.id);
              const left = data.returnable[item.id] ?? 0;
              return (
                <Table.Tr key={item.id}>
                  <Table.Td>
                    <Text size="sm">{item.name}</Text>
                    <Text size="xs" c="dimmed">
                      {item.sku ?? ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      size="xs"
                      min={0}
                      max={left}
                      value={quantities[item.id] ?? 0}
                      onChange={(value) =>
                        setQuantities({ ...quantities, [item.id]: Number(value) || 0 })
                      }
                      description={t('returns.returnable', { count: left })}
                      error={index >= 0 ? fieldError(`items.${index}.quantity`) : undefined}
                      aria-label={t('returns.fields.quantity')}
                      data-testid="return-quantity"
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={t('returns.fields.remark')}
                      value={remarks[item.id] ?? ''}
                      onChange={(event) =>
                        setRemarks({ ...remarks, [item.id]: event.currentTarget.value })
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {(noItems || fieldError('items')) && (
          <Text size="sm" c="red" data-testid="return-no-items">
            {t('returns.noItems')}
          </Text>
        )}
        {create.isError && failure?.fields.length === 0 && (
          <FormFailure message={errorText(create.error)} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} data-testid="return-submit">
            {t('actions.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Registering a return from an order (spec section 5, return sign): company, shipment number, items. */
export function ReturnRegisterDialog({
  orderId,
  onClose,
}: {
  orderId: string | null;
  onClose(): void;
}) {
  const { t } = useTranslation('orders');
  const detail = useOrderDetail(orderId);
  return (
    <Modal
      opened={orderId !== null}
      onClose={onClose}
      title={t('returns.register', { orderNo: detail.data?.order.orderNo ?? '' })}
      size="lg"
      centered
    >
      {orderId && <RegisterForm key={orderId} orderId={orderId} onClose={onClose} />}
    </Modal>
  );
}
