import { Group, Stack, TextInput } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import { CodeAddressSchema } from '@shared/contracts/accounts';
import { useErrorText } from '@shared/ui/error-message';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../components/form-parts';
import { SendCodeButton, type SendCodeButtonProps } from './send-code-button';

/** The part of a schema form these fields use. */
interface EmailCodeForm {
  values: { email: string; code: string };
  errors: Partial<Record<'email' | 'code', string>>;
  set(key: 'email' | 'code', value: string): void;
  setError(field: 'code', message: string): void;
  check(schema: typeof CodeAddressSchema): Promise<{ email: string } | null>;
}

/** Answers about the code that belong on the code field rather than under the form. */
const CODE_ERRORS = new Set(['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED']);

/** A form's failure handler that puts a wrong, spent or expired code on the code field. */
export function useCodeFieldErrors(form: Pick<EmailCodeForm, 'setError'>) {
  const errorText = useErrorText();
  return (error: unknown): boolean => {
    if (!(error instanceof ApiError) || !CODE_ERRORS.has(error.key ?? '')) return false;
    form.setError('code', errorText(error));
    return true;
  };
}

export interface EmailCodeFieldsProps
  extends Pick<SendCodeButtonProps, 'type' | 'onError' | 'onSent'> {
  form: EmailCodeForm;
  onEmailChange?(): void;
  onEmailBlur?(): void;
  /** Shown between the address and the code (a hint about the address). */
  afterEmail?: ReactNode;
}

/** An e-mail address and the code mailed to it, with the button that sends one. */
export function EmailCodeFields({
  form,
  type,
  onError,
  onSent,
  onEmailChange,
  onEmailBlur,
  afterEmail,
}: EmailCodeFieldsProps) {
  const { t } = useTranslation('signup');
  return (
    <>
      <TextInput
        label={t('fields.email')}
        placeholder={t('placeholders.email')}
        autoComplete="email"
        name="email"
        value={form.values.email}
        onChange={(event) => {
          form.set('email', event.currentTarget.value);
          onEmailChange?.();
        }}
        onBlur={onEmailBlur}
        error={form.errors.email}
        data-autofocus
      />
      {afterEmail}
      <Group align="flex-start" gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('fields.code')}
          placeholder={t('placeholders.code')}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          name="code"
          value={form.values.code}
          onChange={(event) => form.set('code', event.currentTarget.value)}
          error={form.errors.code}
        />
        <Stack gap={0} mt={25}>
          <SendCodeButton
            type={type}
            address={async () => (await form.check(CodeAddressSchema))?.email ?? null}
            onError={onError}
            {...(onSent ? { onSent } : {})}
          />
        </Stack>
      </Group>
    </>
  );
}

/** The new password and its confirmation, worded for registration and reset. */
export function SignupPasswordFields({
  form,
}: {
  form: Parameters<typeof NewPasswordFields>[0]['form'];
}) {
  const { t } = useTranslation('signup');
  return (
    <NewPasswordFields
      form={form}
      labels={{
        password: t('fields.newPassword'),
        rule: t('hints.password'),
        confirm: t('fields.confirmPassword'),
        placeholder: t('placeholders.newPassword'),
        confirmPlaceholder: t('placeholders.confirmPassword'),
      }}
    />
  );
}
