import { create } from 'qrcode';
import { useMemo } from 'react';

/** Light modules around the symbol, as scanners expect. */
const QUIET_ZONE = 4;

/** One SVG path of every dark module of the QR code for `content`. */
function modulesPath(content: string): { size: number; path: string } {
  const { modules } = create(content, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.data[row * modules.size + col])
        parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') };
}

/** A QR code drawn as SVG from its content (a payment link or an EMVCo payload). */
export function QrCode({
  content,
  label,
  size = 220,
}: {
  content: string;
  label: string;
  size?: number;
}) {
  const symbol = useMemo(() => modulesPath(content), [content]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${symbol.size} ${symbol.size}`}
      shapeRendering="crispEdges"
      data-testid="payment-qr"
      data-content={content}
    >
      <rect width={symbol.size} height={symbol.size} fill="#fff" />
      <path d={symbol.path} fill="#000" />
    </svg>
  );
}
