import { Alert, Anchor, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import { registerAndSignIn } from '@shared/api/session-actions';
import { EmailSchema, RegisterFormSchema } from '@shared/contracts/accounts';
import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { EmailCodeFields, SignupPasswordFields, useCodeFieldErrors } from './email-code-fields';

export interface RegisterFormProps {
  /** Back to signing in (an address that already has an account). */
  onSignIn(): void;
}

/**
 * A new account (spec section 5): e-mail, a mailed code (after the slider check), password twice,
 * the agreement ticked. The code is exchanged for a ticket first, then the account is made and
 * signed in; the router then takes it to onboarding.
 */
export function RegisterForm({ onSignIn }: RegisterFormProps) {
  const { t } = useTranslation('signup');
  const api = useApi();
  const session = useSessionStore();
  const errorText = useErrorText();
  const form = useSchemaForm({
    email: '',
    code: '',
    password: '',
    confirmPassword: '',
    agree: false as boolean,
  });
  const [registered, setRegistered] = useState(false);
  /** A ticket already earned for this address and code, reused if a later step fails. */
  const ticket = useRef<{ email: string; code: string; ticket: string } | null>(null);
  const codeFieldErrors = useCodeFieldErrors(form);

  /** An address that already has an account is told so, with the way to sign in. */
  function onError(failure: unknown): boolean {
    if (failure instanceof ApiError && failure.key === 'TICKET_INVALID') ticket.current = null;
    if (failure instanceof ApiError && failure.key === 'ACCOUNT_ALREADY_REGISTERED') {
      setRegistered(true);
      form.setFailure(null);
      return true;
    }
    return codeFieldErrors(failure);
  }

  /** An address that already has an account is pointed to sign-in before any code is sent. */
  async function checkRegistered() {
    const email = form.values.email.trim();
    if (!EmailSchema.safeParse(email).success) return;
    try {
      setRegistered(await api.register.exists(email));
    } catch {
      // Only a hint: the send step gives the definite answer.
    }
  }

  const submit = form.onSubmit(
    RegisterFormSchema,
    async (values) => {
      const held = ticket.current;
      const earned =
        held && held.email === values.email && held.code === values.code
          ? held.ticket
          : (
              await api.register.checkCode({
                email: values.email,
                code: values.code,
                type: 'register',
              })
            ).ticket;
      ticket.current = { email: values.email, code: values.code, ticket: earned };
      const { message } = await registerAndSignIn(api, session, {
        email: values.email,
        ticket: earned,
        password: values.password,
        confirmPassword: values.confirmPassword,
        agree: true,
      });
      toast({ color: 'green', message });
    },
    { onError },
  );

  return (
    <form onSubmit={submit} noValidate data-testid="register-form">
      <Stack>
        <EmailCodeFields
          form={form}
          type="register"
          onError={(failure) => {
            if (!onError(failure)) form.setFailure(errorText(failure));
          }}
          onSent={() => form.setFailure(null)}
          onEmailChange={() => setRegistered(false)}
          onEmailBlur={checkRegistered}
          afterEmail={
            registered && (
              <Alert color="yellow" variant="light" data-testid="already-registered">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">{t('register.alreadyRegistered')}</Text>
                  <Button size="compact-sm" variant="white" onClick={onSignIn}>
                    {t('register.signInInstead')}
                  </Button>
                </Group>
              </Alert>
            )
          }
        />
        <SignupPasswordFields form={form} />
        <Checkbox
          name="agree"
          checked={form.values.agree}
          onChange={(event) => form.set('agree', event.currentTarget.checked)}
          error={form.errors.agree}
          label={
            <Trans
              t={t}
              i18nKey="register.agree"
              components={{
                service: <Anchor component={Link} to="/servicePolicy" target="_blank" size="sm" />,
                privacy: <Anchor component={Link} to="/secretPolicy" target="_blank" size="sm" />,
              }}
            />
          }
        />
        <FormFailure message={form.failure} testId="register-error" />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t('register.submit')}
        </Button>
      </Stack>
    </form>
  );
}
