import { Avatar } from '@mantine/core';
import type { Platform, PlatformType } from '@shared/contracts/shops';
import { usePlatformTypes } from '@shared/queries/shops';
import { useMemo } from 'react';

const PLATFORM_COLORS = {
  lazada: 'indigo',
  shopee: 'orange',
  tiktok: 'dark',
} as const satisfies Record<Platform, string>;

/** The marketplaces' icons from the platform list, by platform (empty until it loads, or if it fails). */
export function usePlatformIcons(): Partial<Record<Platform, string>> {
  const platforms = usePlatformTypes();
  return useMemo(() => iconsOf(platforms.data ?? []), [platforms.data]);
}

function iconsOf(list: readonly PlatformType[]): Partial<Record<Platform, string>> {
  return Object.fromEntries(
    list.filter((entry) => entry.iconUrl).map((entry) => [entry.platformType, entry.iconUrl]),
  );
}

/** A marketplace's icon (its initial on the brand colour when there is none). */
export function PlatformIcon({
  platform,
  iconUrl,
  size = 22,
}: {
  platform: Platform;
  iconUrl?: string | undefined;
  size?: number;
}) {
  return (
    <Avatar
      src={iconUrl || null}
      alt=""
      size={size}
      radius="sm"
      color={PLATFORM_COLORS[platform]}
      variant="filled"
      aria-hidden
    >
      {platform.charAt(0).toUpperCase()}
    </Avatar>
  );
}
