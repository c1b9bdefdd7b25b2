import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { UserInfo } from '@shared/contracts/users';
import { useFileSrc } from '@shared/queries/files';

/** Who is signed in, as the popup and side panel show it. */
export function AccountCard({ user }: { user: UserInfo }) {
  const avatar = useFileSrc(user.headImgUrl);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="extension-user">
      <Avatar src={avatar} radius="xl" color="cmp">
        {Array.from(user.name)[0]?.toUpperCase() ?? '?'}
      </Avatar>
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} truncate data-testid="extension-user-name">
          {user.subUserName ?? user.name}
        </Text>
        <Text size="xs" c="dimmed" truncate data-testid="extension-user-email">
          {user.username}
        </Text>
      </Stack>
      <Badge ml="auto" variant="light" style={{ flex: 'none' }}>
        {user.site.toUpperCase()}
      </Badge>
    </Group>
  );
}
