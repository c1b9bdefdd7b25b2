import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { signInWithProvider } from '@shared/api/session-actions';
import {
  THIRD_PARTY_PLATFORMS,
  type ThirdPartyPlatform,
} from '@shared/contracts/third-party-platforms';
import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { takeTarget } from '../../platform/preferences';
import { AuthLayout } from './auth-layout';

const route = getRouteApi('/auth-redirect');

function isPlatform(value: string | undefined): value is ThirdPartyPlatform {
  return THIRD_PARTY_PLATFORMS.some((platform) => platform === value);
}

/**
 * Where a third-party sign-in returns: the provider's code and our state become a session, then
 * the user goes where they were going (or to onboarding, for an account that has not onboarded).
 */
export function AuthRedirectPage() {
  const { t } = useTranslation('signup');
  const api = useApi();
  const store = useSessionStore();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { code, state, platform } = route.useSearch();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // The code is single use: one exchange per page load, even when effects run twice.
    if (started.current) return;
    started.current = true;
    if (!code || !state || !isPlatform(platform)) {
      setError(t('authRedirect.missing'));
      return;
    }
    signInWithProvider(api, store, { platform, code, state }).then(
      ({ message }) => {
        toast({ color: 'green', message });
        void navigate({ to: (takeTarget(window) ?? '/cmpDashboard') as '/', replace: true });
      },
      (failure: unknown) => setError(errorText(failure)),
    );
  }, [api, store, navigate, errorText, t, code, state, platform]);

  return (
    <AuthLayout>
      {error ? (
        <Stack data-testid="auth-redirect-error">
          <Text fw={600}>{t('authRedirect.failed')}</Text>
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t('authRedirect.back')}
          </Button>
        </Stack>
      ) : (
        <Center py="xl">
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed">{t('authRedirect.working')}</Text>
          </Stack>
        </Center>
      )}
    </AuthLayout>
  );
}
