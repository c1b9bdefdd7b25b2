import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Image,
  Loader,
  Modal,
  Overlay,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { useWechatBindQr, useWechatBindStatus } from '@shared/queries/profile';
import { useErrorText } from '@shared/ui/error-message';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

const QR_SIZE = 240;

/** The current time, moving once a second while mounted. */
function useNow(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** 283 -> "4:43". */
function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A fresh binding QR code with its countdown, asked about every 2 s. Mounted only while the modal
 * is open, so every opening shows a new code and nothing polls once it is closed.
 */
function BindWechatBody({ onBound }: { onBound(): void }) {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useErrorText();
  const qr = useWechatBindQr(true);
  const now = useNow();
  const code = qr.data;
  const left = code
    ? Math.min(
        code.expiresInSeconds,
        Math.max(0, Math.ceil((qr.dataUpdatedAt + code.expiresInSeconds * 1000 - now) / 1000)),
      )
    : 0;
  const renewing = qr.isFetching;
  const timedOut = code !== undefined && left === 0 && !renewing;
  const status = useWechatBindStatus(code?.sceneId ?? null, !timedOut && !renewing);
  const handled = useRef<string | null>(null);

  const outcome = status.data;
  useEffect(() => {
    if (outcome === 'bound' && code && handled.current !== code.sceneId) {
      handled.current = code.sceneId;
      onBound();
    }
  }, [outcome, code, onBound]);

  const expired = !renewing && (timedOut || outcome === 'expired');
  const taken = !renewing && outcome === 'taken';
  const live = code !== undefined && !expired && !taken && outcome !== 'bound';

  return (
    <Stack align="center" gap="sm">
      <Text size="sm" ta="center">
        {t('wechat.bindModal.instructions')}
      </Text>
      <Box pos="relative" w={QR_SIZE} h={QR_SIZE}>
        {code ? (
          <Image
            src={code.qrImage}
            alt={t('wechat.bindModal.qrAlt')}
            w={QR_SIZE}
            h={QR_SIZE}
            radius="sm"
            data-testid="wechat-qr"
            style={{ opacity: renewing ? 0.3 : 1 }}
          />
        ) : (
          <Skeleton w={QR_SIZE} h={QR_SIZE} radius="sm" />
        )}
        {(expired || taken) && (
          <Overlay color="#fff" backgroundOpacity={0.94} radius="sm" center zIndex={1}>
            <Stack align="center" gap="sm" p="md">
              <Text size="sm" fw={600} ta="center" role="alert" data-testid="wechat-qr-problem">
                {taken ? t('wechat.bindModal.taken') : t('wechat.bindModal.expired')}
              </Text>
              <Button
                size="xs"
                leftSection={<IconRefresh size={14} />}
                onClick={() => void qr.refetch()}
              >
                {t('wechat.bindModal.refresh')}
              </Button>
            </Stack>
          </Overlay>
        )}
      </Box>
      {live && (
        <Group gap={8} justify="center">
          <Loader size={14} type="dots" />
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('wechat.bindModal.waiting')}
          </Text>
          <Text size="sm" c="dimmed" data-testid="wechat-qr-countdown">
            {t('wechat.bindModal.expiresIn', { time: minutesAndSeconds(left) })}
          </Text>
        </Group>
      )}
      {qr.isError && (
        <Alert color="red" variant="light" role="alert" w="100%">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{errorText(qr.error)}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void qr.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {status.isError && (
        <Text size="xs" c="red" role="alert">
          {errorText(status.error)}
        </Text>
      )}
      {code && (
        <Anchor
          href={code.scanUrl}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          c="dimmed"
          data-testid="wechat-scan-link"
        >
          <Group gap={4} component="span" wrap="nowrap">
            {t('wechat.bindModal.openScanPage')}
            <IconExternalLink size={12} />
          </Group>
        </Anchor>
      )}
    </Stack>
  );
}

/** Binding WeChat by scanning a QR code; `onBound` runs once the server says the scan bound it. */
export function BindWechatModal({
  opened,
  onClose,
  onBound,
}: {
  opened: boolean;
  onClose(): void;
  onBound(): void;
}) {
  const { t } = useTranslation('settings');
  return (
    <Modal opened={opened} onClose={onClose} title={t('wechat.bindModal.title')} centered>
      <BindWechatBody onBound={onBound} />
    </Modal>
  );
}
