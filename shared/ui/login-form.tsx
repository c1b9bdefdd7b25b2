import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginByPasswordRequest } from '../contracts/auth';
import { useSchemaForm } from './use-schema-form';

export interface LoginFormProps {
  /** Resolves on success; a rejection is shown under the form in words. */
  onSubmit(values: LoginByPasswordRequest): Promise<unknown>;
  /** Smaller controls for the extension popup. */
  size?: 'sm' | 'md';
  /** What the page adds between the fields and the button (the console's slider check). */
  children?: ReactNode;
}

/**
 * E-mail or phone and password, checked with the same schema the server uses, with the failure
 * shown in place. Shared by the console's login page and the extension popup. The schema loads
 * when the form is first sent, not with the page.
 */
export function LoginForm({ onSubmit, size = 'md', children }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const form = useSchemaForm({ username: '', password: '' });
  const submit = form.onSubmit(
    () => import('../contracts/auth').then((m) => m.LoginByPasswordRequestSchema),
    onSubmit,
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={size === 'sm' ? 'sm' : 'md'}>
        <TextInput
          size={size}
          label={t('fields.username')}
          placeholder={t('placeholders.username')}
          autoComplete="username"
          name="username"
          value={form.values.username}
          onChange={(event) => form.set('username', event.currentTarget.value)}
          error={form.errors.username}
          data-autofocus
        />
        <PasswordInput
          size={size}
          label={t('fields.password')}
          placeholder={t('placeholders.password')}
          autoComplete="current-password"
          name="password"
          value={form.values.password}
          onChange={(event) => form.set('password', event.currentTarget.value)}
          error={form.errors.password}
        />
        {children}
        {form.failure && (
          <Text
            role="alert"
            data-testid="login-error"
            size="sm"
            c="red.8"
            bg="red.0"
            px="md"
            py="sm"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            {form.failure}
          </Text>
        )}
        <Button type="submit" size={size} fullWidth loading={form.submitting}>
          {t('actions.submit')}
        </Button>
      </Stack>
    </form>
  );
}
