import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { LogoMark } from '@shared/ui/logo';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/language-switch';

/** The frame of the pages a marketplace sends the seller back to: no shell, one card. */
export function AuthorizeFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" bg="gray.0">
      <Group justify="space-between" wrap="nowrap" px="lg" py="sm">
        <Group gap="xs" wrap="nowrap">
          <LogoMark size={28} />
          <Text fw={700} size="sm">
            {t('appName')}
          </Text>
        </Group>
        <LanguageSwitch />
      </Group>
      <Center px="md" py={48}>
        <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 36 }} w="100%" maw={520}>
          <Stack gap="md">{children}</Stack>
        </Paper>
      </Center>
    </Box>
  );
}
