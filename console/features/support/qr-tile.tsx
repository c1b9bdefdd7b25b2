import { Image, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** QR codes are drawn at this size (CSS px); the server renders them at 240 px for sharp screens. */
const QR_SIZE = 132;

/** One QR code with its caption under it; a skeleton of the same size while it loads. */
export function QrTile({
  src,
  alt,
  title,
  caption,
  loading = false,
  fallback,
  testId,
}: {
  src: string | null;
  alt: string;
  title: string;
  caption?: ReactNode;
  loading?: boolean;
  /** What stands in the code's place when there is none. */
  fallback?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack gap={6} align="center" w={QR_SIZE} data-testid={testId}>
      {loading ? (
        <Skeleton w={QR_SIZE} h={QR_SIZE} radius="md" />
      ) : src ? (
        <Image
          src={src}
          alt={alt}
          w={QR_SIZE}
          h={QR_SIZE}
          radius="md"
          fit="contain"
          bd="1px solid var(--mantine-color-gray-3)"
          p={4}
          bg="white"
        />
      ) : (
        <Stack
          w={QR_SIZE}
          h={QR_SIZE}
          justify="center"
          align="center"
          bg="gray.0"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
          p="xs"
        >
          {fallback}
        </Stack>
      )}
      <Text size="sm" fw={600} ta="center">
        {title}
      </Text>
      {caption ? (
        <Text component="div" size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {caption}
        </Text>
      ) : null}
    </Stack>
  );
}
