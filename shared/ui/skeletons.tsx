import { Skeleton, Stack, type StackProps } from '@mantine/core';

/**
 * Keys for a loading state's placeholder rows. The rows have no identity of their own and never
 * reorder, so a fixed name per position is a stable key.
 */
export function placeholderKeys(count: number): string[] {
  return Array.from({ length: count }, (_, position) => `placeholder-${position}`);
}

/** A column of equal bars standing in for a list while it loads. */
export function SkeletonRows({
  rows,
  height,
  radius,
  ...stack
}: { rows: number; height: number; radius?: string } & StackProps) {
  return (
    <Stack gap="sm" aria-busy {...stack}>
      {placeholderKeys(rows).map((key) => (
        <Skeleton key={key} height={height} {...(radius ? { radius } : {})} />
      ))}
    </Stack>
  );
}
