import { Alert, Button, Group, List, Modal, Stack, Tabs, Text, Title } from '@mantine/core';
import { PLATFORMS } from '@shared/contracts/shops';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const STEPS = ['choose', 'consent', 'back'] as const;
const NOTES = ['takenByOther', 'expiry', 'unbind'] as const;
const PLATFORM_POINTS = {
  lazada: ['guide.platforms.lazada.local', 'guide.platforms.lazada.crossBorder'],
  shopee: ['guide.platforms.shopee.local', 'guide.platforms.shopee.crossBorder'],
  tiktok: ['guide.platforms.tiktok.account', 'guide.platforms.tiktok.global'],
} as const;

/** How shop authorization works, per platform: the guide dialog of spec section 2. */
export function AuthorizeGuideDialog({
  opened,
  onClose,
  onAuthorize,
}: {
  opened: boolean;
  onClose(): void;
  /** Present when the account may authorize: the guide then ends with the way to do it. */
  onAuthorize?: () => void;
}) {
  const { t } = useTranslation(['shops', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('guide.title')} size="lg" centered>
      <Stack gap="md" data-testid="authorize-guide">
        <Stack gap={6}>
          <Title order={4}>{t('guide.stepsTitle')}</Title>
          <List type="ordered" spacing={6} size="sm">
            {STEPS.map((step) => (
              <List.Item key={step}>{t(`guide.steps.${step}`)}</List.Item>
            ))}
          </List>
        </Stack>
        <Tabs defaultValue="lazada" keepMounted={false}>
          <Tabs.List>
            {PLATFORMS.map((platform) => (
              <Tabs.Tab key={platform} value={platform}>
                {t(`platforms.${platform}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {PLATFORMS.map((platform) => (
            <Tabs.Panel key={platform} value={platform} pt="sm">
              <List spacing={6} size="sm">
                {PLATFORM_POINTS[platform].map((point) => (
                  <List.Item key={point}>{t(point)}</List.Item>
                ))}
              </List>
            </Tabs.Panel>
          ))}
        </Tabs>
        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          <Stack gap={6}>
            {NOTES.map((note) => (
              <Text key={note} size="sm">
                {t(`guide.notes.${note}`)}
              </Text>
            ))}
          </Stack>
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
          {onAuthorize && <Button onClick={onAuthorize}>{t('actions.authorize')}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
