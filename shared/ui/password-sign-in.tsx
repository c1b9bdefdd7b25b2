import { Stack, Text } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import { signInWithPassword } from '@shared/api/session-actions';
import type { LoginByPasswordRequest } from '@shared/contracts/auth';
import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';
import { LoginForm, type LoginFormProps } from '@shared/ui/login-form';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The slider loads only when the server asks for it.
const SliderCaptcha = lazy(() =>
  import('./slider-captcha').then((m) => ({ default: m.SliderCaptcha })),
);

/**
 * E-mail or phone and password, in the console and in the extension's pages alike. After several
 * failed sign-ins for an account the server asks for the slider check (LOGIN_CAPTCHA_REQUIRED):
 * from then on the form shows a puzzle, and each try sends a freshly solved one; a failed try
 * brings a new puzzle.
 */
export function PasswordSignIn({
  size,
  onSignedIn,
}: {
  size?: LoginFormProps['size'];
  /** After the session is in place, with the server's message. */
  onSignedIn?(message: string): void;
}) {
  const { t } = useTranslation('auth');
  const api = useApi();
  const session = useSessionStore();
  const [check, setCheck] = useState<{ round: number; token: string | null } | null>(null);

  async function submit(values: LoginByPasswordRequest) {
    if (check && !check.token) throw new ApiError({ kind: 'business', key: 'CAPTCHA_REQUIRED' });
    try {
      const { message } = await signInWithPassword(
        api,
        session,
        check?.token ? { ...values, captchaToken: check.token } : values,
      );
      onSignedIn?.(message);
    } catch (failure) {
      if (check || (failure instanceof ApiError && failure.key === 'LOGIN_CAPTCHA_REQUIRED'))
        setCheck((current) => ({ round: (current?.round ?? 0) + 1, token: null }));
      throw failure;
    }
  }

  return (
    <LoginForm size={size} onSubmit={submit}>
      {check && (
        <Stack gap="xs" data-testid="login-step-up">
          <Text size="sm" fw={600}>
            {t('stepUp.title')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('stepUp.intro')}
          </Text>
          <Suspense
            fallback={<div className="cmp-inline-loader" role="progressbar" aria-busy="true" />}
          >
            <SliderCaptcha
              key={check.round}
              onSolved={(token) => setCheck((current) => current && { ...current, token })}
            />
          </Suspense>
        </Stack>
      )}
    </LoginForm>
  );
}
