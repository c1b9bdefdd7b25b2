import { ApiError } from '@shared/api/errors';
import { useErrorText } from '@shared/ui/error-message';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod/mini';

/** A field's path in the form's values ("title", "skus.2.price"), as the shared rules name it. */
export type FieldPath = string;

/** The element id of a field, so a readiness line or an error can bring it into view. */
export const fieldId = (path: FieldPath) => `product-field-${path.replace(/[^\w-]/g, '-')}`;

function read(source: unknown, path: FieldPath): unknown {
  let current = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function write<T>(source: T, path: FieldPath, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return source;
  const container = (source ?? {}) as Record<string, unknown> | unknown[];
  const next = rest.length === 0 ? value : write(read(container, head), rest.join('.'), value);
  if (Array.isArray(container)) {
    const copy = [...container];
    copy[Number(head)] = next;
    return copy as T;
  }
  return { ...container, [head]: next } as T;
}

/**
 * Brings a field into view and into focus, with a short flash, so a readiness line or a failed
 * check leads to what needs fixing. A field not in the page yet (a closed section) is left alone.
 */
export function jumpToField(path: FieldPath, flashClass: string | undefined): boolean {
  const byId = document.getElementById(fieldId(path));
  // A path under a list (skus.0.price) falls back to its list when the cell is not drawn.
  const element =
    byId ??
    document.getElementById(fieldId(path.split('.').slice(0, -1).join('.'))) ??
    document.getElementById(fieldId(path.split('.')[0] ?? path));
  if (!element) return false;
  element.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  const focusable = element.matches('input, textarea, button, [tabindex]')
    ? element
    : element.querySelector<HTMLElement>('input, textarea, button, [tabindex]');
  (focusable ?? element).focus?.({ preventScroll: true });
  const box = element.closest<HTMLElement>('[data-field-box]') ?? element;
  if (flashClass) {
    box.classList.remove(flashClass);
    // Restarts the flash on a second jump to the same field.
    void box.offsetWidth;
    box.classList.add(flashClass);
  }
  return true;
}

/**
 * The editor's state: its values as the update request of the shared contract shapes them, the
 * failures on their fields (worded from the `validation` namespace, the same rules the server
 * runs), and whether anything changed since it was loaded or saved.
 */
export function useProductForm<Values extends object>(initial: Values) {
  const { i18n } = useTranslation();
  const errorText = useErrorText();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(() => JSON.stringify(initial));
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const get = useCallback((path: FieldPath) => read(valuesRef.current, path), []);
  const set = useCallback((path: FieldPath, value: unknown) => {
    setValues((current) => write(current, path, value));
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  /**
   * The parsed values, or null with every failure on its field. A schema whose shape fails skips
   * its refinements: `rules` (the same rules, run on the values as they are) then names the
   * other fields' failures too, so the seller sees all of them at once.
   */
  async function check<Schema extends z.ZodMiniType>(
    schema: Schema,
    rules?: (values: Values) => z.core.$ZodRawIssue[],
  ): Promise<z.output<Schema> | null> {
    const result = await schema.safeParseAsync(valuesRef.current, { reportInput: true });
    if (result.success) {
      setErrors({});
      return result.data;
    }
    const issues = [...result.error.issues] as z.core.$ZodIssue[];
    if (rules) {
      try {
        issues.push(...(rules(valuesRef.current) as z.core.$ZodIssue[]));
      } catch {
        // Values the rules cannot read yet: the shape's failures say what to fix first.
      }
    }
    const [{ toFieldIssues }] = await Promise.all([
      import('@shared/contracts/validation'),
      i18n.loadNamespaces('validation'),
    ]);
    const word = i18n.getFixedT(null, 'validation');
    const next: Record<string, string> = {};
    for (const issue of toFieldIssues(issues)) {
      next[issue.field] ??= word(issue.key, issue.params);
    }
    setErrors(next);
    return null;
  }

  /** The server's per-field failures on the fields; true when the error was one. */
  function showServerErrors(error: unknown): boolean {
    if (!(error instanceof ApiError) || error.fields.length === 0) return false;
    setErrors(Object.fromEntries(error.fields.map((field) => [field.field, field.message])));
    return true;
  }

  return {
    values,
    setValues,
    get,
    set,
    errors,
    setErrors,
    check,
    showServerErrors,
    errorText,
    dirty: JSON.stringify(values) !== saved,
    markSaved: (next: Values) => setSaved(JSON.stringify(next)),
  };
}
