import { Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Profile } from '@shared/contracts/accounts';
import { useRefreshProfile } from '@shared/queries/profile';
import { toast } from '@shared/ui/toast';
import { IconBrandWechat, IconLink, IconUnlink } from '@tabler/icons-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDate, useSettingsPermission } from './settings-common';
import { BindWechatModal } from './settings-wechat-bind-modal';
import { UnbindWechatModal } from './settings-wechat-unbind-modal';

/** WeChat sign-in: bind by scanning a QR code, unbind with an e-mailed code (`bindWechat` button). */
export function SettingsWechatCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'common']);
  const formatDate = useFormatDate();
  const canBind = useSettingsPermission('bindWechat');
  const refreshProfile = useRefreshProfile();
  const [modal, setModal] = useState<'bind' | 'unbind' | null>(null);
  const close = useCallback(() => setModal(null), []);
  const { wechat } = profile;

  const bound = useCallback(() => {
    setModal(null);
    toast({ color: 'green', message: t('wechat.bindModal.success') });
    void refreshProfile();
  }, [t, refreshProfile]);

  return (
    <Card withBorder radius="md" padding="lg" data-testid="wechat-card">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{t('wechat.title')}</Text>
        <Badge variant="light" color={wechat ? 'green' : 'gray'} data-testid="wechat-state">
          {wechat ? t('wechat.bound') : t('wechat.notBound')}
        </Badge>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="sm" mt="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" variant="light" color={wechat ? 'green' : 'gray'}>
            <IconBrandWechat size={22} />
          </ThemeIcon>
          {wechat ? (
            <Stack gap={0}>
              <Text fw={600} data-testid="wechat-nickname">
                {wechat.nickname}
              </Text>
              <Text size="xs" c="dimmed">
                {t('wechat.boundAt', { date: formatDate(wechat.boundAt) })}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('wechat.description')}
            </Text>
          )}
        </Group>
        {canBind &&
          (wechat ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconUnlink size={16} />}
              onClick={() => setModal('unbind')}
            >
              {t('wechat.unbind')}
            </Button>
          ) : (
            <Button
              leftSection={<IconLink size={16} />}
              onClick={() => setModal('bind')}
              data-testid="wechat-bind"
            >
              {t('wechat.bind')}
            </Button>
          ))}
      </Group>
      {canBind && (
        <>
          <BindWechatModal opened={modal === 'bind'} onClose={close} onBound={bound} />
          <UnbindWechatModal
            opened={modal === 'unbind'}
            email={profile.email}
            onClose={close}
            onDone={close}
          />
        </>
      )}
    </Card>
  );
}
