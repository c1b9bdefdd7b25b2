import type { RuleContext, RuleTable } from '@shared/contracts/product-rules';
import { checkProduct, readinessCodeOf } from '@shared/contracts/product-rules';
import type {
  CategoryAttribute,
  ProductInput,
  ReadinessCode,
  ReadinessIssue,
  ShopReadiness,
} from '@shared/contracts/products';
import type { ValidationMessageKey } from '@shared/contracts/validation';
import { useMemo } from 'react';
import type * as z from 'zod/mini';

/**
 * What only the server can tell (it needs the shop's state, the stored bytes or the seller's other
 * products): these lines of its check stay as it answered them.
 */
const SERVER_CODES: readonly ReadinessCode[] = [
  'shopAbnormal',
  'imageDimensions',
  'imageRatio',
  'duplicateSource',
  'duplicateCover',
  'duplicateTitle',
];

/** The rules' lines over the values as they stand (the same rules the server's check runs). */
function ruleLines(
  values: ProductInput,
  table: RuleTable,
  attributes: readonly CategoryAttribute[] | undefined,
): ReadinessIssue[] {
  const lines: ReadinessIssue[] = [];
  if (!values.categoryId)
    lines.push({ severity: 'error', code: 'categoryMissing', field: 'categoryId', params: {} });
  const context: RuleContext = {
    requiredAttributes: (attributes ?? [])
      .filter((attribute) => attribute.required && !attribute.variation)
      .map((attribute) => attribute.id),
    sizeChartRequired: (attributes ?? []).some(
      (attribute) => attribute.required && /size.?chart/i.test(attribute.name),
    ),
  };
  const raw: z.core.$ZodRawIssue[] = [];
  try {
    checkProduct(values, table, context, raw);
  } catch {
    // Values the rules cannot read yet (a field being typed): the form's check names them.
    return lines;
  }
  for (const issue of raw) {
    const field = (issue.path ?? []).map(String).join('.');
    const key = issue.message as ValidationMessageKey;
    const params = {
      ...((issue as { params?: Record<string, string | number> }).params ?? {}),
      key,
    };
    if (field.startsWith('attributes.')) {
      const id = field.slice('attributes.'.length);
      const name = attributes?.find((attribute) => attribute.id === id)?.name ?? id;
      lines.push({
        severity: 'error',
        code: 'attributeRequired',
        field,
        params: { ...params, name },
      });
    } else lines.push({ severity: 'error', code: readinessCodeOf(field, key), field, params });
  }
  return lines;
}

/**
 * The readiness check as the seller edits: the product's own shop is checked live by the shared
 * rules on the values in the form (a fixed field's line goes at once, a newly required attribute's
 * comes at once), beside what only the server knows; the other targets as the server answered.
 */
export function useLiveReadiness(
  values: ProductInput,
  table: RuleTable,
  attributes: readonly CategoryAttribute[] | undefined,
  server: readonly ShopReadiness[] | undefined,
): ShopReadiness[] | undefined {
  return useMemo(() => {
    if (!server) return undefined;
    const [own, ...others] = server;
    if (!own) return [...server];
    const issues = [
      ...ruleLines(values, table, attributes),
      ...own.issues.filter((issue) => SERVER_CODES.includes(issue.code)),
    ];
    return [
      { ...own, issues, ready: !issues.some((issue) => issue.severity === 'error') },
      ...others,
    ];
  }, [values, table, attributes, server]);
}
