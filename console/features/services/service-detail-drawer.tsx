import {
  Alert,
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Timeline,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { PURCHASE_ARRIVAL_STEP } from '@shared/contracts/service-steps';
import type { ServiceDetail, ServiceProof, ServiceStepDetail } from '@shared/contracts/services';
import { useCancelServiceOrder, useService } from '@shared/queries/services';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleDashed,
  IconCircleMinus,
  IconClock,
} from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { FormFailure } from '../../components/form-parts';
import { usePermission } from '../../components/permission';
import { OperatorActions } from './service-operator-actions';
import {
  LayerContext,
  ProofImage,
  ServiceStatusBadge,
  useLayer,
  useServiceFormat,
} from './service-parts';

function Field({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? '—'}
      </Text>
    </Stack>
  );
}

/** The photos of a step as thumbnails; a click (or Enter) shows one large. */
function Proofs({ proofs, step }: { proofs: readonly ServiceProof[]; step: string }) {
  const { t } = useTranslation('services');
  const [open, setOpen] = useState<{ proof: ServiceProof; index: number } | null>(null);
  useLayer(open !== null);
  if (proofs.length === 0) return null;
  return (
    <>
      <Group gap={6} mt={4} data-testid="step-proofs">
        {proofs.map((proof, index) => (
          <UnstyledButton
            key={proof.id}
            onClick={() => setOpen({ proof, index })}
            aria-label={t('detail.enlarge', { index: index + 1 })}
            data-testid="step-proof"
          >
            <ProofImage
              proof={proof}
              alt={t('detail.proofAlt', { index: index + 1, step })}
              w={56}
              h={56}
              radius="sm"
              fit="cover"
            />
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="xl"
        centered
        title={open ? t('detail.proofAlt', { index: open.index + 1, step }) : ''}
      >
        {open && (
          <ProofImage
            proof={open.proof}
            alt={t('detail.proofAlt', { index: open.index + 1, step })}
            fit="contain"
            mah="75vh"
            data-testid="proof-large"
          />
        )}
      </Modal>
    </>
  );
}

/**
 * One of the seven steps: done with when, who, remark, photos and time against its target; the
 * arrival step names the purchase whose goods it waits for (`waitsFor`).
 */
function StepBody({
  step,
  current,
  waitsFor,
}: {
  step: ServiceStepDetail;
  current: boolean;
  waitsFor: string | null;
}) {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  if (!step.applicable)
    return (
      <Text size="xs" c="dimmed" data-testid="step-na">
        {t('detail.notApplicable')}
      </Text>
    );
  const target = step.targetHours === null ? null : step.targetHours * 60;
  const late = target !== null && step.spentMinutes !== null && step.spentMinutes > target;
  const timing =
    step.spentMinutes !== null && target !== null && target > 0 ? (
      <Group gap={6}>
        <Text size="xs" c={late ? 'red' : 'dimmed'} data-testid="step-spent">
          {t(step.done ? 'detail.spent' : 'detail.spentNow', {
            time: format.duration(step.spentMinutes),
            target: format.duration(target),
          })}
        </Text>
        {late && (
          <Badge size="xs" color="red" variant="light">
            {t('detail.late')}
          </Badge>
        )}
      </Group>
    ) : null;
  if (!step.done)
    return (
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {current ? t('detail.underWay') : t('detail.waiting')}
        </Text>
        {waitsFor && (
          <Text size="xs" c="orange" data-testid="step-waits-for-purchase">
            {t('detail.waitsForArrival', { purchaseNo: waitsFor })}
          </Text>
        )}
        {current && timing}
      </Stack>
    );
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" data-testid="step-time">
        {step.at ? format.time(step.at) : ''}
        {step.by ? ` · ${t('detail.by', { name: step.by })}` : ''}
      </Text>
      {step.remark && (
        <Text size="sm" data-testid="step-remark">
          {step.remark}
        </Text>
      )}
      {timing}
      <Proofs proofs={step.proofs} step={t(`steps.${step.step}`)} />
    </Stack>
  );
}

function Steps({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('services');
  const open = service.status === 'pending' || service.status === 'processing';
  const lastDone = service.steps.reduce((last, step, index) => (step.done ? index : last), -1);
  const waitsFor =
    open && service.purchase && !service.purchase.arrived ? service.purchase.purchaseNo : null;
  return (
    <Timeline bulletSize={24} lineWidth={2} active={lastDone} data-testid="service-steps">
      {service.steps.map((step) => {
        const current = open && step.step === service.nextStep;
        const bullet = !step.applicable ? (
          <IconCircleMinus size={14} />
        ) : step.done ? (
          <IconCircleCheck size={14} />
        ) : current ? (
          <IconClock size={14} />
        ) : (
          <IconCircleDashed size={14} />
        );
        return (
          <Timeline.Item
            key={step.step}
            bullet={bullet}
            title={
              <Text size="sm" fw={600} c={step.applicable ? undefined : 'dimmed'}>
                {t(`steps.${step.step}`)}
              </Text>
            }
            data-testid="service-step"
            data-step={step.step}
            data-done={step.done}
            data-applicable={step.applicable}
          >
            <StepBody
              step={step}
              current={current}
              waitsFor={step.step === PURCHASE_ARRIVAL_STEP && !step.done ? waitsFor : null}
            />
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

function Amounts({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const money = (minor: number | null, testId: string) =>
    minor === null ? (
      <Text span size="sm" c="dimmed" data-testid={testId}>
        {t('detail.notYet')}
      </Text>
    ) : (
      <Text span size="sm" fw={600} data-testid={testId} data-amount={minor}>
        {format.money(minor, service.currency)}
      </Text>
    );
  const a = service.amounts;
  return (
    <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" data-testid="service-amounts">
      <Field label={t('detail.estimate')}>{money(a.estimate, 'amount-estimate')}</Field>
      <Field label={t('detail.discount')}>{money(a.discount, 'amount-discount')}</Field>
      <Field label={t('detail.frozen')}>{money(a.frozen, 'amount-frozen')}</Field>
      <Field label={t('detail.actual')}>{money(a.actual, 'amount-actual')}</Field>
      <Field label={t('detail.charged')}>{money(a.charged, 'amount-charged')}</Field>
      <Field label={t('detail.released')}>{money(a.released, 'amount-released')}</Field>
    </SimpleGrid>
  );
}

function ServiceBody({
  service,
  operator,
  onOpen,
}: {
  service: ServiceDetail;
  operator: boolean;
  onOpen(serviceNo: string): void;
}) {
  const { t } = useTranslation(['services', 'purchases']);
  const format = useServiceFormat();
  const errorText = useErrorText();
  const canCancel = usePermission('cancel');
  const navigate = useNavigate();
  const open = service.status === 'pending' || service.status === 'processing';
  const cancel = useCancelServiceOrder();
  const [confirming, setConfirming] = useState(false);
  useLayer(confirming);
  const link = (serviceNo: string) => (
    <Anchor component="button" type="button" size="sm" onClick={() => onOpen(serviceNo)}>
      {serviceNo}
    </Anchor>
  );
  return (
    <Stack
      gap="lg"
      data-testid="service-detail-body"
      data-service-no={service.serviceNo}
      data-status={service.status}
    >
      <Group justify="space-between">
        <Group gap="sm">
          <ServiceStatusBadge status={service.status} />
          <Badge variant="outline" color="gray" tt="none">
            {t(`types.${service.type}`)}
          </Badge>
        </Group>
        {!operator && canCancel && service.cancellable && (
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={() => setConfirming(true)}
            data-testid="service-cancel"
          >
            {t('detail.cancel')}
          </Button>
        )}
      </Group>
      {service.abortReason && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('detail.abortReason', { reason: service.abortReason })}
        </Alert>
      )}
      {cancel.isError && <FormFailure message={errorText(cancel.error)} />}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <Field label={t('detail.platformOrderNo')}>{service.platformOrderNo ?? '—'}</Field>
        <Field label={t('detail.createdAt')}>{format.time(service.createdAt)}</Field>
        {service.seller && <Field label={t('detail.seller')}>{service.seller}</Field>}
        {service.purchase && (
          <Field label={t('detail.purchase')} testId="service-purchase">
            <Group gap={6} wrap="wrap">
              {operator ? (
                <Text span size="sm">
                  {service.purchase.purchaseNo}
                </Text>
              ) : (
                <Anchor
                  component="button"
                  type="button"
                  size="sm"
                  data-testid="service-purchase-link"
                  onClick={() =>
                    void navigate({
                      to: '/purchaseAndWarehouse/purchaseManageDetail',
                      search: { purchaseNo: service.purchase?.purchaseNo ?? '' },
                    })
                  }
                >
                  {service.purchase.purchaseNo}
                </Anchor>
              )}
              <Badge
                size="sm"
                variant="light"
                color={service.purchase.arrived ? 'green' : 'blue'}
                tt="none"
                data-testid="service-purchase-status"
                data-status={service.purchase.status}
              >
                {t(`purchases:status.${service.purchase.status}`)}
              </Badge>
            </Group>
            {open && !service.purchase.withdrawable && !operator && (
              <Text size="xs" c="dimmed" mt={2} data-testid="service-purchase-bought">
                {t('detail.purchaseBought')}
              </Text>
            )}
          </Field>
        )}
        {service.attachedTo && (
          <Field label={t('detail.attachedTo')}>{link(service.attachedTo)}</Field>
        )}
        {service.attached.length > 0 && (
          <Field label={t('detail.attached')}>
            <Group gap={6}>
              {service.attached.map((no) => (
                <span key={no}>{link(no)}</span>
              ))}
            </Group>
          </Field>
        )}
        {service.priceRecord && (
          <Field
            label={t('detail.priceRecord', {
              date: format.date(service.priceRecord.effectiveFrom),
            })}
          >
            {t(`items.${service.priceRecord.item.code}.name`)} ·{' '}
            {format.money(service.priceRecord.price, service.priceRecord.item.currency)}
          </Field>
        )}
        {service.remark && <Field label={t('detail.remark')}>{service.remark}</Field>}
      </SimpleGrid>
      <Title order={5}>{t('detail.amounts')}</Title>
      <Amounts service={service} />
      <Divider />
      <Title order={5}>{t('detail.steps')}</Title>
      <Steps service={service} />
      {operator && <OperatorActions service={service} />}
      <ConfirmModal
        opened={confirming}
        title={t('detail.cancel')}
        message={t('detail.cancelConfirm', {
          serviceNo: service.serviceNo,
          amount: format.money(service.amounts.frozen, service.currency),
        })}
        danger
        loading={cancel.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(service.serviceNo, {
            onSuccess: () => {
              setConfirming(false);
              toast({ color: 'green', message: t('detail.cancelled') });
            },
            onError: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}

/**
 * A service's details (spec section 2, the progress drawer): its amounts (estimate frozen,
 * actual, released), the seven steps with time, who, remark and photo proofs, the steps its type
 * skips marked not applicable, and the time in each step against its target. The seller may
 * cancel while it is allowed; the service operator moves it on.
 */
export function ServiceDetailDrawer({
  serviceNo,
  operator,
  onClose,
  onOpen,
}: {
  serviceNo: string | null;
  operator: boolean;
  onClose(): void;
  /** Another service (the one this was bought for, or one bought for it). */
  onOpen(serviceNo: string): void;
}) {
  const { t } = useTranslation('services');
  const detail = useService(serviceNo, operator);
  const errorText = useErrorText();
  const [layers, setLayers] = useState(0);
  const report = useCallback((opened: boolean) => setLayers((n) => n + (opened ? 1 : -1)), []);
  return (
    <LayerContext.Provider value={report}>
      <Drawer
        opened={serviceNo !== null}
        onClose={onClose}
        closeOnEscape={layers === 0}
        position="right"
        size="xl"
        title={serviceNo ? t('detail.title', { serviceNo }) : ''}
        data-testid="service-detail"
      >
        {detail.isPending && serviceNo !== null && (
          <Group justify="center" py="xl" data-testid="service-detail-loading">
            <Loader aria-label={t('detail.loading')} />
          </Group>
        )}
        {detail.isError && (
          <Alert color="red" variant="light" data-testid="service-detail-error">
            {errorText(detail.error) || t('detail.notFound')}
          </Alert>
        )}
        {detail.data && <ServiceBody service={detail.data} operator={operator} onOpen={onOpen} />}
      </Drawer>
    </LayerContext.Provider>
  );
}
