import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** Nothing here yet: an icon, a short title and one sentence on what will appear or what to do. */
export function EmptyState({
  icon,
  title,
  hint,
  py = 80,
}: {
  icon: ReactNode;
  title: string;
  hint: string;
  py?: number;
}) {
  return (
    <Center py={py}>
      <Stack align="center" gap="xs" maw={360} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text c="dimmed" size="sm">
          {hint}
        </Text>
      </Stack>
    </Center>
  );
}
