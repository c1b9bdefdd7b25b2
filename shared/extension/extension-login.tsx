import { signInWithPassword } from '../api/session-actions';
import { useApi } from '../queries/api-context';
import { useSessionStore } from '../session/react';
import { useErrorText } from '../ui/error-message';
import { LoginForm } from '../ui/login-form';

/** Signing in from an extension page: the shared form, the shared login steps, the server's words on failure. */
export function ExtensionLogin() {
  const api = useApi();
  const store = useSessionStore();
  const errorText = useErrorText();
  return (
    <LoginForm
      size="sm"
      onSubmit={async (values) => {
        try {
          await signInWithPassword(api, store, values);
        } catch (error) {
          throw new Error(errorText(error));
        }
      }}
    />
  );
}
