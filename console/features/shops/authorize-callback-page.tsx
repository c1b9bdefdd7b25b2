import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ApiClient } from '@shared/api/client';
import { signOut } from '@shared/api/session-actions';
import type { AuthorizeCallbackRequest, AuthorizeResult } from '@shared/contracts/shops';
import { useApi } from '@shared/queries/api-context';
import { useSession, useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorizeFrame } from './authorize-frame';
import { callbackRequestOf, resultSearchOf } from './authorize-search';

/**
 * The answers of the callbacks this page already posted, by their query and session. A state is
 * single use: effects that run twice (strict mode) or a page that mounts again must not post it
 * again; after signing in as the account that started it, the same query goes once more.
 */
const posted = new Map<string, Promise<AuthorizeResult>>();

function postOnce(
  api: ApiClient,
  key: string,
  request: AuthorizeCallbackRequest,
): Promise<AuthorizeResult> {
  let answer = posted.get(key);
  if (!answer) {
    answer = api.shops.authorizeCallback(request);
    posted.set(key, answer);
    // A call that never reached the server may be tried again.
    answer.catch(() => posted.delete(key));
  }
  return answer;
}

/** The answers that ask to sign in as the account that started the consent. */
function waitsForStarter(result: AuthorizeResult): result is AuthorizeResult & { account: string } {
  return (
    !result.success &&
    (result.reason === 'signInRequired' || result.reason === 'otherAccount') &&
    result.account !== null
  );
}

/**
 * Nothing changed: the consent waits for the account that started it. Signing in as it (after
 * signing out of another account) comes back here with the same query, which is posted again with
 * the new session.
 */
function SignInToFinish({
  result,
  searchStr,
}: {
  result: AuthorizeResult & { account: string };
  searchStr: string;
}) {
  const { t } = useTranslation('shops');
  const api = useApi();
  const store = useSessionStore();
  const session = useSession();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const words = {
    account: result.account,
    platform: result.platform ? t(`platforms.${result.platform}`) : t('result.thePlatform'),
    current: session?.user.username ?? '',
  };

  async function signInAsStarter() {
    setLeaving(true);
    if (store.getState().snapshot.session) await signOut(api, store);
    await navigate({
      to: '/login',
      search: { redirect: '/authorize/authorizeCallback', ...callbackRequestOf(searchStr) },
    });
  }

  return (
    <Stack data-testid="authorize-sign-in" data-reason={result.reason}>
      <Text fw={600}>{t('callback.signIn.title')}</Text>
      <Alert color="yellow" variant="light" data-testid="authorize-sign-in-text">
        {result.reason === 'otherAccount'
          ? t('callback.signIn.otherText', words)
          : t('callback.signIn.text', words)}
      </Alert>
      <Group justify="flex-end">
        <Button component={Link} to="/thirdPartyPlatform/authorizeList" variant="default">
          {t('callback.signIn.cancel')}
        </Button>
        <Button
          onClick={() => void signInAsStarter()}
          loading={leaving}
          data-testid="authorize-sign-in-action"
        >
          {t('callback.signIn.action', words)}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /authorize/authorizeCallback: where a marketplace sends the seller back after consent. The
 * query goes to the server as it came, with the session's token (once per session), then the
 * result page says how it went. A consent started by another account than this browser's (or
 * with nobody signed in here) asks to sign in as that account, then completes.
 */
export function AuthorizeCallbackPage() {
  const { t } = useTranslation('shops');
  const api = useApi();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const store = useSessionStore();
  // The query this page was opened with; leaving for the result page must not post again.
  const initial = useRouterState({ select: (state) => state.location.searchStr });
  const [searchStr] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<(AuthorizeResult & { account: string }) | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const request = callbackRequestOf(searchStr);
    // The session this page opened with: after signing in as the consent's starter, the page
    // opens again with that session and posts once more.
    const token = store.getState().snapshot.session?.token ?? '';
    postOnce(api, `${attempt}:${token}:${searchStr}`, request).then(
      (result) => {
        if (!live) return;
        if (waitsForStarter(result)) {
          setWaiting(result);
          return;
        }
        void navigate({
          to: '/authorize/authorizeResult',
          search: resultSearchOf(result),
          replace: true,
        });
      },
      (error: unknown) => {
        if (live) setFailure(errorText(error));
      },
    );
    return () => {
      live = false;
    };
  }, [api, navigate, errorText, searchStr, attempt, store]);

  return (
    <AuthorizeFrame>
      {failure ? (
        <Stack data-testid="authorize-callback-error">
          <Text fw={600}>{t('callback.failed')}</Text>
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
          <Group justify="flex-end">
            <Button component={Link} to="/thirdPartyPlatform/authorizeList" variant="default">
              {t('result.toList')}
            </Button>
            <Button
              onClick={() => {
                setFailure(null);
                setAttempt((count) => count + 1);
              }}
            >
              {t('callback.retry')}
            </Button>
          </Group>
        </Stack>
      ) : waiting ? (
        <SignInToFinish result={waiting} searchStr={searchStr} />
      ) : (
        <Stack align="center" gap="sm" py="xl" data-testid="authorize-callback-working">
          <Loader />
          <Text c="dimmed">{t('callback.working')}</Text>
        </Stack>
      )}
    </AuthorizeFrame>
  );
}
