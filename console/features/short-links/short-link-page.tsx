import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { ApiError } from '@shared/api/errors';
import { readShortLinkTarget, SHORT_LINK_ID_PATTERN } from '@shared/contracts/short-links';
import { useApi } from '@shared/queries/api-context';
import { useErrorText } from '@shared/ui/error-message';
import { Link, useParams, useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Answers that mean "no such link": unknown, expired, or an id that cannot be one. */
const NOT_FOUND_KEYS: readonly unknown[] = ['SHORT_LINK_NOT_FOUND', 'VALIDATION_FAILED'];

/**
 * /shortUrlLinkRedirect/$id: asks the server where the link leads, then goes there in place of
 * this page (a console path through the router, an allowed https address by the browser), or to
 * /404 when the link is unknown or expired. A link bound to an account (a message's, a shared
 * product's) sends whoever is signed out through sign-in and back here; another account is told
 * that it is not theirs. The id comes from the route, or from `id`.
 */
export function ShortLinkPage({ id: given }: { id?: string } = {}) {
  const params: { id?: string } = useParams({ strict: false });
  const [attempt, setAttempt] = useState(0);
  // A new attempt is a fresh opener: its own request, its own failure.
  return (
    <ShortLinkOpener
      key={attempt}
      id={given ?? params.id ?? ''}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

function ShortLinkOpener({ id, onRetry }: { id: string; onRetry(): void }) {
  const { t } = useTranslation();
  const api = useApi();
  const router = useRouter();
  const win = useRouteContext({ from: '__root__', select: (context) => context.win });
  const errorText = useErrorText();
  const [failure, setFailure] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    const notFound = () => router.navigate({ to: '/404', replace: true });
    const open = async () => {
      if (!SHORT_LINK_ID_PATTERN.test(id)) return notFound();
      try {
        const { target } = await api.shortLinks.resolve(id, { signal: controller.signal });
        if (controller.signal.aborted) return;
        // Checked again here: whatever the server says, this page never leaves for a stranger.
        const where = readShortLinkTarget(target);
        if (!where) return notFound();
        if (where.kind === 'external') win.location.replace(where.url);
        else await router.navigate({ href: where.path, replace: true });
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.kind === 'canceled') return;
        if (error instanceof ApiError && NOT_FOUND_KEYS.includes(error.key)) return notFound();
        if (error instanceof ApiError && error.key === 'SHORT_LINK_SIGN_IN') {
          return router.navigate({
            to: '/login',
            search: { redirect: `/shortUrlLinkRedirect/${id}` },
            replace: true,
          });
        }
        setFailure(error);
      }
    };
    void open();
    return () => controller.abort();
  }, [api, router, win, id]);

  if (failure) {
    return (
      <Center mih="100dvh" p="xl">
        <Stack maw={420} gap="md" data-testid="short-link-failed">
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
          <Group justify="center">
            {/* Another account's link opens no better the next time. */}
            {!(failure instanceof ApiError && failure.key === 'SHORT_LINK_OTHER_ACCOUNT') && (
              <Button onClick={onRetry}>{t('actions.retry')}</Button>
            )}
            <Button variant="default" component={Link} to="/cmpDashboard">
              {t('actions.back')}
            </Button>
          </Group>
        </Stack>
      </Center>
    );
  }
  return (
    <Center mih="100dvh" p="xl">
      <Stack
        align="center"
        gap="sm"
        role="status"
        aria-live="polite"
        data-testid="short-link-opening"
      >
        <Loader />
        <Text c="dimmed">{t('loading')}</Text>
      </Stack>
    </Center>
  );
}
