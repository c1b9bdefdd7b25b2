import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The part of a schema form these fields use. */
interface NewPasswordForm {
  values: { password: string; confirmPassword: string };
  errors: Partial<Record<'password' | 'confirmPassword', string>>;
  set(key: 'password' | 'confirmPassword', value: string): void;
}

/** A new password with its rule shown, and the confirmation (spec section 5, decisions.md). */
export function NewPasswordFields({ form }: { form: NewPasswordForm }) {
  const { t } = useTranslation('signup');
  return (
    <>
      <PasswordInput
        label={t('fields.newPassword')}
        description={t('hints.password')}
        placeholder={t('placeholders.newPassword')}
        autoComplete="new-password"
        name="password"
        value={form.values.password}
        onChange={(event) => form.set('password', event.currentTarget.value)}
        error={form.errors.password}
      />
      <PasswordInput
        label={t('fields.confirmPassword')}
        placeholder={t('placeholders.confirmPassword')}
        autoComplete="new-password"
        name="confirmPassword"
        value={form.values.confirmPassword}
        onChange={(event) => form.set('confirmPassword', event.currentTarget.value)}
        error={form.errors.confirmPassword}
      />
    </>
  );
}
