import { Alert, Button, Stack } from '@mantine/core';
import { signInWithCode } from '@shared/api/session-actions';
import { LoginByCodeRequestSchema } from '@shared/contracts/accounts';
import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { useSchemaForm } from '@shared/ui/use-schema-form';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailCodeFields } from './email-code-fields';

/** Sign in with a code mailed to the account's address (loginByCode). */
export function CodeLoginForm() {
  const { t } = useTranslation(['signup', 'auth']);
  const api = useApi();
  const session = useSessionStore();
  const errorText = useErrorText();
  const form = useSchemaForm({ email: '', code: '' });
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const values = await form.check(LoginByCodeRequestSchema);
    if (!values) return;
    setSubmitting(true);
    setError(null);
    try {
      const { message } = await signInWithCode(api, session, values);
      toast({ color: 'green', message });
    } catch (failure) {
      if (!form.showServerErrors(failure)) setError(errorText(failure));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <EmailCodeFields
          form={form}
          type="login"
          onError={(failure) => setError(errorText(failure))}
          onSent={() => setError(null)}
        />
        {error && (
          <Alert color="red" variant="light" role="alert" data-testid="login-error">
            {error}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={submitting}>
          {t('auth:actions.submit')}
        </Button>
      </Stack>
    </form>
  );
}
