import { Alert, Text } from '@mantine/core';
import type { ExtractionFailureKind } from '@shared/contracts/product-draft';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Why a page gave no product, in the seller's words: the message, then what to do. */
export function FailureNotice({
  failure,
  missing = [],
  fallback,
  children,
}: {
  /** The extraction failure; null when the server or the network refused instead. */
  failure: ExtractionFailureKind | null;
  missing?: readonly string[];
  /** The words to show when there is no failure kind (the background's translated message). */
  fallback?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['collector', 'extension']);
  const title = failure ? t(`collector:failures.${failure}.message`) : t('extension:panel.failed');
  const hint = failure
    ? t(`collector:failures.${failure}.hint`, {
        missing: missing.length > 0 ? missing.join(', ') : '—',
      })
    : fallback;
  return (
    <Alert
      color={failure === 'notProduct' ? 'gray' : 'orange'}
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      data-testid="collect-failure"
      data-failure={failure ?? 'refused'}
    >
      {hint ? (
        <Text size="sm" data-testid="collect-failure-hint">
          {hint}
        </Text>
      ) : null}
      {children}
    </Alert>
  );
}
