import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The empty state of a screen whose feature has not arrived yet: its real title, and a plain word on it. */
export function PagePlaceholder({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Title order={2}>{title}</Title>
      <Center py={80}>
        <Stack align="center" gap="xs" maw={360} ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconHourglassEmpty size={28} />
          </ThemeIcon>
          <Text fw={600}>{t('placeholder.title')}</Text>
          <Text c="dimmed" size="sm">
            {t('placeholder.description')}
          </Text>
        </Stack>
      </Center>
    </Stack>
  );
}
