import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { ApiClient } from '@shared/api/client';
import type { AuthorizeCallbackRequest, AuthorizeResult } from '@shared/contracts/shops';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorizeFrame } from './authorize-frame';
import { callbackRequestOf, resultSearchOf } from './authorize-search';

/**
 * The answers of the callbacks this page already posted, by their query. A state is single use:
 * effects that run twice (strict mode) or a page that mounts again must not post it again.
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

/**
 * /authorize/authorizeCallback: where a marketplace sends the seller back after consent. The
 * query goes to the server as it came (once), then the result page says how it went.
 */
export function AuthorizeCallbackPage() {
  const { t } = useTranslation('shops');
  const api = useApi();
  const navigate = useNavigate();
  const errorText = useErrorText();
  // The query this page was opened with; leaving for the result page must not post again.
  const initial = useRouterState({ select: (state) => state.location.searchStr });
  const [searchStr] = useState(initial);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const request = callbackRequestOf(searchStr);
    postOnce(api, `${attempt}:${searchStr}`, request).then(
      (result) => {
        if (!live) return;
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
  }, [api, navigate, errorText, searchStr, attempt]);

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
      ) : (
        <Stack align="center" gap="sm" py="xl" data-testid="authorize-callback-working">
          <Loader />
          <Text c="dimmed">{t('callback.working')}</Text>
        </Stack>
      )}
    </AuthorizeFrame>
  );
}
