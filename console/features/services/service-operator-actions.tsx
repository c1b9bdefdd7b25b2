import {
  ActionIcon,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { CURRENCY_DECIMALS } from '@shared/contracts/money';
import { SERVICE_FEE_PARTS, type ServiceFees } from '@shared/contracts/service-orders';
import {
  SERVICE_PROOF_MAX_BYTES,
  SERVICE_PROOFS_MAX,
  type ServiceDetail,
  type ServiceProof,
} from '@shared/contracts/services';
import { useServiceOperation, useUploadServiceProof } from '@shared/queries/services';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { IconCalendarClock, IconPhoto, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../components/confirm-modal';
import { LocalDateInput } from '../../components/date-fields';
import { FormFailure } from '../../components/form-parts';
import { ProofImage, useLayer, useServiceFormat } from './service-parts';
import { formatQuantity, parseQuantity } from './service-quantities';

/** A local YYYY-MM-DD HH:mm:ss moment as an ISO instant (the reader's clock). */
function localToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

const PHOTO_TYPES = ['image/jpeg', 'image/png'];

/** The next step done: when (now by default), a remark and photos uploaded as they are chosen. */
function MoveForm({ service }: { service: ServiceDetail & { nextStep: string } }) {
  const { t } = useTranslation('services');
  const { t: validation } = useTranslation('validation');
  const errorText = useErrorText();
  const operation = useServiceOperation();
  const upload = useUploadServiceProof();
  const [at, setAt] = useState('');
  const [atError, setAtError] = useState<string | null>(null);
  const [remark, setRemark] = useState('');
  const [proofs, setProofs] = useState<ServiceProof[]>([]);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const step = t(`steps.${service.nextStep as 'serviceSubmit'}`);

  async function add(files: File[]) {
    setPhotoError(null);
    const room = SERVICE_PROOFS_MAX - proofs.length;
    for (const file of files.slice(0, room)) {
      if (!PHOTO_TYPES.includes(file.type)) {
        setPhotoError(t('operator.photoType', { name: file.name }));
        continue;
      }
      if (file.size > SERVICE_PROOF_MAX_BYTES) {
        setPhotoError(
          t('operator.photoSize', {
            name: file.name,
            size: SERVICE_PROOF_MAX_BYTES / 1024 / 1024,
          }),
        );
        continue;
      }
      try {
        const proof = await upload.mutateAsync(file);
        setProofs((all) => [...all, proof]);
      } catch (error) {
        setPhotoError(errorText(error));
      }
    }
  }

  function move() {
    const iso = at ? localToIso(at) : undefined;
    if (iso === null) return setAtError(validation('invalidFormat'));
    operation.mutate(
      {
        kind: 'move',
        input: {
          serviceNo: service.serviceNo,
          step: service.nextStep as ServiceDetail['steps'][number]['step'],
          ...(iso ? { at: iso } : {}),
          remark: remark.trim(),
          proofs: proofs.map((proof) => proof.id),
        },
      },
      {
        onSuccess: () => {
          toast({ color: 'green', message: t('operator.moved', { step }) });
          setAt('');
          setRemark('');
          setProofs([]);
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" data-testid="operator-move" data-step={service.nextStep}>
      <Stack gap="sm">
        <Title order={6}>{t('operator.moveTitle', { step })}</Title>
        <LocalDateInput
          withTime
          label={t('operator.at')}
          description={t('operator.atHint')}
          leftSection={<IconCalendarClock size={16} />}
          value={at}
          onChange={(value) => {
            setAtError(value === null ? validation('invalidFormat') : null);
            if (value !== null) setAt(value);
          }}
          error={atError}
          data-testid="operator-move-at"
        />
        <Textarea
          label={t('operator.remark')}
          value={remark}
          onChange={(event) => setRemark(event.currentTarget.value)}
          maxLength={500}
          rows={2}
          data-testid="operator-move-remark"
        />
        <Stack gap={6}>
          <Group gap="sm">
            <FileButton
              onChange={(files) => void add(files)}
              accept={PHOTO_TYPES.join(',')}
              multiple
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconPhoto size={16} />}
                  loading={upload.isPending}
                  disabled={proofs.length >= SERVICE_PROOFS_MAX}
                  data-testid="operator-photos"
                >
                  {t('operator.photos')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('operator.photosHint', { count: SERVICE_PROOFS_MAX })}
            </Text>
          </Group>
          {proofs.length > 0 && (
            <Group gap={6} data-testid="operator-proofs">
              {proofs.map((proof) => (
                <div key={proof.id} style={{ position: 'relative' }}>
                  <ProofImage
                    proof={proof}
                    alt={proof.name}
                    w={56}
                    h={56}
                    radius="sm"
                    fit="cover"
                  />
                  <ActionIcon
                    size="xs"
                    color="red"
                    radius="xl"
                    style={{ position: 'absolute', top: -6, right: -6 }}
                    aria-label={proof.name}
                    onClick={() => setProofs((all) => all.filter((p) => p.id !== proof.id))}
                  >
                    <IconX size={10} />
                  </ActionIcon>
                </div>
              ))}
            </Group>
          )}
          {photoError && <FormFailure message={photoError} testId="operator-photo-error" />}
        </Stack>
        {operation.isError && <FormFailure message={errorText(operation.error)} />}
        <Group justify="flex-end">
          <Button
            onClick={move}
            loading={operation.isPending}
            disabled={upload.isPending}
            data-testid="operator-move-submit"
          >
            {t('operator.move', { step })}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Every step done: the actual amounts part by part, then settle. A service that funds a purchase
 * takes its goods and freight from the purchaser's actual costs (shown, not editable); the operator
 * enters the service and consumables fees, together at most their estimate.
 */
function CompleteForm({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('services');
  const format = useServiceFormat();
  const errorText = useErrorText();
  const operation = useServiceOperation();
  const decimals = CURRENCY_DECIMALS[service.currency];
  const costs = service.purchase?.costs ?? null;
  const fixedOf = (part: keyof ServiceFees): number | null =>
    costs && part !== 'service' && part !== 'consumables' ? costs[part] : null;
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      SERVICE_FEE_PARTS.map((part) => [
        part,
        formatQuantity(fixedOf(part) ?? service.fees[part], decimals) || '0',
      ]),
    ),
  );
  const [confirming, setConfirming] = useState(false);
  useLayer(confirming);
  const parts = Object.fromEntries(
    SERVICE_FEE_PARTS.map((part) => [
      part,
      fixedOf(part) ?? parseQuantity(texts[part] ?? '', decimals),
    ]),
  ) as Record<keyof ServiceFees, number | null>;
  const valid = Object.values(parts).every((value) => value !== null);
  const total = valid ? Object.values(parts).reduce<number>((sum, v) => sum + (v ?? 0), 0) : null;
  const ownEstimate = service.fees.service + service.fees.consumables;
  const tooHigh =
    total !== null &&
    (costs
      ? (parts.service ?? 0) + (parts.consumables ?? 0) > ownEstimate
      : total > service.amounts.estimate);

  return (
    <Card withBorder radius="md" data-testid="operator-complete">
      <Stack gap="sm">
        <Title order={6}>{t('operator.completeTitle')}</Title>
        <Text size="xs" c="dimmed">
          {t('operator.completeHint')}
        </Text>
        {costs && service.purchase && (
          <Text size="xs" c="blue" data-testid="operator-from-purchase">
            {t('operator.fromPurchase', { purchaseNo: service.purchase.purchaseNo })}
          </Text>
        )}
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          {SERVICE_FEE_PARTS.map((part) => (
            <TextInput
              key={part}
              label={t(`operator.fees.${part}`)}
              inputMode="decimal"
              value={texts[part] ?? ''}
              onChange={(event) => {
                const next = event.currentTarget.value;
                setTexts((all) => ({ ...all, [part]: next }));
              }}
              error={parts[part] === null ? ' ' : undefined}
              disabled={fixedOf(part) !== null}
              data-testid={`operator-fee-${part}`}
            />
          ))}
        </SimpleGrid>
        <Text size="sm" fw={600} c={tooHigh ? 'red' : undefined} data-testid="operator-actual">
          {t('operator.actualTotal', {
            amount: total === null ? '—' : format.money(total, service.currency),
            estimate: format.money(service.amounts.estimate, service.currency),
          })}
        </Text>
        {tooHigh && (
          <FormFailure
            message={
              costs
                ? t('operator.ownTooHigh', {
                    estimate: format.money(ownEstimate, service.currency),
                  })
                : t('operator.tooHigh')
            }
          />
        )}
        {operation.isError && <FormFailure message={errorText(operation.error)} />}
        <Group justify="flex-end">
          <Button
            color="green"
            disabled={total === null || tooHigh}
            onClick={() => setConfirming(true)}
            data-testid="operator-complete-submit"
          >
            {t('operator.complete')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('operator.complete')}
        message={t('operator.completeConfirm', {
          serviceNo: service.serviceNo,
          amount: total === null ? '—' : format.money(total, service.currency),
        })}
        loading={operation.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          operation.mutate(
            {
              kind: 'complete',
              input: { serviceNo: service.serviceNo, actualFees: parts as ServiceFees },
            },
            {
              onSuccess: () => toast({ color: 'green', message: t('operator.completed') }),
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
    </Card>
  );
}

/** Stopping a service with a reason: the whole freeze goes back to the seller. */
function AbortForm({ service }: { service: ServiceDetail }) {
  const { t } = useTranslation('services');
  const errorText = useErrorText();
  const operation = useServiceOperation();
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  useLayer(confirming);
  const [missing, setMissing] = useState(false);
  return (
    <Card withBorder radius="md" data-testid="operator-abort">
      <Stack gap="sm">
        <Title order={6}>{t('operator.abortTitle')}</Title>
        <Textarea
          label={t('operator.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setMissing(false);
          }}
          maxLength={300}
          rows={2}
          error={missing ? t('operator.reasonRequired') : undefined}
          data-testid="operator-abort-reason"
        />
        {operation.isError && <FormFailure message={errorText(operation.error)} />}
        <Group justify="flex-end">
          <Button
            color="red"
            variant="light"
            onClick={() => (reason.trim() ? setConfirming(true) : setMissing(true))}
            data-testid="operator-abort-submit"
          >
            {t('operator.abort')}
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={t('operator.abort')}
        message={t('operator.abortConfirm', { serviceNo: service.serviceNo })}
        danger
        loading={operation.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          operation.mutate(
            { kind: 'abort', input: { serviceNo: service.serviceNo, reason: reason.trim() } },
            {
              onSuccess: () => toast({ color: 'green', message: t('operator.aborted') }),
              onSettled: () => setConfirming(false),
            },
          )
        }
      />
    </Card>
  );
}

/** What the service operator may do to an open service: the next step, or settle; or abort. */
export function OperatorActions({ service }: { service: ServiceDetail }) {
  const open = service.status === 'pending' || service.status === 'processing';
  if (!open) return null;
  const { nextStep } = service;
  return (
    <Stack gap="md" data-testid="operator-actions">
      {nextStep ? (
        <MoveForm key={nextStep} service={{ ...service, nextStep }} />
      ) : (
        <CompleteForm service={service} />
      )}
      <AbortForm service={service} />
    </Stack>
  );
}
