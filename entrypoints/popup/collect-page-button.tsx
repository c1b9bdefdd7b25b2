import { collectClient } from '@extension/pages/collect-client';
import { consoleLinks } from '@extension/pages/console-links';
import { FailureNotice } from '@extension/pages/failure-notice';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconDownload,
  IconExternalLink,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { recentKey } from './recent-collections';

/** "Collect this page": the active tab collected as it shows, then where it went. */
export function CollectPageButton() {
  const { t } = useTranslation('extension');
  const client = useQueryClient();
  const collect = useMutation({
    mutationFn: () => collectClient.collectTab(),
    onSettled: () => client.invalidateQueries({ queryKey: recentKey }),
  });
  const outcome = collect.data;

  return (
    <Stack gap="xs">
      <Button
        size="md"
        fullWidth
        leftSection={<IconDownload size={18} />}
        loading={collect.isPending}
        onClick={() => collect.mutate()}
        data-testid="collect-page"
      >
        {t('popup.collectPage')}
      </Button>
      {collect.isPending ? null : collect.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          data-testid="collect-no-answer"
        >
          {t('panel.noAnswer')}
        </Alert>
      ) : outcome?.ok ? (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title={t(outcome.created ? 'popup.collected' : 'popup.refreshed')}
          data-testid="collect-success"
        >
          <Stack gap={4}>
            <Text size="sm" lineClamp={2}>
              {outcome.title}
            </Text>
            <Anchor
              href={consoleLinks.collected(outcome.id)}
              target="_blank"
              rel="noreferrer"
              size="sm"
              data-testid="collect-open-console"
            >
              <IconExternalLink size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
              {t('popup.openInConsole')}
            </Anchor>
          </Stack>
        </Alert>
      ) : outcome ? (
        <FailureNotice failure={outcome.failure} fallback={outcome.message} />
      ) : null}
    </Stack>
  );
}
