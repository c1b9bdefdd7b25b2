import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { decimalToMinor, minorToDecimal } from '@shared/contracts/money';
import { PURCHASE_FEE_KEYS, type Purchase } from '@shared/contracts/purchases';
import { formatDateTime, formatMoney } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { usePurchase, usePurchaseAction } from '@shared/queries/purchases';
import { useSession } from '@shared/session/react';
import { toast } from '@shared/ui/toast';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { PurchaseAttachments } from './purchase-attachments';
import { PurchaseCreateForm } from './purchase-create-form';
import { type PurchaseDetailSearch, purchaseTypeOf } from './purchase-search';

const DETAIL = '/purchaseAndWarehouse/purchaseManageDetail';
const LIST = '/purchaseAndWarehouse/purchaseManage';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** The operator's ship step: actual unit prices and fees, and the tracking number. */
function ShipForm({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation('purchases');
  const action = usePurchaseAction();
  const major = (minor: number) => Number(minorToDecimal(minor, purchase.currency));
  const [tracking, setTracking] = useState('');
  const [prices, setPrices] = useState(purchase.items.map((item) => major(item.estimatedPrice)));
  const [fees, setFees] = useState({
    domesticFreight: major(purchase.estimatedFees.domesticFreight),
    internationalFreight: major(purchase.estimatedFees.internationalFreight),
    serviceFee: major(purchase.estimatedFees.serviceFee),
  });
  const minor = (value: number) => decimalToMinor(value, purchase.currency) ?? 0;
  return (
    <Card withBorder data-testid="purchase-ship-form">
      <Stack gap="xs">
        {purchase.items.map((item, index) => (
          <NumberInput
            key={item.sku}
            label={`${t('fields.actualPrice')} · ${item.sku}`}
            value={prices[index]}
            min={0}
            decimalScale={2}
            onChange={(value) =>
              setPrices((all) => all.map((old, i) => (i === index ? Number(value) || 0 : old)))
            }
          />
        ))}
        <SimpleGrid cols={3}>
          {(['domesticFreight', 'internationalFreight', 'serviceFee'] as const).map((key) => (
            <NumberInput
              key={key}
              label={t(`fields.${key}`)}
              value={fees[key]}
              min={0}
              decimalScale={2}
              onChange={(value) => setFees((all) => ({ ...all, [key]: Number(value) || 0 }))}
            />
          ))}
        </SimpleGrid>
        <TextInput
          label={t('fields.tracking')}
          value={tracking}
          onChange={(event) => setTracking(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button
            disabled={!tracking.trim()}
            loading={action.isPending}
            onClick={() =>
              action.mutate({
                kind: 'ship',
                input: {
                  purchaseNo: purchase.purchaseNo,
                  tracking: tracking.trim(),
                  actualPrices: prices.map(minor),
                  actualFees: {
                    domesticFreight: minor(fees.domesticFreight),
                    internationalFreight: minor(fees.internationalFreight),
                    serviceFee: minor(fees.serviceFee),
                  },
                },
              })
            }
          >
            {t('actions.ship')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The steps the viewer may take now, by its buttons and the request's status. */
function PurchaseActions({ purchase }: { purchase: Purchase }) {
  const { t } = useTranslation('purchases');
  const routes = useSession()?.routes ?? [];
  const can = (button: string) => allows(routes, DETAIL, button);
  const action = usePurchaseAction();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const no = purchase.purchaseNo;
  const run = (step: Parameters<typeof action.mutate>[0]) =>
    action.mutate(step, {
      onSuccess: () => toast({ message: t('messages.done'), color: 'green' }),
    });
  const status = purchase.status;
  const needsReason =
    (status === 'waitAudit' && can('audit')) ||
    (['waitAudit', 'waitShip', 'beWait', 'shipping'].includes(status) && can('abnormal'));
  return (
    <Stack gap="sm">
      {needsReason && (
        <Textarea
          label={t('fields.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={300}
          autosize
        />
      )}
      <Group gap="xs">
        {status === 'beWait' && can('accept') && (
          <Button
            onClick={() => run({ kind: 'accept', purchaseNo: no })}
            loading={action.isPending}
          >
            {t('actions.accept')}
          </Button>
        )}
        {['waitAudit', 'waitShip', 'beWait'].includes(status) && can('cancel') && (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            {t('actions.cancel')}
          </Button>
        )}
        {status === 'waitAudit' && can('audit') && (
          <>
            <Button onClick={() => run({ kind: 'approve', purchaseNo: no })}>
              {t('actions.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              disabled={!reason.trim()}
              onClick={() => run({ kind: 'reject', purchaseNo: no, reason: reason.trim() })}
            >
              {t('actions.reject')}
            </Button>
          </>
        )}
        {status === 'shipping' && can('receive') && (
          <Button onClick={() => run({ kind: 'receive', purchaseNo: no })}>
            {t('actions.receive')}
          </Button>
        )}
        {['waitAudit', 'waitShip', 'beWait', 'shipping'].includes(status) && can('abnormal') && (
          <Button
            color="orange"
            variant="light"
            disabled={!reason.trim()}
            onClick={() => run({ kind: 'fail', purchaseNo: no, reason: reason.trim() })}
          >
            {t('actions.fail')}
          </Button>
        )}
      </Group>
      {status === 'waitShip' && can('ship') && <ShipForm purchase={purchase} />}
      <ConfirmModal
        opened={confirming}
        title={t('actions.cancel')}
        message={t('messages.cancelConfirm')}
        confirmLabel={t('actions.confirm')}
        danger
        loading={action.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          run({ kind: 'cancel', purchaseNo: no });
        }}
      />
    </Stack>
  );
}

function PurchaseView({ purchase }: { purchase: Purchase }) {
  const { t, i18n } = useTranslation('purchases');
  const language = i18n.language as Language;
  const money = (minor: number | null) =>
    minor === null ? '—' : formatMoney(minor, purchase.currency, language);
  const steps = (['creator', 'auditor', 'shipper', 'receiver', 'rejector', 'canceller'] as const)
    .map((key) => ({ key, step: purchase[key] }))
    .filter((entry) => entry.step !== null);
  return (
    <Stack gap="md" data-testid="purchase-detail">
      <Group justify="space-between">
        <Group>
          <Title order={3}>{purchase.purchaseNo}</Title>
          <Badge color={purchase.status === 'beWait' ? 'orange' : 'blue'} variant="light">
            {t(`status.${purchase.status}`)}
          </Badge>
        </Group>
        <Button
          component={Link}
          to={LIST}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          {t('actions.back')}
        </Button>
      </Group>
      {purchase.status === 'beWait' && (
        <Alert color="orange">
          {t('messages.returnedHint', {
            actual: money(purchase.actualTotal),
            allowed: money(purchase.estimatedTotal + purchase.floatAmount),
          })}
        </Alert>
      )}
      {purchase.fundedByService && (
        <Alert color="blue" data-testid="purchase-funded">
          {t('messages.fundedByService', {
            serviceNo: purchase.serviceNo ?? '',
            platformNo: purchase.platformNo ?? '',
          })}
        </Alert>
      )}
      {purchase.rejectReason && (
        <Alert color="red">
          {t('fields.rejectReason')}: {purchase.rejectReason}
        </Alert>
      )}
      {purchase.failReason && (
        <Alert color="orange">
          {t('fields.failReason')}: {purchase.failReason}
        </Alert>
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Field label={t('fields.type')}>{t(`types.${purchase.type}`)}</Field>
          <Field label={t('fields.shop')}>{purchase.shopName}</Field>
          <Field label={t('fields.warehouse')}>{purchase.warehouseName || '—'}</Field>
          <Field label={t('fields.expressType')}>{t(`express.${purchase.expressType}`)}</Field>
          <Field label={t('fields.shippingType')}>{t(`shipping.${purchase.shippingType}`)}</Field>
          <Field label={t('fields.serviceNo')}>{purchase.serviceNo ?? '—'}</Field>
          <Field label={t('fields.platformNo')}>{purchase.platformNo ?? '—'}</Field>
          <Field label={t('fields.tracking')}>{purchase.tracking ?? '—'}</Field>
          <Field label={t('fields.debitAccount')}>
            {t('fields.wallet', { currency: purchase.currency })}
          </Field>
          <Field label={t('fields.frozen')}>{money(purchase.frozen)}</Field>
          <Field label={t('fields.discount')}>{money(purchase.discount)}</Field>
          <Field label={t('fields.settlementRatio')}>
            {purchase.settlementRatio === null
              ? '—'
              : `${(purchase.settlementRatio / 100).toFixed(2)}%`}
          </Field>
        </SimpleGrid>
      </Card>
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('fields.address')}
        </Text>
        <Text size="sm">
          {purchase.address.consigneeName} · {purchase.address.mobile}
        </Text>
        <Text size="sm">
          {[
            purchase.address.detail,
            purchase.address.area,
            [purchase.address.province, purchase.address.postalCode].filter(Boolean).join(' '),
          ]
            .filter(Boolean)
            .join(', ')}
        </Text>
      </Card>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.sku')}</Table.Th>
            <Table.Th>{t('fields.link')}</Table.Th>
            <Table.Th>{t('fields.quantity')}</Table.Th>
            <Table.Th>{t('fields.estimatedPrice')}</Table.Th>
            <Table.Th>{t('fields.actualPrice')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {purchase.items.map((item) => (
            <Table.Tr key={`${item.sku}-${item.link}`}>
              <Table.Td>{item.sku}</Table.Td>
              <Table.Td>
                <Text size="sm" truncate maw={320}>
                  <a href={item.link} target="_blank" rel="noreferrer noopener">
                    {item.link}
                  </a>
                </Text>
              </Table.Td>
              <Table.Td>{item.quantity}</Table.Td>
              <Table.Td>{money(item.estimatedPrice)}</Table.Td>
              <Table.Td>{money(item.actualPrice)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table withTableBorder data-testid="purchase-fees">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('fields.fees')}</Table.Th>
            <Table.Th>{t('fields.estimated')}</Table.Th>
            <Table.Th>{t('fields.actual')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {PURCHASE_FEE_KEYS.map((key) => (
            <Table.Tr key={key}>
              <Table.Td>{t(`fields.${key}`)}</Table.Td>
              <Table.Td>{money(purchase.estimatedFees[key])}</Table.Td>
              <Table.Td>{money(purchase.actualFees?.[key] ?? null)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>{t('fields.floatAmount')}</Table.Td>
            <Table.Td>{money(purchase.floatAmount)}</Table.Td>
            <Table.Td />
          </Table.Tr>
          <Table.Tr fw={600}>
            <Table.Td>{t('fields.total')}</Table.Td>
            <Table.Td>{money(purchase.estimatedTotal)}</Table.Td>
            <Table.Td>{money(purchase.actualTotal)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <PurchaseAttachments attachments={purchase.attachments} />
      {purchase.remark && <Field label={t('fields.remark')}>{purchase.remark}</Field>}
      <Card withBorder>
        <Text fw={600} mb="sm">
          {t('steps.title')}
        </Text>
        <Timeline active={steps.length - 1} bulletSize={16}>
          {steps.map(({ key, step }) => (
            <Timeline.Item key={key} title={t(`steps.${key}`)}>
              <Text size="xs" c="dimmed">
                {step?.name} · {step ? formatDateTime(step.at, language) : ''}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </Card>
      <PurchaseActions purchase={purchase} />
    </Stack>
  );
}

/**
 * purchaseManageDetail (spec section 2; message type 2 opens it with `purchaseNo`): a request
 * with every field, its progress and the steps the viewer may take; without a purchase number,
 * the create form of the type the address names (1 cross-border sale, 2 daily procurement).
 */
export function PurchaseDetailPage() {
  const { t } = useTranslation('purchases');
  const search = useSearch({ strict: false }) as PurchaseDetailSearch;
  const purchase = usePurchase(search.purchaseNo ?? null);
  if (!search.purchaseNo)
    return <PurchaseCreateForm type={purchaseTypeOf(search)} serviceNo={search.serviceNo} />;
  if (purchase.isError) return <Alert color="red">{t('messages.notFound')}</Alert>;
  if (!purchase.data) return null;
  return <PurchaseView purchase={purchase.data} />;
}
