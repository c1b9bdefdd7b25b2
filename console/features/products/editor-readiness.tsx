import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  List,
  Loader,
  Select,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import type { ReadinessIssue, ShopReadiness } from '@shared/contracts/products';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jumpToField } from './product-form';
import classes from './products.module.css';

/** Where a shop whose authorization is abnormal is authorized again. */
const SHOPS_URL = '/thirdPartyPlatform/authorizeList';

/** Codes worded on their own; the others say the field and the rule's own message. */
const WORDED: readonly ReadinessIssue['code'][] = [
  'categoryMissing',
  'attributeRequired',
  'logisticsMissing',
  'shopAbnormal',
  'imageDimensions',
  'imageRatio',
  'duplicateSource',
  'duplicateCover',
  'duplicateTitle',
];

/** A readiness line in the reader's words. */
export function useIssueText() {
  const { t } = useTranslation(['products', 'validation']);
  return (issue: ReadinessIssue) => {
    const params: Record<string, string | number> = { ...issue.params };
    const position = /^images\.(\d+)/.exec(issue.field)?.[1];
    if (position !== undefined) params.index = Number(position) + 1;
    const field = t(`fieldNames.${fieldName(issue.field)}`, { defaultValue: issue.field });
    const key = typeof params.key === 'string' ? params.key : null;
    if (WORDED.includes(issue.code) || key === null)
      return t(`readiness.codes.${issue.code}`, { ...params, field });
    return t('readiness.rule', {
      field,
      message: t(`validation:${key}`, { ...params, defaultValue: key }),
    });
  };
}

/** The field's name without list positions ("skus.2.sellingPrice" -> "sellingPrice"). */
function fieldName(path: string): string {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  if (parts[0] === 'attributes') return 'attributes';
  return parts.at(-1) ?? path;
}

/**
 * The publish-readiness check for each target shop: errors (block) and warnings (ask) line by
 * line, each leading to its field; checked again on demand.
 */
export function ReadinessPanel({
  targets,
  loading,
  refreshing,
  onRefresh,
  failed,
}: {
  targets: readonly ShopReadiness[] | undefined;
  loading: boolean;
  refreshing: boolean;
  onRefresh(): void;
  failed: boolean;
}) {
  const { t } = useTranslation('products');
  const text = useIssueText();
  const [chosen, setChosen] = useState<string | null>(null);
  const target = targets?.find((entry) => entry.shopId === chosen) ?? targets?.[0];
  const errors = target?.issues.filter((issue) => issue.severity === 'error') ?? [];
  const warnings = target?.issues.filter((issue) => issue.severity === 'warning') ?? [];

  return (
    <Card withBorder radius="md" padding="md" data-testid="readiness-panel">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Text fw={600}>{t('readiness.title')}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={refreshing ? <Loader size={12} /> : <IconRefresh size={14} />}
            onClick={onRefresh}
            disabled={refreshing}
            data-testid="readiness-refresh"
          >
            {t('readiness.check')}
          </Button>
        </Group>
        {targets && targets.length > 1 && (
          <Select
            size="xs"
            aria-label={t('readiness.target')}
            value={target?.shopId ?? null}
            allowDeselect={false}
            data={targets.map((entry) => ({
              value: entry.shopId,
              label: `${entry.shopName} · ${entry.site.toUpperCase()}${entry.ready ? '' : ' ✕'}`,
            }))}
            comboboxProps={{ hideDetached: false }}
            onChange={setChosen}
          />
        )}
        {loading ? (
          <Loader size="sm" />
        ) : failed ? (
          <Text size="sm" c="red">
            {t('readiness.failed')}
          </Text>
        ) : target && target.issues.length === 0 ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconCircleCheck size={18} />}
            data-testid="readiness-ready"
          >
            {t('readiness.allClear')}
          </Alert>
        ) : target ? (
          <Stack gap="xs">
            <Group gap="xs">
              <Badge color="red" variant="light" leftSection={<IconCircleX size={12} />}>
                {t('readiness.blocked', { count: errors.length })}
              </Badge>
              {warnings.length > 0 && (
                <Badge color="yellow" variant="light" leftSection={<IconAlertTriangle size={12} />}>
                  {t('readiness.warnings', { count: warnings.length })}
                </Badge>
              )}
            </Group>
            <List spacing={4} size="sm" listStyleType="none" data-testid="readiness-lines">
              {[...errors, ...warnings].map((issue) => (
                <List.Item
                  key={`${issue.severity}-${issue.code}-${issue.field}-${JSON.stringify(issue.params)}`}
                  icon={
                    issue.severity === 'error' ? (
                      <IconCircleX size={16} color="var(--mantine-color-red-6)" />
                    ) : (
                      <IconAlertTriangle size={16} color="var(--mantine-color-yellow-7)" />
                    )
                  }
                >
                  {issue.field === 'shop' ? (
                    <Anchor
                      renderRoot={(props) => <Link {...props} to={SHOPS_URL} />}
                      size="sm"
                      data-testid="readiness-line"
                      data-field={issue.field}
                      data-severity={issue.severity}
                      data-code={issue.code}
                    >
                      {text(issue)}
                    </Anchor>
                  ) : (
                    <UnstyledButton
                      onClick={() => jumpToField(issue.field, classes.flash)}
                      data-testid="readiness-line"
                      data-field={issue.field}
                      data-severity={issue.severity}
                      data-code={issue.code}
                    >
                      <Text size="sm" td="underline" style={{ textDecorationStyle: 'dotted' }}>
                        {text(issue)}
                      </Text>
                    </UnstyledButton>
                  )}
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}
