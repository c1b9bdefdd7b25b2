import { toFieldIssues } from '@shared/contracts/validation';
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
