import { collectClient } from '@extension/pages/collect-client';
import { consoleLinks } from '@extension/pages/console-links';
import { siteName } from '@extension/pages/site-names';
import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { formatRelative } from '@shared/i18n/format';
import { IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

export const recentKey = ['collect', 'recent'] as const;

/** How many of the last collections the popup lists. */
const SHOWN = 5;

/** The last collections, newest first, each opening its detail in the console. */
export function RecentCollections() {
  const { t, i18n } = useTranslation('extension');
  const { t: common } = useTranslation('common');
  const recent = useQuery({ queryKey: recentKey, queryFn: () => collectClient.recent() });
  // Without an answer from the background there is nothing to list; the page says nothing.
  if (!recent.data) return null;
  const items = recent.data.slice(0, SHOWN);

  return (
    <Stack gap={6} data-testid="recent-collections">
      <Text size="xs" fw={600} c="dimmed">
        {t('popup.recentTitle')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="recent-empty">
          {t('popup.recentEmpty')}
        </Text>
      ) : (
        items.map((item) => (
          <UnstyledButton
            key={item.id}
            component="a"
            href={consoleLinks.collected(item.id)}
            target="_blank"
            rel="noreferrer"
            data-testid="recent-item"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Group gap="sm" wrap="nowrap">
              <Avatar src={item.image} radius="sm" size={40} alt="">
                <IconPhoto size={18} />
              </Avatar>
              <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" truncate title={item.title}>
                  {item.title}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {siteName(item.site, i18n.language)} · {formatRelative(common, item.at)}
                </Text>
              </Stack>
            </Group>
          </UnstyledButton>
        ))
      )}
    </Stack>
  );
}
