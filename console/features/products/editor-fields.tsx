import { Input, Text, Textarea, TextInput, type TextInputProps } from '@mantine/core';
import { currencyExponent } from '@shared/contracts/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldPath, fieldId } from './product-form';
import { minorToText, textToMinor, textToNumber } from './products-parts';

/** What every bound field takes: its path in the values, the form's reader and writer, its error. */
export interface Bound {
  path: FieldPath;
  value: unknown;
  error: string | undefined;
  set(value: unknown): void;
}

/** A label with the platform's "required" mark. */
export function FieldLabel({ label, required }: { label: string; required?: boolean }) {
  const { t } = useTranslation('products');
  return (
    <>
      {label}
      {required && (
        <Text component="span" c="red" ml={4} aria-label={t('editor.required')}>
          *
        </Text>
      )}
    </>
  );
}

/** A text field bound to the form; `counter` shows its length against the site's limit. */
export function TextField({
  bound,
  label,
  required,
  counter,
  multiline,
  ...props
}: {
  bound: Bound;
  label: string;
  required?: boolean;
  counter?: { max: number };
  multiline?: number;
} & Omit<TextInputProps, 'label' | 'value' | 'onChange' | 'error' | 'required'>) {
  const { t } = useTranslation('products');
  const text = typeof bound.value === 'string' ? bound.value : '';
  const description =
    counter !== undefined
      ? t('editor.counter', { count: [...text].length, max: counter.max })
      : props.description;
  const common = {
    id: fieldId(bound.path),
    label: <FieldLabel label={label} required={required ?? false} />,
    value: text,
    error: bound.error,
    description,
    'data-field-box': true,
    'data-testid': `field-${bound.path}`,
  };
  return multiline ? (
    <Textarea
      {...common}
      rows={multiline}
      resize="vertical"
      onChange={(event) => bound.set(event.currentTarget.value)}
      {...(props.placeholder ? { placeholder: props.placeholder } : {})}
    />
  ) : (
    <TextInput {...props} {...common} onChange={(event) => bound.set(event.currentTarget.value)} />
  );
}

/** Text that may be empty, kept as null when it is. */
export function OptionalTextField(props: Parameters<typeof TextField>[0]) {
  return (
    <TextField
      {...props}
      bound={{
        ...props.bound,
        value: props.bound.value ?? '',
        set: (value) => props.bound.set(value === '' ? null : value),
      }}
    />
  );
}

/**
 * A number typed as text, held in the values as a number (null when empty, NaN when not a
 * number, so the shared rules word it on the field). A value set from outside (loaded, repriced)
 * replaces the text; what the field itself sent keeps the text as typed.
 */
function useNumberText(value: unknown, toText: (value: number) => string) {
  const format = (next: unknown) =>
    typeof next === 'number' && !Number.isNaN(next) ? toText(next) : '';
  const [state, setState] = useState({ text: format(value), held: value });
  if (!Object.is(state.held, value)) setState({ text: format(value), held: value });
  return {
    text: Object.is(state.held, value) ? state.text : format(value),
    change: (text: string, stored: unknown) => setState({ text, held: stored }),
  };
}

/** Money in minor units of `currency`, typed in its decimals ("12.50"). */
export function MoneyField({
  bound,
  label,
  currency,
  required,
  size,
  hideLabel,
}: {
  bound: Bound;
  label: string;
  currency: string;
  required?: boolean;
  size?: 'xs' | 'sm';
  hideLabel?: boolean;
}) {
  const { t } = useTranslation('products');
  const places = currencyExponent(currency);
  const { text, change } = useNumberText(bound.value, (minor) => minorToText(minor, currency));
  const decimals = text.includes('.') ? (text.trim().split('.')[1]?.length ?? 0) : 0;
  const tooPrecise = decimals > places;
  return (
    <TextInput
      id={fieldId(bound.path)}
      data-field-box
      data-testid={`field-${bound.path}`}
      size={size}
      label={hideLabel ? undefined : <FieldLabel label={label} required={required ?? false} />}
      aria-label={hideLabel ? label : undefined}
      inputMode="decimal"
      value={text}
      leftSection={
        <Text size="xs" c="dimmed">
          {currency}
        </Text>
      }
      leftSectionWidth={42}
      error={
        tooPrecise
          ? places === 0
            ? t('editor.noDecimals')
            : t('editor.decimals', { count: places })
          : bound.error
      }
      onChange={(event) => {
        const next = event.currentTarget.value;
        const parts = next.trim().split('.');
        const minor = (parts[1]?.length ?? 0) > places ? Number.NaN : textToMinor(next, currency);
        change(next, minor);
        bound.set(minor);
      }}
    />
  );
}

/** A whole or decimal number; `scale` turns the typed unit into the stored one (kg typed, g stored). */
export function NumberField({
  bound,
  label,
  required,
  unit,
  scale = 1,
  integer = false,
  size,
  hideLabel,
  description,
}: {
  bound: Bound;
  label: string;
  required?: boolean;
  unit?: string;
  scale?: number;
  integer?: boolean;
  size?: 'xs' | 'sm';
  hideLabel?: boolean;
  description?: string;
}) {
  const { text, change } = useNumberText(bound.value, (value) =>
    String(Number((value / scale).toFixed(6))),
  );
  return (
    <TextInput
      id={fieldId(bound.path)}
      data-field-box
      data-testid={`field-${bound.path}`}
      size={size}
      label={hideLabel ? undefined : <FieldLabel label={label} required={required ?? false} />}
      aria-label={hideLabel ? label : undefined}
      description={description}
      inputMode={integer ? 'numeric' : 'decimal'}
      value={text}
      rightSection={
        unit ? (
          <Text size="xs" c="dimmed">
            {unit}
          </Text>
        ) : undefined
      }
      rightSectionWidth={unit ? 40 : undefined}
      error={bound.error}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const typed = textToNumber(next);
        const stored =
          typed === null || Number.isNaN(typed)
            ? typed
            : scale === 1
              ? typed
              : Math.round(typed * scale * 1e6) / 1e6;
        change(next, stored);
        bound.set(stored);
      }}
    />
  );
}

/** A group of controls with one label, error and jump target. */
export function FieldBox({
  bound,
  label,
  required,
  description,
  children,
}: {
  bound: Pick<Bound, 'path' | 'error'>;
  label: string;
  required?: boolean;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Input.Wrapper
      id={fieldId(bound.path)}
      data-field-box
      tabIndex={-1}
      label={<FieldLabel label={label} required={required ?? false} />}
      description={description}
      error={bound.error}
      labelElement="div"
      data-testid={`field-${bound.path}`}
    >
      {children}
    </Input.Wrapper>
  );
}
