import { Stack, Title } from '@mantine/core';
import { EmptyState } from '@shared/ui/empty-state';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The empty state of a screen whose feature has not arrived yet: its real title, and a plain word on it. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <EmptyState
        icon={<IconHourglassEmpty size={28} />}
        title={t('placeholder.title')}
        hint={t('placeholder.description')}
      />
    </Stack>
  );
}
