import { Alert, PasswordInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The part of a schema form the password fields use. */
interface NewPasswordForm {
  values: { password: string; confirmPassword: string };
  errors: Partial<Record<'password' | 'confirmPassword', string>>;
  set(key: 'password' | 'confirmPassword', value: string): void;
}

/**
 * A new password with its rule under the label, and the confirmation (spec section 5,
 * decisions.md). Each screen words the labels in its own namespace.
 */
export function NewPasswordFields({
  form,
  labels,
  autoFocus = false,
}: {
  form: NewPasswordForm;
  labels: {
    password: string;
    rule: string;
    confirm: string;
    placeholder?: string;
    confirmPlaceholder?: string;
  };
  autoFocus?: boolean;
}) {
  return (
    <>
      <PasswordInput
        label={labels.password}
        description={labels.rule}
        placeholder={labels.placeholder}
        autoComplete="new-password"
        name="password"
        value={form.values.password}
        onChange={(event) => form.set('password', event.currentTarget.value)}
        error={form.errors.password}
        data-autofocus={autoFocus || undefined}
      />
      <PasswordInput
        label={labels.confirm}
        placeholder={labels.confirmPlaceholder}
        autoComplete="new-password"
        name="confirmPassword"
        value={form.values.confirmPassword}
        onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
        error={form.errors.confirmPassword}
      />
    </>
  );
}

/** Why the form's call failed, in words, under the form. */
export function FormFailure({ message, testId }: { message: string | null; testId?: string }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertCircle size={18} />}
      data-testid={testId}
    >
      {message}
    </Alert>
  );
}
