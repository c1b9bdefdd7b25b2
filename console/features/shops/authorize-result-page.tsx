import { Alert, Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconInfoCircle } from '@tabler/icons-react';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AuthorizeFrame } from './authorize-frame';
import { authorizeListSearch } from './authorize-search';
import { PlatformMark } from './platform-mark';

const route = getRouteApi('/authorize/authorizeResult');

/**
 * /authorize/authorizeResult: how an authorization went. Success names the shops now authorized;
 * a failure says why in the reader's language and what to do, with the way to try again. Opened
 * without an outcome (a bookmark, a hand-typed address), it says there is nothing to report and
 * offers to start one.
 */
export function AuthorizeResultPage() {
  const { t } = useTranslation(['shops', 'common']);
  const navigate = useNavigate();
  const {
    success,
    platform,
    reason,
    platformCode,
    shops = [],
    count = shops.length,
  } = route.useSearch();
  const platformName = platform ? t(`platforms.${platform}`) : t('result.thePlatform');

  /** To the authorization list, with the platform chosen when one is named. */
  const authorize = (label: string) => (
    <Button
      onClick={() =>
        navigate({
          to: '/thirdPartyPlatform/authorizeList',
          search: authorizeListSearch(platform ? { platform } : {}),
        })
      }
      data-testid="authorize-again"
    >
      {label}
    </Button>
  );
  const again = authorize(t('result.again'));
  const toList = (
    <Button
      component={Link}
      to="/thirdPartyPlatform/authorizeList"
      variant={success ? 'filled' : 'default'}
      data-testid="authorize-to-list"
    >
      {t('result.toList')}
    </Button>
  );

  if (success) {
    const more = Math.max(0, count - shops.length);
    return (
      <AuthorizeFrame>
        <Stack align="center" gap="xs" ta="center" data-testid="authorize-result" data-success>
          <ThemeIcon size={56} radius="xl" color="green" variant="light">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={3}>{t('result.successTitle')}</Title>
          {platform && <PlatformMark platform={platform} />}
          <Text c="dimmed">{t('result.successText', { count, platform: platformName })}</Text>
        </Stack>
        {shops.length > 0 && (
          <List spacing={4} size="sm" data-testid="authorize-result-shops">
            {shops.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
            {more > 0 && <List.Item>{t('result.more', { count: more })}</List.Item>}
          </List>
        )}
        <Group justify="center">{toList}</Group>
      </AuthorizeFrame>
    );
  }

  if (success === undefined && reason === undefined) {
    return (
      <AuthorizeFrame>
        <Stack align="center" gap="xs" ta="center" data-testid="authorize-result" data-none>
          <ThemeIcon size={56} radius="xl" color="gray" variant="light">
            <IconInfoCircle size={32} />
          </ThemeIcon>
          <Title order={3}>{t('result.none.title')}</Title>
          <Text c="dimmed" data-testid="authorize-result-reason">
            {t('result.none.text')}
          </Text>
        </Stack>
        <Text size="sm" c="dimmed" ta="center">
          {t('result.none.next')}
        </Text>
        <Group justify="center">
          {toList}
          {authorize(t('result.start'))}
        </Group>
      </AuthorizeFrame>
    );
  }

  const why = reason ?? 'platform';
  // Only a failure that came with the platform's code points the seller to it.
  const next =
    why === 'platform' && !platformCode
      ? t('result.reasons.platform.nextWithoutCode')
      : t(`result.reasons.${why}.next`);
  return (
    <AuthorizeFrame>
      <Stack align="center" gap="xs" ta="center" data-testid="authorize-result" data-reason={why}>
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconCircleX size={32} />
        </ThemeIcon>
        <Title order={3}>{t('result.failureTitle')}</Title>
        {platform && <PlatformMark platform={platform} />}
      </Stack>
      <Alert color="red" variant="light" title={t(`result.reasons.${why}.title`)}>
        <Stack gap={6}>
          <Text size="sm" data-testid="authorize-result-reason">
            {t(`result.reasons.${why}.text`, { platform: platformName })}
          </Text>
          {platformCode && (
            <Text size="sm" c="dimmed" data-testid="authorize-result-code">
              {t('fields.platformCode', { code: platformCode })}
            </Text>
          )}
        </Stack>
      </Alert>
      <Text size="sm" c="dimmed" data-testid="authorize-result-next">
        {next}
      </Text>
      <Group justify="flex-end">
        {toList}
        {again}
      </Group>
    </AuthorizeFrame>
  );
}
