import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { signOut } from '@shared/api/session-actions';
import { allows } from '@shared/permissions';
import { useApi } from '@shared/queries/api-context';
import { useFileSrc } from '@shared/queries/files';
import { useSession, useSessionStore } from '@shared/session/react';
import { useErrorText } from '@shared/ui/error-message';
import { toast } from '@shared/ui/toast';
import {
  IconBell,
  IconChevronDown,
  IconListDetails,
  IconLogout,
  IconReceipt2,
  IconSettings,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';

function initials(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** The user menu's links (spec section 1), each shown when the account holds its page. */
const LINKS = [
  { to: '/account/messageCenter', titleKey: 'routes.messageCenter', Icon: IconBell },
  { to: '/other/historyMoney', titleKey: 'routes.historyMoney', Icon: IconReceipt2 },
  { to: '/order/serviceProgress', titleKey: 'routes.serviceProgress', Icon: IconListDetails },
  { to: '/account/accountSetting', titleKey: 'routes.accountSetting', Icon: IconSettings },
] as const;

/** Who is signed in, and the way out (spec section 4: logout clears everything and goes to /login). */
export function UserMenu() {
  const { t } = useTranslation(['layout', 'common']);
  const errorText = useErrorText();
  const api = useApi();
  const store = useSessionStore();
  const session = useSession();
  const avatar = useFileSrc(session?.user.headImgUrl);
  if (!session) return null;
  const { user } = session;

  async function logout() {
    const { error } = await signOut(api, store);
    if (error) toast({ color: 'red', message: errorText(error), autoClose: 5000 });
    else toast({ color: 'green', message: t('common:messages.signedOut') });
  }

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('user.menuLabel')} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar src={avatar} radius="xl" size={32} color="cmp">
              {initials(user.name)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" data-testid="user-name">
              {user.subUserName ?? user.name}
            </Text>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.username}
          </Text>
          <Badge mt={6} size="xs" variant="light">
            {user.isMain ? t('user.mainAccount') : t('user.subAccount')}
          </Badge>
        </Menu.Label>
        <Menu.Divider />
        {LINKS.filter((link) => allows(session.routes, link.to)).map(({ to, titleKey, Icon }) => (
          <Menu.Item
            key={to}
            component={Link}
            to={to}
            leftSection={<Icon size={16} />}
            data-menu={to}
          >
            {t(`common:${titleKey}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={logout}
          data-testid="logout"
        >
          {t('common:actions.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
