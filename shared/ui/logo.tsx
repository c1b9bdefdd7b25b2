import { useId } from 'react';

/** The product mark: a parcel crossing a border, in the brand colour. */
export function LogoMark({ size = 32 }: { size?: number }) {
  // Each instance its own gradient: a shared id would resolve to a copy inside a hidden subtree.
  const gradient = `cmp-logo-${useId().replace(/:/g, '')}`;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role="img"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f07a5a" />
          <stop offset="1" stopColor="#eb5850" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradient})`} />
      <path
        d="M9 12.5 16 9l7 3.5v7L16 23l-7-3.5z"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M9 12.5 16 16l7-3.5M16 16v7"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
