import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginByPasswordRequest } from '../contracts/auth';

export interface LoginFormProps {
  /** Resolves on success; rejects with a message to show under the form. */
  onSubmit(values: LoginByPasswordRequest): Promise<void>;
  /** Smaller controls for the extension popup. */
  size?: 'sm' | 'md';
}

type Field = keyof LoginByPasswordRequest;

/**
 * E-mail or phone and password, checked with the same schema the server uses, with the failure
 * shown in place. Shared by the console's login page and the extension popup. The schema and the
 * validation messages load when the form is first sent, not with the page.
 */
export function LoginForm({ onSubmit, size = 'md' }: LoginFormProps) {
  const { t, i18n } = useTranslation('auth');
  const [values, setValues] = useState<LoginByPasswordRequest>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      const [{ LoginByPasswordRequestSchema }, { toFieldIssues }] = await Promise.all([
        import('../contracts/auth'),
        import('../contracts/validation'),
        i18n.loadNamespaces('validation'),
      ]);
      const parsed = LoginByPasswordRequestSchema.safeParse(values, { reportInput: true });
      if (!parsed.success) {
        const word = i18n.getFixedT(null, 'validation');
        const next: Partial<Record<Field, string>> = {};
        for (const issue of toFieldIssues(parsed.error.issues)) {
          next[issue.field as Field] ??= word(issue.key, issue.params);
        }
        setFieldErrors(next);
        return;
      }
      setError(null);
      await onSubmit(parsed.data);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={size === 'sm' ? 'sm' : 'md'}>
        <TextInput
          size={size}
          label={t('fields.username')}
          placeholder={t('placeholders.username')}
          autoComplete="username"
          name="username"
          value={values.username}
          onChange={change('username')}
          error={fieldErrors.username}
          data-autofocus
        />
        <PasswordInput
          size={size}
          label={t('fields.password')}
          placeholder={t('placeholders.password')}
          autoComplete="current-password"
          name="password"
          value={values.password}
          onChange={change('password')}
          error={fieldErrors.password}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {error}
          </Alert>
        )}
        <Button type="submit" size={size} fullWidth loading={submitting}>
          {t('actions.submit')}
        </Button>
      </Stack>
    </form>
  );
}
