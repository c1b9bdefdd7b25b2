import { Button, Center, Drawer, Loader, Stack, Text, Typography } from '@mantine/core';
import { formatDate } from '@shared/i18n/format';
import { useApi } from '@shared/queries/api-context';
import { helpQueries } from '@shared/queries/help';
import { SafeHtml } from '@shared/ui/safe-html';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type Language = 'zh' | 'th' | 'en';

/** One help article in a side drawer; its HTML is sanitised again before it is shown. */
export function HelpArticleDrawer({
  articleId,
  onClose,
}: {
  articleId: number | null;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation('help');
  const api = useApi();
  const article = useQuery({
    ...helpQueries.article(api, articleId ?? 0),
    enabled: articleId !== null,
    meta: { inlineErrors: true },
  });
  const data = articleId !== null ? article.data : undefined;
  return (
    <Drawer
      opened={articleId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        <Text fw={600} size="lg">
          {data?.title ?? t('title')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {article.isPending ? (
        <Center py="xl">
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('messages.articleLoading')}
            </Text>
          </Stack>
        </Center>
      ) : article.isError || !data ? (
        <Stack align="center" gap="sm" py="xl">
          <Text size="sm" c="red">
            {t('messages.articleFailed')}
          </Text>
          <Button variant="light" onClick={() => void article.refetch()}>
            {t('actions.retry')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="help-article">
          <Text size="xs" c="dimmed">
            {t('messages.updated', {
              date: formatDate(data.updateTime, i18n.language as Language),
            })}
          </Text>
          <Typography>
            <SafeHtml html={data.content} />
          </Typography>
        </Stack>
      )}
    </Drawer>
  );
}
