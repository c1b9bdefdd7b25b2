import { Button, Group, Modal, ScrollArea, Stack, Text, Typography } from '@mantine/core';
import type { Announcement } from '@shared/contracts/notices';
import { formatDateTime } from '@shared/i18n/format';
import { useMarkPopupsSeen, usePopupNotices } from '@shared/queries/notices';
import { SafeHtml } from '@shared/ui/safe-html';
import { IconChevronLeft, IconChevronRight, IconSpeakerphone } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Language = 'zh' | 'th' | 'en';

/**
 * After sign-in, the popup announcements this account has not seen, in one dialog with a pager
 * when there are several. Dismissing it marks them all seen: they never pop up again for this
 * account (on any device).
 */
export function AnnouncementPopup() {
  return (
    <Suspense fallback={null}>
      <AnnouncementPopupInner />
    </Suspense>
  );
}

function AnnouncementPopupInner() {
  const popups = usePopupNotices();
  const markSeen = useMarkPopupsSeen();
  const [dismissed, setDismissed] = useState(false);
  const announcements = popups.data ?? [];
  if (dismissed || announcements.length === 0) return null;

  const dismiss = () => {
    setDismissed(true);
    markSeen.mutate(announcements.map((announcement) => announcement.id));
  };
  return <AnnouncementPager announcements={announcements} onDismiss={dismiss} />;
}

function AnnouncementPager({
  announcements,
  onDismiss,
}: {
  announcements: Announcement[];
  onDismiss(): void;
}) {
  const { t, i18n } = useTranslation('notices');
  const [index, setIndex] = useState(0);
  const total = announcements.length;
  const current = announcements[Math.min(index, total - 1)];
  if (!current) return null;
  const last = index >= total - 1;
  return (
    <Modal
      opened
      onClose={onDismiss}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('popup.close') }}
      scrollAreaComponent={ScrollArea.Autosize}
      title={
        <Group gap="sm" wrap="nowrap">
          <IconSpeakerphone size={22} stroke={1.6} color="var(--mantine-primary-color-filled)" />
          <Text fw={600}>{t('popup.title')}</Text>
        </Group>
      }
      data-testid="announcement-popup"
    >
      <Stack gap="sm">
        <Text fw={600} size="lg" data-testid="announcement-title">
          {current.title}
        </Text>
        <Text size="xs" c="dimmed">
          {t('popup.published', {
            date: formatDateTime(current.showTime, i18n.language as Language),
          })}
        </Text>
        <Typography>
          <SafeHtml key={current.id} html={current.content} className="announcement-content" />
        </Typography>
        <Group justify="space-between" mt="sm" wrap="nowrap">
          {total > 1 ? (
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={14} />}
                disabled={index === 0}
                onClick={() => setIndex(index - 1)}
                data-testid="announcement-previous"
              >
                {t('popup.previous')}
              </Button>
              <Text size="sm" c="dimmed" data-testid="announcement-pager">
                {t('popup.pager', { current: index + 1, total })}
              </Text>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={14} />}
                disabled={last}
                onClick={() => setIndex(index + 1)}
                data-testid="announcement-next"
              >
                {t('popup.next')}
              </Button>
            </Group>
          ) : (
            <span />
          )}
          <Button onClick={onDismiss} data-autofocus data-testid="announcement-dismiss">
            {t('popup.dismiss')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
