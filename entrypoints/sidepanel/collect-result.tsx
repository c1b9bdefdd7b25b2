import { consoleLinks } from '@extension/pages/console-links';
import { FailureNotice } from '@extension/pages/failure-notice';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CollectRun } from './use-collect-and-claim';

function OpenInConsole({ id }: { id: string }) {
  const { t } = useTranslation('extension');
  return (
    <Anchor
      href={consoleLinks.collected(id)}
      target="_blank"
      rel="noreferrer"
      size="sm"
      data-testid="collect-open-console"
    >
      <IconExternalLink size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
      {t('popup.openInConsole')}
    </Anchor>
  );
}

/** Where a collection (and its claim) ended. */
export function CollectResult({
  run,
  shopName,
}: {
  run: CollectRun;
  /** A shop's name by its id, for the claim's result. */
  shopName(id: string): string;
}) {
  const { t } = useTranslation('extension');

  if (run.phase === 'error') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        data-testid="collect-no-answer"
      >
        {t('panel.noAnswer')}
      </Alert>
    );
  }
  if (run.phase !== 'done') return null;
  const { collected, claim } = run;
  if (!collected.ok) {
    return <FailureNotice failure={collected.failure} fallback={collected.message} />;
  }

  const collectedLine = t(collected.created ? 'popup.collected' : 'popup.refreshed');
  if (!claim || claim.status === 'claimed') {
    const shops = claim ? [...new Set(claim.result.products.map((product) => product.shopId))] : [];
    return (
      <Alert
        color="green"
        variant="light"
        icon={<IconCircleCheck size={18} />}
        title={claim ? t('panel.claimed') : collectedLine}
        data-testid="collect-success"
      >
        <Stack gap={6}>
          {claim ? (
            <>
              <Text size="sm">{collectedLine}</Text>
              <List size="sm" spacing={2} data-testid="claim-shops">
                {shops.map((id) => (
                  <List.Item key={id}>{shopName(id)}</List.Item>
                ))}
              </List>
              <Text size="xs" c="dimmed">
                {t('panel.claimedHint')}
              </Text>
            </>
          ) : null}
          <OpenInConsole id={collected.id} />
        </Stack>
      </Alert>
    );
  }
  if (claim.status === 'conflict') {
    const names = [...new Set(claim.conflicts.map((conflict) => conflict.shopName))];
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title={t('panel.alreadyClaimed')}
        data-testid="claim-conflict"
      >
        <Stack gap={6}>
          <Text size="sm">{collectedLine}</Text>
          <List size="sm" spacing={2} data-testid="claim-conflict-shops">
            {names.map((name) => (
              <List.Item key={name}>{name}</List.Item>
            ))}
          </List>
          <Text size="sm">{t('panel.alreadyClaimedHint')}</Text>
          <OpenInConsole id={collected.id} />
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={t('panel.claimFailed')}
      data-testid="claim-failed"
    >
      <Stack gap={6}>
        <Text size="sm">{claim.message}</Text>
        <OpenInConsole id={collected.id} />
      </Stack>
    </Alert>
  );
}
