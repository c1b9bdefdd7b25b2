import { Anchor, Group, Image, Stack } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './product-cell.module.css';

/** What stands in for a picture that does not load (a grey square with a mountain and sun). */
export const IMAGE_PLACEHOLDER = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="#f1f3f5"/><circle cx="18" cy="18" r="4" fill="#ced4da"/><path d="M8 38l11-12 7 8 5-5 9 9z" fill="#ced4da"/></svg>',
)}`;

/** A product's picture, small; a placeholder when it has none or it fails to load. */
export function Thumbnail({
  src,
  size = 56,
  w = size,
  h = size,
  radius = 'sm',
}: {
  src: string | null;
  size?: number;
  w?: number;
  h?: number;
  radius?: 'xs' | 'sm';
}) {
  return src ? (
    <Image
      src={src}
      alt=""
      w={w}
      h={h}
      radius={radius}
      fit="cover"
      className={classes.thumbnail}
      referrerPolicy="no-referrer"
      loading="lazy"
      fallbackSrc={IMAGE_PLACEHOLDER}
    />
  ) : (
    <div className={classes.thumbnailEmpty} style={{ width: w, height: h }} aria-hidden>
      <IconPhoto size={Math.min(w, h) / 2.5} stroke={1.4} />
    </div>
  );
}

/**
 * A product list's first cell: the picture, the title (two lines at most) linking to the
 * product's page, and what the list says under it.
 */
export function ProductCell({
  picture,
  title,
  to,
  id,
  titleTestId,
  minWidth,
  children,
}: {
  /** The picture, a `Thumbnail`. */
  picture: ReactNode;
  title: string;
  /** The product's page, opened with `?id`. */
  to: string;
  id: string;
  titleTestId: string;
  minWidth: number;
  children?: ReactNode;
}) {
  return (
    <Group gap="sm" wrap="nowrap" miw={minWidth}>
      {picture}
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Anchor
          renderRoot={(props) => <Link {...props} to={to} search={{ id }} />}
          size="sm"
          fw={600}
          lineClamp={2}
          data-testid={titleTestId}
        >
          {title}
        </Anchor>
        {children}
      </Stack>
    </Group>
  );
}
