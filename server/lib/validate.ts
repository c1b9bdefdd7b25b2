import { toFieldIssues } from '@shared/contracts/validation';
import type { ValidationTargets } from 'hono';
import { validator } from 'hono/validator';
import type * as z from 'zod/mini';
import { AppError } from './errors';
import type { Translator } from './i18n';

/** VALIDATION_FAILED naming each field with its translated message. */
export function validationError(t: Translator, issues: readonly z.core.$ZodIssue[]): AppError {
  const fields = toFieldIssues(issues).map((issue) => ({
    field: issue.field,
    message: t.validation(issue.key, issue.params),
  }));
  return new AppError('VALIDATION_FAILED', {
    params: {
      fields: fields
        .map((f) => t.message('fieldError', { field: f.field || '-', message: f.message }))
        .join(t.message('listSeparator')),
    },
    datas: { fields },
  });
}

/** Validates one part of the request with a shared contract schema; the handler reads the parsed value with c.req.valid(). */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, async (value, c): Promise<z.output<Schema>> => {
    const result = await schema.safeParseAsync(value, { reportInput: true });
    if (result.success) return result.data;
    const t: Translator = c.var.t;
    throw validationError(t, result.error.issues);
  });
}
