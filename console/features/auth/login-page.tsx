import {
  Anchor,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { signInWithPassword } from '@shared/api/session-actions';
import type { LoginByPasswordRequest } from '@shared/contracts/auth';
import { useApi } from '@shared/queries/api-context';
import { useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { LoginForm } from '@shared/ui/login-form';
import { toast } from '@shared/ui/toast';
import { IconBrandWechat } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readBootConfig } from '../../app/boot';
import { rememberTarget, safeConsolePath } from '../../app/preferences';
import { AuthLayout } from './auth-layout';
import type { LoginView } from './login-views';

// Signing in with a code and creating an account load when chosen, not with the page.
const CodeLoginForm = lazy(() =>
  import('./code-login-form').then((m) => ({ default: m.CodeLoginForm })),
);
const RegisterPanel = lazy(() =>
  import('./register-panel').then((m) => ({ default: m.RegisterPanel })),
);

const loginRoute = getRouteApi('/login');

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader size="sm" />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * Third-party sign-in (shown only when the server configured a provider): a fresh address is
 * fetched on click, the way back is remembered, and the provider returns to /auth-redirect.
 */
function ThirdPartySignIn({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation('auth');
  const api = useApi();
  const errorText = useErrorText();
  const [going, setGoing] = useState(false);
  const platforms = readBootConfig(document).thirdParty;
  if (platforms.length === 0) return null;

  async function go() {
    setGoing(true);
    try {
      const wechat = (await api.auth.thirdPlatforms()).find((entry) => entry.platform === 'wechat');
      if (!wechat) {
        setGoing(false);
        toast({ color: 'red', message: t('thirdParty.unavailable') });
        return;
      }
      const back = safeConsolePath(redirect);
      if (back) rememberTarget(window, back);
      window.location.assign(wechat.authorizeUrl);
    } catch (failure) {
      setGoing(false);
      toast({ color: 'red', message: errorText(failure) });
    }
  }

  return (
    <Stack gap="sm" mt="lg">
      <Divider label={t('thirdParty.title')} labelPosition="center" />
      <Button
        variant="default"
        leftSection={<IconBrandWechat size={18} color="#07c160" />}
        onClick={go}
        loading={going}
        data-testid="login-wechat"
      >
        {t('thirdParty.wechat')}
      </Button>
    </Stack>
  );
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const api = useApi();
  const session = useSessionStore();
  const navigate = useNavigate();
  const search = loginRoute.useSearch();
  const view: LoginView = search.view ?? 'password';
  const show = (next: LoginView) =>
    navigate({ to: '/login', search: (previous) => ({ ...previous, view: next }), replace: true });

  /** Signs in; the login route's guard then takes the user where they were going. */
  async function submit(values: LoginByPasswordRequest) {
    try {
      const { message } = await signInWithPassword(api, session, values);
      toast({ color: 'green', message });
    } catch (error) {
      throw new Error(errorText(error));
    }
  }

  return (
    <AuthLayout>
      {view === 'register' ? (
        <Loading>
          <RegisterPanel onSignIn={() => show('password')} />
        </Loading>
      ) : (
        <>
          <Stack gap={4} mb="lg">
            <Title order={2}>{t('title')}</Title>
            <Text c="dimmed" size="sm">
              {t('subtitle')}
            </Text>
          </Stack>
          <Tabs
            value={view}
            onChange={(value) => show(value === 'code' ? 'code' : 'password')}
            mb="lg"
          >
            <Tabs.List grow>
              <Tabs.Tab value="password">{t('tabs.password')}</Tabs.Tab>
              <Tabs.Tab value="code">{t('tabs.code')}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {view === 'code' ? (
            <Loading>
              <CodeLoginForm />
            </Loading>
          ) : (
            <LoginForm onSubmit={submit} />
          )}
          <Group justify="space-between" mt="md" gap="xs">
            <Anchor component={Link} to="/resetPws" size="sm">
              {t('links.forgot')}
            </Anchor>
            <Text size="sm">
              {t('links.noAccount')}{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={600}
                onClick={() => show('register')}
                data-testid="to-register"
              >
                {t('links.register')}
              </Anchor>
            </Text>
          </Group>
          <ThirdPartySignIn redirect={search.redirect} />
        </>
      )}
    </AuthLayout>
  );
}
