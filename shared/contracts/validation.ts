import type * as z from 'zod/mini';

/**
 * Keys of the `validation` namespace. A schema may name one of them as its custom error
 * (`z.string().regex(re, { error: 'phone' })`); otherwise the key is derived from the issue code,
 * so the server and the console word every failure the same way in every language.
 */
export const VALIDATION_MESSAGE_KEYS = [
  'required',
  'invalidType',
  'tooShort',
  'tooLong',
  'tooSmall',
  'tooBig',
  'tooFewItems',
  'tooManyItems',
  'integer',
  'email',
  'phone',
  'password',
  'passwordMismatch',
  'mustAgree',
  'captchaRequired',
  'chooseSite',
  'url',
  'invalidFormat',
  'invalidOption',
  'unknownFields',
  'invalid',
  'decimals',
  'duplicate',
  'fileType',
  'fileTooLarge',
  'videoDuration',
  'promotionAbovePrice',
  'endBeforeStart',
  'wholesaleFirstMin',
  'wholesaleOverlap',
  'wholesaleRange',
  'wholesaleAbovePrice',
  'wholesaleTierPrice',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];

interface ValidationMessage {
  key: ValidationMessageKey;
  params: Record<string, string | number>;
}

export interface FieldIssue extends ValidationMessage {
  /** Dotted path of the field ("items.0.price"); the unknown-field issue names the keys instead. */
  field: string;
}

function isMessageKey(value: string): value is ValidationMessageKey {
  return (VALIDATION_MESSAGE_KEYS as readonly string[]).includes(value);
}

function describe(issue: z.core.$ZodIssue): ValidationMessage {
  if (isMessageKey(issue.message))
    return { key: issue.message, params: issue.code === 'custom' ? (issue.params ?? {}) : {} };
  switch (issue.code) {
    case 'invalid_type':
      if (!('input' in issue) || issue.input === undefined) return { key: 'required', params: {} };
      if (issue.expected === 'int') return { key: 'integer', params: {} };
      return { key: 'invalidType', params: {} };
    case 'too_small': {
      const minimum = Number(issue.minimum);
      if (issue.origin === 'string') {
        return minimum <= 1 && issue.inclusive !== false
          ? { key: 'required', params: {} }
          : { key: 'tooShort', params: { minimum } };
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'tooFewItems', params: { minimum } };
      return { key: 'tooSmall', params: { minimum } };
    }
    case 'too_big': {
      const maximum = Number(issue.maximum);
      if (issue.origin === 'string') return { key: 'tooLong', params: { maximum } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { key: 'tooManyItems', params: { maximum } };
      return { key: 'tooBig', params: { maximum } };
    }
    case 'invalid_format':
      if (issue.format === 'email') return { key: 'email', params: {} };
      if (issue.format === 'url') return { key: 'url', params: {} };
      return { key: 'invalidFormat', params: {} };
    case 'invalid_value':
      return { key: 'invalidOption', params: {} };
    case 'unrecognized_keys':
      return { key: 'unknownFields', params: { fields: issue.keys.join(', ') } };
    default:
      return { key: 'invalid', params: {} };
  }
}

/** Turns zod issues into one entry per field (the first issue of each field wins). */
export function toFieldIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  const fields: FieldIssue[] = [];
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    const field =
      issue.code === 'unrecognized_keys' ? [path, ...issue.keys].filter(Boolean).join('.') : path;
    if (seen.has(field)) continue;
    seen.add(field);
    fields.push({ field, ...describe(issue) });
  }
  return fields;
}
