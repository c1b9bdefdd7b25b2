import {
  ActionIcon,
  Button,
  CopyButton,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useShareCollected } from '@shared/queries/collector';
import { IconCheck, IconCopy, IconShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormats } from './collector-parts';

/**
 * Shares a collected product: the server issues a short link to its page that opens for the main
 * account and its sub-accounts for 30 days; the popover shows it to copy, with its end.
 */
export function ShareLinkButton({ productId }: { productId: string }) {
  const { t } = useTranslation('collector');
  const format = useFormats();
  const share = useShareCollected();
  const link = share.data;
  return (
    <Popover
      width={360}
      position="bottom-end"
      withinPortal
      onOpen={() => {
        if (!link && !share.isPending) share.mutate(productId);
      }}
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconShare size={16} />}
          loading={share.isPending}
          data-testid="collect-detail-share"
        >
          {t('share.action')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {link ? (
          <Stack gap="xs" data-testid="collect-share-link">
            <Text size="sm" fw={600}>
              {t('share.title')}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <TextInput
                readOnly
                value={link.url}
                aria-label={t('share.title')}
                style={{ flex: 1 }}
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton value={link.url}>
                {({ copied, copy }) => (
                  <ActionIcon
                    variant="light"
                    size="lg"
                    onClick={copy}
                    aria-label={copied ? t('share.copied') : t('share.copy')}
                  >
                    {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                  </ActionIcon>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed" data-testid="collect-share-hint">
              {link.expiresAt
                ? t('share.hint', { date: format.dateTime(link.expiresAt) })
                : t('share.hintForever')}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {share.isError ? t('share.failed') : t('share.making')}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
