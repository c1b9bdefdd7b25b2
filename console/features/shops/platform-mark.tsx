import { Group, Text } from '@mantine/core';
import type { Platform } from '@shared/contracts/shops';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '../../components/platform-icon';

/** A marketplace's icon and name. */
export function PlatformMark({
  platform,
  iconUrl,
}: {
  platform: Platform;
  iconUrl?: string | undefined;
}) {
  const { t } = useTranslation('shops');
  return (
    <Group gap={6} wrap="nowrap">
      <PlatformIcon platform={platform} iconUrl={iconUrl} />
      <Text size="sm">{t(`platforms.${platform}`)}</Text>
    </Group>
  );
}
