import { Group, Text } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { formatDate } from '@shared/i18n/format';
import { allows } from '@shared/permissions';
import { useSession } from '@shared/session/react';
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
