import { Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useProfile } from '@shared/queries/profile';
import { EmptyState } from '@shared/ui/empty-state';
import { useErrorText } from '@shared/ui/error-message';
import { placeholderKeys } from '@shared/ui/skeletons';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsPasswordCard } from './settings-password-card';
import { SettingsProfileCard } from './settings-profile-card';
import { SettingsWechatCard } from './settings-wechat-card';

/** Two columns on wide screens (profile and WeChat | password), one on phones. */
function Columns({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="lg">{left}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="lg">{right}</Stack>
      </Grid.Col>
    </Grid>
  );
}

/** The cards' shapes while the profile loads. */
function SkeletonCard({ lines, avatar = false }: { lines: number; avatar?: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Skeleton h={14} w={120} mb="lg" />
      {avatar && (
        <Group gap="lg" mb="lg" wrap="nowrap">
          <Skeleton h={84} w={84} circle />
          <Stack gap="xs" style={{ flex: 1 }}>
            <Skeleton h={20} w="60%" />
            <Skeleton h={12} w="40%" />
          </Stack>
        </Group>
      )}
      <Stack gap="md">
        {placeholderKeys(lines).map((key, index) => (
          <Skeleton key={key} h={12} w={index % 2 ? '70%' : '90%'} />
        ))}
      </Stack>
    </Card>
  );
}

export function AccountSettingsPage() {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useErrorText();
  const profile = useProfile();

  let body: ReactNode;
  if (profile.isPending) {
    body = (
      <div data-testid="settings-loading" aria-busy="true">
        <Columns
          left={
            <>
              <SkeletonCard lines={6} avatar />
              <SkeletonCard lines={2} />
            </>
          }
          right={<SkeletonCard lines={5} />}
        />
      </div>
    );
  } else if (profile.isError) {
    body = (
      <Card withBorder radius="md" padding="lg" data-testid="settings-load-error">
        <EmptyState
          py={40}
          icon={<IconAlertTriangle size={28} />}
          title={t('loadFailed')}
          hint={errorText(profile.error)}
        />
        <Group justify="center">
          <Button
            leftSection={<IconRefresh size={16} />}
            onClick={() => void profile.refetch()}
            loading={profile.isFetching}
          >
            {t('common:actions.retry')}
          </Button>
        </Group>
      </Card>
    );
  } else {
    body = (
      <Columns
        left={
          <>
            <SettingsProfileCard profile={profile.data} />
            <SettingsWechatCard profile={profile.data} />
          </>
        }
        right={<SettingsPasswordCard />}
      />
    );
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('title')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      {body}
    </Stack>
  );
}
