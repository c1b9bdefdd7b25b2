import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

export function NotFoundPage() {
  const { t } = useTranslation('layout');
  return (
    <Center mih="100dvh" p="xl">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Text fz={96} fw={800} c="cmp.2" lh={1} aria-hidden>
          404
        </Text>
        <Title order={2}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.description')}</Text>
        <Button component={Link} to="/cmpDashboard" mt="md">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Center>
  );
}
