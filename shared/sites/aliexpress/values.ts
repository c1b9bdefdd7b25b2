import { absolute } from '../common/values';

/** The original of an AliExpress CDN image: size suffixes (`_640x640.jpg`, `_.webp`) cut. */
export function originalImage(url: string | null): string | null {
  const full = absolute(url);
  if (!full) return null;
  return full.replace(
    /(\.(?:jpe?g|png|gif|webp))(?:_\d+x\d+(?:q\d+)?\.(?:jpe?g|png|webp))?(?:_\.(?:webp|avif))?$/i,
    '$1',
  );
}
