import { Anchor, Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { ResetPasswordFormSchema } from '@shared/contracts/accounts';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { AuthLayout } from './auth-layout';
import { EmailCodeFields, SignupPasswordFields, useCodeFieldErrors } from './email-code-fields';

/**
 * A forgotten password (/resetPws): a code mailed to the address (after the slider check), then a
 * new password. Every session of the account ends; the user signs in again.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation('signup');
  const api = useApi();
  const errorText = useErrorText();
  const form = useSchemaForm({ email: '', code: '', password: '', confirmPassword: '' });
  const [done, setDone] = useState(false);
  const codeFieldErrors = useCodeFieldErrors(form);
  const submit = form.onSubmit(
    ResetPasswordFormSchema,
    async (values) => {
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
    },
    { onError: codeFieldErrors },
  );

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
            onError={(failure) => {
              if (!codeFieldErrors(failure)) form.setFailure(errorText(failure));
            }}
            onSent={() => form.setFailure(null)}
          />
          <SignupPasswordFields form={form} />
          <FormFailure message={form.failure} testId="reset-error" />
          <Button type="submit" fullWidth loading={form.submitting}>
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
