import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { AppType } from '@shared/contracts/config';
import { useApi } from '@shared/queries/api-context';
import { configQueries } from '@shared/queries/config';
import { readCookie, writeCookie } from '@shared/session/web-port';
import { IconBrandAndroid, IconBrandApple, IconDeviceMobile } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderPopover } from './header-popover';
import { QrTile } from './qr-tile';

/** The popover shows itself this long after the console opens, once a day (spec section 9). */
export const DOWNLOAD_POPOVER_DELAY_MS = 180_000;

/**
 * Holds the day the popover was last seen (spec section 4: a cookie that expires at the end of
 * the day). The value is the local day as well, so a cookie that outlives its day counts for none.
 */
export const DOWNLOAD_POPOVER_COOKIE = 'cmp-download-app-shown';

/** The local calendar day (YYYY-MM-DD). */
function today(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Seconds from now to the next local midnight: the cookie lives until the day ends. */
function secondsLeftToday(now: Date): number {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  return Math.max(1, Math.ceil((midnight.getTime() - now.getTime()) / 1000));
}

function seenToday(doc: Document): boolean {
  return readCookie(doc, DOWNLOAD_POPOVER_COOKIE) === today(new Date());
}

function markSeenToday(doc: Document) {
  const now = new Date();
  writeCookie(doc, DOWNLOAD_POPOVER_COOKIE, today(now), { maxAgeSeconds: secondsLeftToday(now) });
}

const APPS = [
  { type: 'android', Icon: IconBrandAndroid },
  { type: 'ios', Icon: IconBrandApple },
] as const satisfies readonly { type: AppType; Icon: unknown }[];

function AppCode({ type, Icon }: (typeof APPS)[number]) {
  const { t } = useTranslation(['support', 'common']);
  const app = useQuery(configQueries.appDownload(useApi(), type));
  const name = t(`downloadApp.${type}`);
  const data = app.data;

  let caption: ReactNode = null;
  if (app.isError) {
    caption = (
      <Button size="compact-xs" variant="subtle" onClick={() => void app.refetch()}>
        {t('common:actions.retry')}
      </Button>
    );
  } else if (data?.downloadUrl) {
    caption = (
      <Stack gap={0} align="center">
        {data.version ? <span>{t('downloadApp.version', { version: data.version })}</span> : null}
        <Anchor href={data.downloadUrl} target="_blank" rel="noopener noreferrer" size="xs">
          {t('downloadApp.open')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <QrTile
      testId={`download-app-${type}`}
      src={data?.qrCode ?? null}
      alt={t('downloadApp.qrAlt', { platform: name })}
      loading={app.isPending}
      title={name}
      caption={caption}
      fallback={
        <>
          <Icon size={28} stroke={1.4} color="var(--mantine-color-gray-5)" />
          <Text size="xs" c="dimmed" ta="center">
            {app.isError ? t('loadFailed') : t('downloadApp.unavailable')}
          </Text>
        </>
      }
    />
  );
}

/**
 * The header's download-app button: a popover with the Android and iPhone QR codes of the
 * configured download addresses. It opens by itself once a day, 180 s after the console opens.
 */
export function DownloadAppButton() {
  const { t, ready } = useTranslation(['support', 'common'], { useSuspense: false });
  const [opened, setOpened] = useState(false);

  const open = useCallback(() => {
    markSeenToday(document);
    setOpened(true);
  }, []);

  useEffect(() => {
    if (seenToday(document)) return;
    const timer = window.setTimeout(() => {
      // Another tab may have shown it in the meantime.
      if (!seenToday(document)) open();
    }, DOWNLOAD_POPOVER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [open]);

  if (!ready) return null;

  return (
    <HeaderPopover
      label={t('downloadApp.label')}
      icon={<IconDeviceMobile size={20} stroke={1.6} />}
      title={t('downloadApp.title')}
      hint={t('downloadApp.hint')}
      opened={opened}
      onOpenedChange={setOpened}
      onToggle={() => (opened ? setOpened(false) : open())}
      testId="download-app"
    >
      <Group gap="md" justify="center" align="flex-start" wrap="nowrap">
        {APPS.map((app) => (
          <AppCode key={app.type} {...app} />
        ))}
      </Group>
    </HeaderPopover>
  );
}
