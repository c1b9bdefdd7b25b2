import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';
import { ApiError } from '../api/errors';
import { useErrorText } from './error-message';

interface SubmitOptions {
  /** What to check instead of the form's values (adding ids, say). */
  input?: () => unknown;
  /** Shows a failure its own way; returns false to leave it to the form. */
  onError?: (error: unknown) => boolean;
}

type Errors<Values> = Partial<Record<keyof Values | (string & {}), string>>;

/**
 * Form state checked with the same zod schema the server uses. Failures are worded from the
 * `validation` namespace (loaded when first needed) and shown on their fields; a server answer
 * of VALIDATION_FAILED lands on the same fields.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(initial: Values) {
  const { i18n } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Errors<Values>>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);

  function set<Key extends keyof Values>(key: Key, value: Values[Key]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  /** Puts one message on one field. */
  function setError(field: keyof Values & string, message: string) {
    setErrors((current) => ({ ...current, [field]: message }));
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

  /**
   * A submit handler: checks the values with the schema (or one loaded on demand), then runs
   * `action` with what it parsed while `submitting` is true. A failed call lands on its fields
   * (VALIDATION_FAILED) or, in words, in `failure`; a second press while busy does nothing.
   */
  function onSubmit<Schema extends z.ZodMiniType>(
    schema: Schema | (() => Promise<Schema>),
    action: (parsed: z.output<Schema>) => Promise<unknown>,
    options: SubmitOptions = {},
  ) {
    return async (event?: FormEvent) => {
      event?.preventDefault();
      if (busy.current) return;
      busy.current = true;
      setSubmitting(true);
      setFailure(null);
      try {
        const loaded = typeof schema === 'function' ? await schema() : schema;
        const parsed = await check(loaded, options.input ? options.input() : values);
        if (parsed) await action(parsed);
      } catch (error) {
        if (!options.onError?.(error) && !showServerErrors(error)) setFailure(errorText(error));
      } finally {
        busy.current = false;
        setSubmitting(false);
      }
    };
  }

  return {
    values,
    set,
    setValues,
    errors,
    setErrors,
    setError,
    check,
    showServerErrors,
    onSubmit,
    submitting,
    failure,
    setFailure,
  };
}
