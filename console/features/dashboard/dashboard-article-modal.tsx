import { Modal, Skeleton, Stack, Text, Typography } from '@mantine/core';
import { SafeHtml } from '@shared/ui/safe-html';
import { placeholderKeys } from '@shared/ui/skeletons';

/** An announcement or help article read from a dashboard list; its HTML is sanitised again here. */
export function ArticleModal({
  article,
  onClose,
}: {
  article: { title: string; content: string; date: string } | null;
  onClose(): void;
}) {
  return (
    <Modal
      opened={article !== null}
      onClose={onClose}
      size="lg"
      centered
      title={
        <Text fw={600} size="lg" component="span">
          {article?.title}
        </Text>
      }
    >
      {article ? (
        <Stack gap="sm" data-testid="dashboard-article">
          <Text size="xs" c="dimmed">
            {article.date}
          </Text>
          <Typography>
            <SafeHtml html={article.content} />
          </Typography>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** Rows of a loading list. */
export function ListSkeleton({ rows }: { rows: number }) {
  return (
    <Stack gap="md" data-testid="list-loading">
      {placeholderKeys(rows).map((key, i) => (
        <Stack key={key} gap={4}>
          <Skeleton h={14} w={`${80 - (i % 4) * 10}%`} />
          <Skeleton h={10} w="30%" />
        </Stack>
      ))}
    </Stack>
  );
}
