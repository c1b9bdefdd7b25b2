import { Alert, Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import { ResetPasswordFormSchema } from '@shared/contracts/accounts';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from './auth-layout';
import { EmailCodeFields } from './email-code-fields';
import { NewPasswordFields } from './new-password-fields';

/** Code errors that belong on the code field rather than above the button. */
const CODE_ERRORS = new Set(['CODE_INVALID', 'CODE_EXPIRED', 'CODE_ATTEMPTS_EXCEEDED']);

/**
 * A forgotten password (/resetPws): a code mailed to the address (after the slider check), then a
 * new password. Every session of the account ends; the user signs in again.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('signup');
  const api = useApi();
  const errorText = useErrorText();
  const form = useSchemaForm({ email: '', code: '', password: '', confirmPassword: '' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);

  function showError(failure: unknown) {
    if (failure instanceof ApiError && CODE_ERRORS.has(failure.key ?? '')) {
      form.setErrors((current) => ({ ...current, code: errorText(failure) }));
    } else if (!form.showServerErrors(failure)) {
      setError(errorText(failure));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const values = await form.check(ResetPasswordFormSchema);
    if (!values) return;
    setSubmitting(true);
    setError(null);
    try {
      const { ticket } = await api.register.checkCode({
        email: values.email,
        code: values.code,
        type: 'reset',
      });
      await api.register.resetPassword({
        email: values.email,
        ticket,
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      setDone(true);
    } catch (failure) {
      showError(failure);
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AuthLayout>
        <Stack align="center" ta="center" gap="sm" data-testid="reset-done">
          <ThemeIcon size={56} radius="xl" color="green" variant="light">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={2}>{t('reset.doneTitle')}</Title>
          <Text c="dimmed" size="sm">
            {t('reset.doneText')}
          </Text>
          <Button component={Link} to="/login" fullWidth mt="md">
            {t('reset.toLogin')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Stack gap={4} mb="lg">
        <Title order={2}>{t('reset.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('reset.subtitle')}
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate data-testid="reset-form">
        <Stack>
          <EmailCodeFields
            form={form}
            type="reset"
            onError={showError}
            onSent={() => setError(null)}
          />
          <NewPasswordFields form={form} />
          {error && (
            <Alert color="red" variant="light" role="alert" data-testid="reset-error">
              {error}
            </Alert>
          )}
          <Button type="submit" fullWidth loading={submitting}>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" mt="md">
        {t('reset.remembered')}{' '}
        <Anchor component={Link} to="/login" size="sm" fw={600}>
          {t('register.signInInstead')}
        </Anchor>
      </Text>
    </AuthLayout>
  );
}
