import { Button, Stack } from '@mantine/core';
import { signInWithCode } from '@shared/api/session-actions';
import { LoginByCodeRequestSchema } from '@shared/contracts/accounts';
import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { useTranslation } from 'react-i18next';
import { FormFailure } from '../../components/form-parts';
import { EmailCodeFields } from './email-code-fields';

/** Sign in with a code mailed to the account's address (loginByCode). */
export function CodeLoginForm() {
  const { t } = useTranslation(['signup', 'auth']);
  const api = useApi();
  const session = useSessionStore();
  const errorText = useErrorText();
  const form = useSchemaForm({ email: '', code: '' });
  const submit = form.onSubmit(LoginByCodeRequestSchema, async (values) => {
    const { message } = await signInWithCode(api, session, values);
    toast({ color: 'green', message });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <EmailCodeFields
          form={form}
          type="login"
          onError={(failure) => form.setFailure(errorText(failure))}
          onSent={() => form.setFailure(null)}
        />
        <FormFailure message={form.failure} testId="login-error" />
        <Button type="submit" fullWidth loading={form.submitting}>
          {t('auth:actions.submit')}
        </Button>
      </Stack>
    </form>
  );
}
