import { Group, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { formatDate } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useApi } from '@shared/queries/api-context';
import { useSession, useSessionStore } from '@shared/session/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The settings page's menu url: its buttons are `edit`, `changePassword` and `bindWechat`. */
const SETTINGS_URL = '/account/accountSetting';

type SettingsButton = 'edit' | 'changePassword' | 'bindWechat';

/** Whether the session's routerInfoList lets its holder press a button of this page. */
export function useSettingsPermission(button: SettingsButton): boolean {
  const session = useSession();
  return session !== null && allows(session.routes, SETTINGS_URL, button);
}

/** An ISO date as the UI language writes it ("Nov 2, 2026", "2026年11月2日"). */
export function useFormatDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso) => formatDate(iso, i18n.language as Language);
}

/**
 * After a change of name or avatar, the session's cached user takes the server's userInfo so the
 * header's avatar and name follow. A failure here is not the change's: the profile is saved.
 */
export function useRefreshSessionUser(): () => Promise<void> {
  const api = useApi();
  const store = useSessionStore();
  return async () => {
    try {
      store.getState().updateUser(await api.users.userInfo());
    } catch {
      // The next page load reads userInfo again.
    }
  };
}

/** The avatar's letter when there is no picture. */
export function initials(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** A label on the left, its value on the right (wrapping under it on narrow cards). */
export function InfoRow({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" mih={36}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" size="sm" fw={500} ta="right" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}
