import {
  ActionIcon,
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  List,
  Modal,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { usePluginSettings } from '@shared/queries/collector';
import {
  IconBrandChrome,
  IconCheck,
  IconCircleCheck,
  IconCopy,
  IconDownload,
  IconPlugConnectedX,
  IconRefresh,
  IconWorld,
} from '@tabler/icons-react';
import { useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { askExtension, useExtensionPresence } from '../../platform/extension-state';

/** Where the built plug-in is served when the settings name no address. */
const DEFAULT_DOWNLOAD_URL = '/downloads/extension.zip';

/** A browser address the seller types (pages like chrome:// cannot be opened from a link). */
function Address({ value }: { value: string }) {
  const { t } = useTranslation('collector');
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      <Code>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('download.copied') : t('download.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              size="sm"
              onClick={copy}
              aria-label={t('download.copyAddress', { address: value })}
            >
              {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** Install steps, in order (each a `List.Item`). */
function Steps({ children }: { children: ReactNode }) {
  return (
    <List type="ordered" spacing="sm" size="sm" withPadding>
      {children}
    </List>
  );
}

/** Whether the plug-in answers on this page now, and a way to ask again after installing it. */
function PluginStatus({ offered }: { offered: string | null }) {
  const { t } = useTranslation('collector');
  const presence = useExtensionPresence();
  const win = useRouteContext({ from: '__root__', select: (context) => context.win });
  if (presence.present) {
    const outdated = offered !== null && presence.version !== null && presence.version !== offered;
    return (
      <Alert
        color={outdated ? 'yellow' : 'green'}
        variant="light"
        icon={<IconCircleCheck size={18} />}
        data-testid="plugin-status"
        data-present="true"
      >
        <Text size="sm">
          {presence.version
            ? t('plugin.detectedVersion', { version: presence.version })
            : t('plugin.detected')}
        </Text>
        {outdated && (
          <Text size="sm" mt={4}>
            {t('plugin.outdated', { version: offered })}
          </Text>
        )}
      </Alert>
    );
  }
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconPlugConnectedX size={18} />}
      data-testid="plugin-status"
      data-present="false"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">{t('plugin.notDetected')}</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          onClick={() => askExtension(win)}
        >
          {t('plugin.checkAgain')}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * The plug-in download (spec section 2: the collection box's plug-in download dialog): the zip and
 * its version, install steps for Chrome and for the 360 browser, and whether the plug-in is
 * detected in this browser now.
 */
export function DownloadDialog({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation(['collector', 'common']);
  const settings = usePluginSettings();
  const version = settings.data?.version ?? null;
  const href = settings.data?.downloadUrl || DEFAULT_DOWNLOAD_URL;
  return (
    <Modal opened={opened} onClose={onClose} title={t('download.title')} size="lg" centered>
      <Stack gap="md" data-testid="plugin-download">
        <Text size="sm" c="dimmed">
          {t('download.intro')}
        </Text>
        <Group justify="space-between" gap="sm" wrap="wrap">
          {settings.isPending ? (
            <Skeleton height={20} width={120} />
          ) : (
            <Text size="sm" data-testid="plugin-version">
              {version ? t('download.version', { version }) : t('download.versionUnknown')}
            </Text>
          )}
          <Button
            component="a"
            href={href}
            download
            leftSection={<IconDownload size={16} />}
            data-testid="plugin-download-link"
          >
            {t('download.button')}
          </Button>
        </Group>
        <PluginStatus offered={version} />
        <Tabs defaultValue="chrome" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="chrome" leftSection={<IconBrandChrome size={16} />}>
              {t('download.chrome.tab')}
            </Tabs.Tab>
            <Tabs.Tab value="360" leftSection={<IconWorld size={16} />}>
              {t('download.browser360.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="chrome" pt="md">
            <Steps>
              <List.Item>{t('download.steps.unzip')}</List.Item>
              <List.Item>
                {t('download.chrome.open')} <Address value="chrome://extensions" />
              </List.Item>
              <List.Item>{t('download.chrome.developerMode')}</List.Item>
              <List.Item>{t('download.chrome.loadUnpacked')}</List.Item>
              <List.Item>{t('download.steps.signIn')}</List.Item>
            </Steps>
          </Tabs.Panel>
          <Tabs.Panel value="360" pt="md">
            <Steps>
              <List.Item>{t('download.steps.unzip')}</List.Item>
              <List.Item>
                {t('download.browser360.open')} <Address value="se://extensions" />{' '}
                {t('download.browser360.openExtreme')} <Address value="chrome://extensions" />
              </List.Item>
              <List.Item>{t('download.browser360.developerMode')}</List.Item>
              <List.Item>{t('download.browser360.dragIn')}</List.Item>
              <List.Item>{t('download.steps.signIn')}</List.Item>
            </Steps>
          </Tabs.Panel>
        </Tabs>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
