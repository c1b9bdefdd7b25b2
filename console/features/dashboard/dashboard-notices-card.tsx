import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import type { Announcement } from '@shared/contracts/notices';
import { formatDate } from '@shared/i18n/format';
import { useApi } from '@shared/queries/api-context';
import { noticeQueries } from '@shared/queries/notices';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { ArticleModal } from './dashboard-article-modal';
import { CardList, DashboardCard } from './dashboard-card';

/** The dashboard shows the newest few; the message center has them all. */
const LATEST = { page: 1, limit: 5 };

/** The latest announcements; a click reads one. */
export function NoticesCard() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language as Language;
  const notices = useQuery({
    ...noticeQueries.list(useApi(), LATEST),
    meta: { inlineErrors: true },
  });
  const [reading, setReading] = useState<Announcement | null>(null);

  return (
    <DashboardCard
      title={t('notices.title')}
      icon={<IconSpeakerphone size={18} stroke={1.6} />}
      tour="notices"
      testId="notices-card"
    >
      <CardList
        query={notices}
        rows={4}
        failedTestId="notices-failed"
        empty={{
          icon: <IconSpeakerphone size={26} />,
          title: t('notices.emptyTitle'),
          hint: t('notices.emptyHint'),
        }}
      >
        {(records) => (
          <Stack gap={0}>
            {records.map((notice) => (
              <UnstyledButton
                key={notice.id}
                className={classes.item}
                onClick={() => setReading(notice)}
                data-testid="notice-item"
              >
                <Text size="sm" fw={500} lineClamp={2}>
                  {notice.title}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(notice.showTime, language)}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </CardList>
      <ArticleModal
        article={
          reading
            ? {
                title: reading.title,
                content: reading.content,
                date: formatDate(reading.showTime, language),
              }
            : null
        }
        onClose={() => setReading(null)}
      />
    </DashboardCard>
  );
}
