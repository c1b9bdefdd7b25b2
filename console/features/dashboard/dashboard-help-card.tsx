import { Group, SimpleGrid, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { HelpArticle } from '@shared/contracts/help';
import type { Language } from '@shared/contracts/languages';
import { formatDate } from '@shared/i18n/format';
import { useApi } from '@shared/queries/api-context';
import { helpQueries } from '@shared/queries/help';
import { IconHelpCircle, IconQuestionMark } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './dashboard.module.css';
import { ArticleModal } from './dashboard-article-modal';
import { CardList, DashboardCard } from './dashboard-card';

/** The help centre's first page (spec section 9: page 1, limit 10). */
const FIRST_PAGE = { page: 1, limit: 10 };

/** Common questions from the help centre; a click reads the answer. */
export function HelpCard() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.language as Language;
  const help = useQuery({
    ...helpQueries.list(useApi(), FIRST_PAGE),
    meta: { inlineErrors: true },
  });
  const [reading, setReading] = useState<HelpArticle | null>(null);

  return (
    <DashboardCard
      title={t('help.title')}
      icon={<IconHelpCircle size={18} stroke={1.6} />}
      tour="help"
      testId="help-card"
    >
      <CardList
        query={help}
        rows={5}
        failedTestId="help-failed"
        empty={{
          icon: <IconHelpCircle size={26} />,
          title: t('help.emptyTitle'),
          hint: t('help.emptyHint'),
        }}
      >
        {(records) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0} verticalSpacing={0}>
            {records.map((article) => (
              <UnstyledButton
                key={article.id}
                className={classes.cell}
                onClick={() => setReading(article)}
                data-testid="help-item"
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <ThemeIcon size={20} radius="xl" variant="light" mt={1}>
                    <IconQuestionMark size={12} />
                  </ThemeIcon>
                  <Text size="sm" lineClamp={2}>
                    {article.title}
                  </Text>
                </Group>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </CardList>
      <ArticleModal
        article={
          reading
            ? {
                title: reading.title,
                content: reading.content,
                date: formatDate(reading.updateTime, language),
              }
            : null
        }
        onClose={() => setReading(null)}
      />
    </DashboardCard>
  );
}
