import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { ApiError } from '../api/errors';

type Errors<Values> = Partial<Record<keyof Values | (string & {}), string>>;

/**
 * Form state checked with the same zod schema the server uses. Failures are worded from the
 * `validation` namespace (loaded when first needed) and shown on their fields; a server answer
 * of VALIDATION_FAILED lands on the same fields.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(initial: Values) {
  const { i18n } = useTranslation();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});

  function set<Key extends keyof Values>(key: Key, value: Values[Key]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  /** The parsed values, or null with the failures shown on their fields. */
  async function check<Schema extends z.ZodMiniType>(
    schema: Schema,
    input: unknown = values,
  ): Promise<z.output<Schema> | null> {
    const result = await schema.safeParseAsync(input, { reportInput: true });
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const [{ toFieldIssues }] = await Promise.all([
      import('../contracts/validation'),
      i18n.loadNamespaces('validation'),
    ]);
    const word = i18n.getFixedT(null, 'validation');
    const next: Record<string, string> = {};
    for (const issue of toFieldIssues(result.error.issues)) {
      next[issue.field] ??= word(issue.key, issue.params);
    }
    setErrors(next as Errors<Values>);
    return null;
  }

  /** Puts the server's per-field failures on the fields; true when the error was one. */
  function showServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiError) || error.fields.length === 0) return false;
    setErrors(
      Object.fromEntries(
        error.fields.map((field) => [field.field, field.message]),
      ) as Errors<Values>,
    );
    return true;
  }

  return { values, set, setValues, errors, setErrors, check, showServerErrors };
}
