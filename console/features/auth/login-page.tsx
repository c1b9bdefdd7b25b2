import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import { PasswordSignIn } from '@shared/ui/password-sign-in';
import { toast } from '@shared/ui/toast';
import { IconBrandWechat } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readBootConfig } from '../../platform/boot';
import { rememberTarget, safeConsolePath } from '../../platform/preferences';
import { AuthLayout } from './auth-layout';
import classes from './auth-layout.module.css';
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
    <Suspense fallback={<div className="cmp-inline-loader" role="progressbar" aria-busy="true" />}>
      {children}
    </Suspense>
  );
}

const TABS = ['password', 'code'] as const;

/**
 * Password or e-mail code: a tab list with arrow-key moves (WAI-ARIA tabs), in plain elements so
 * the first screen carries no tabs component.
 */
function SignInTabs({ view, onChange }: { view: LoginView; onChange(view: LoginView): void }) {
  const { t } = useTranslation('auth');
  return (
    <div className={classes.tabs} role="tablist">
      {TABS.map((tab, index) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`login-tab-${tab}`}
          className={classes.tab}
          aria-selected={view === tab}
          tabIndex={view === tab ? 0 : -1}
          onClick={() => onChange(tab)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
            const next = TABS[(index + 1) % TABS.length] ?? 'password';
            onChange(next);
            document.getElementById(`login-tab-${next}`)?.focus();
          }}
        >
          {t(`tabs.${tab}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * Third-party sign-in (shown only when the server configured a provider): a fresh address is
 * fetched on click, the way back is remembered with its query (a shop consent waiting for this
 * sign-in carries its code and state there), and the provider returns to /auth-redirect.
 */
function ThirdPartySignIn({ search }: { search: Record<string, unknown> }) {
  const { t } = useTranslation('auth');
  const api = useApi();
  const router = useRouter();
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
      const { redirect, view: _view, ...query } = search;
      const back = safeConsolePath(redirect);
      if (back)
        rememberTarget(
          window,
          `${back}${router.buildLocation({ to: back, search: query }).searchStr}`,
        );
      window.location.assign(wechat.authorizeUrl);
    } catch (failure) {
      setGoing(false);
      toast({ color: 'red', message: errorText(failure) });
    }
  }

  return (
    <Stack gap="sm" mt="lg">
      <div className={classes.divider}>{t('thirdParty.title')}</div>
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

/** Signs in; the login route's guard then takes the user where they were going. */
function PasswordSignInPage() {
  return <PasswordSignIn onSignedIn={(message) => toast({ color: 'green', message })} />;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const search = loginRoute.useSearch();
  const view: LoginView = search.view ?? 'password';
  const show = (next: LoginView) =>
    navigate({ to: '/login', search: (previous) => ({ ...previous, view: next }), replace: true });

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
          <SignInTabs view={view} onChange={show} />
          <div role="tabpanel" aria-labelledby={`login-tab-${view}`}>
            {view === 'code' ? (
              <Loading>
                <CodeLoginForm />
              </Loading>
            ) : (
              <PasswordSignInPage />
            )}
          </div>
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
          <ThirdPartySignIn search={search} />
        </>
      )}
    </AuthLayout>
  );
}
