import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { EmptyState } from '@shared/ui/empty-state';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { Link, useMatches } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

/** The route name of a title key: `routes.orderManage` -> `orderManage`. */
const routeName = (titleKey: string) => titleKey.slice('routes.'.length);

/**
 * A screen whose feature has not arrived yet: its real title, one sentence on what it will hold
 * (`layout:placeholders.<route>`), and the way back to the dashboard.
 */
export function RoutePlaceholder() {
  const { t } = useTranslation(['layout', 'common']);
  const titleKey =
    [...useMatches()].reverse().find((match) => match.staticData.titleKey)?.staticData.titleKey ??
    'routes.dashboard';
  const name = routeName(titleKey);
  return (
    <Stack gap="lg" data-testid="route-placeholder" data-route={name}>
      <Title order={2}>{t(`common:${titleKey}`)}</Title>
      <Paper withBorder radius="md" p="lg">
        <EmptyState
          icon={<IconHourglassEmpty size={28} />}
          title={t('common:placeholder.title')}
          hint={t(`placeholders.${name}`, { defaultValue: t('common:placeholder.description') })}
        />
        <Group justify="center" pb="md">
          <Button component={Link} to="/cmpDashboard" variant="light">
            {t('notFound.back')}
          </Button>
        </Group>
      </Paper>
    </Stack>
  );
}
