import { Box, Group, Stack, Text } from '@mantine/core';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Level = 'high' | 'medium' | 'low';
type Confidence = ProductDraft['confidence'][string];

/** How sure the reading of one shown field is: the least sure of its parts, with their reasons. */
export interface FieldConfidence {
  level: Level;
  reasons: Confidence[];
}

const ORDER: Record<Level, number> = { high: 0, medium: 1, low: 2 };
const COLOURS: Record<Level, string> = {
  high: 'var(--mantine-color-green-6)',
  medium: 'var(--mantine-color-yellow-6)',
  low: 'var(--mantine-color-red-6)',
};
const TEXT_COLOURS: Record<Level, string> = { high: 'dimmed', medium: 'yellow.9', low: 'red.8' };

/** A field the adapter did not mark was read from the page's own data. */
export function confidenceOf(draft: ProductDraft, ...keys: string[]): FieldConfidence {
  let level: Level = 'high';
  const reasons: Confidence[] = [];
  for (const key of keys) {
    const entry = draft.confidence[key];
    if (!entry) continue;
    if (ORDER[entry.level] > ORDER[level]) level = entry.level;
    if (entry.level !== 'high' && (entry.code || entry.reason)) reasons.push(entry);
  }
  return { level, reasons };
}

/** A reason in the seller's language by its code; the adapter's English sentence without one. */
function reasonText(t: TFunction<['extension', 'collector']>, entry: Confidence): string {
  const fallback = entry.reason ?? '';
  if (!entry.code) return fallback;
  return t(`collector:confidenceReasons.${entry.code}` as 'collector:confidenceReasons.noShop', {
    ...entry.params,
    defaultValue: fallback,
  });
}

/** A coloured dot: green read from the page's data, yellow inferred, red guessed. */
function ConfidenceMarker({ level }: { level: Level }) {
  const { t } = useTranslation('extension');
  const label = t(`panel.confidence.${level}`);
  return (
    <Box
      component="span"
      role="img"
      aria-label={label}
      title={label}
      data-confidence={level}
      style={{
        display: 'inline-block',
        width: 8,
        height: 8,
        borderRadius: '50%',
        background: COLOURS[level],
        flex: 'none',
      }}
    />
  );
}

/** One field of a read product: its name with the marker, the value, and why it is not sure. */
export function DraftField({
  label,
  confidence,
  children,
  testId,
}: {
  label: string;
  confidence: FieldConfidence;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation(['extension', 'collector']);
  // Two parts of one field can give the same reason: it is said once.
  const reasons = [...new Set(confidence.reasons.map((entry) => reasonText(t, entry)))].filter(
    Boolean,
  );
  return (
    <Stack gap={4} data-testid={testId} data-confidence={confidence.level}>
      <Group gap={6} wrap="nowrap">
        <ConfidenceMarker level={confidence.level} />
        <Text size="xs" fw={600} c="dimmed" tt="uppercase" style={{ letterSpacing: 0.3 }}>
          {label}
        </Text>
        {confidence.level !== 'high' ? (
          <Text size="xs" c={TEXT_COLOURS[confidence.level]}>
            {t(`panel.confidence.${confidence.level}`)}
          </Text>
        ) : null}
      </Group>
      <Box pl={14}>{children}</Box>
      {confidence.level !== 'high' && reasons.length > 0 ? (
        <Text
          size="xs"
          c={TEXT_COLOURS[confidence.level]}
          pl={14}
          data-testid={testId ? `${testId}-reason` : undefined}
        >
          {reasons.map((reason) => (
            // One line per reason: translated reasons are whole sentences.
            <Box component="span" display="block" key={reason}>
              {reason}
            </Box>
          ))}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The words for a value the page did not give. */
export function NotFound() {
  const { t } = useTranslation('extension');
  return (
    <Text size="sm" c="dimmed" fs="italic">
      {t('panel.notFound')}
    </Text>
  );
}
