import type { Pixels } from './png';

/** What a script knows of a puzzle from the challenge: the picture, the piece and its row. */
export interface SeenPuzzle {
  background: Pixels;
  piece: Pixels;
  pieceY: number;
  pieceSize: number;
}

/** A scan that guesses where the gap starts (the x to drop the piece at), or null for no guess. */
export type Scan = (puzzle: SeenPuzzle) => number | null;

/** Each picture's luminance, worked out once for every scan that reads it. */
const luminanceOf = new WeakMap<Pixels, Float32Array>();
function luminanceMap(image: Pixels): Float32Array {
  let map = luminanceOf.get(image);
  if (!map) {
    map = new Float32Array(image.width * image.height);
    for (let i = 0; i < map.length; i++)
      map[i] =
        0.299 * (image.rgba[i * 4] ?? 0) +
        0.587 * (image.rgba[i * 4 + 1] ?? 0) +
        0.114 * (image.rgba[i * 4 + 2] ?? 0);
    luminanceOf.set(image, map);
  }
  return map;
}

const luminance = (image: Pixels, x: number, y: number) =>
  luminanceMap(image)[y * image.width + x] ?? 0;

const isWhite = (image: Pixels, x: number, y: number) => {
  const i = (y * image.width + x) * 4;
  return image.rgba[i] === 255 && image.rgba[i + 1] === 255 && image.rgba[i + 2] === 255;
};

/** Pure white runs of the picture, row by row: [x where it starts, length]. */
function whiteRuns({ background }: SeenPuzzle): [number, number][] {
  const runs: [number, number][] = [];
  for (let y = 0; y < background.height; y++) {
    let start = -1;
    for (let x = 0; x <= background.width; x++) {
      const white = x < background.width && isWhite(background, x, y);
      if (white && start < 0) start = x;
      if (!white && start >= 0) {
        runs.push([start, x - start]);
        start = -1;
      }
    }
  }
  return runs;
}

/** The script that solved the old puzzle: the gap's outline was the only pure-white run. */
export const longestWhiteRun: Scan = (puzzle) => {
  const runs = whiteRuns(puzzle).sort((a, b) => b[1] - a[1]);
  return runs[0]?.[0] ?? null;
};

/** The same idea by columns: the first column with pure white beside the piece's row. */
export const firstWhiteColumn: Scan = (puzzle) => {
  const { background, pieceY, pieceSize } = puzzle;
  for (let x = 0; x < background.width; x++)
    for (let y = pieceY; y < Math.min(background.height, pieceY + pieceSize); y++)
      if (isWhite(background, x, y)) return x;
  return null;
};

/** The darkest piece-wide band on the piece's row (the gap was darkened). */
export const darkestBand: Scan = ({ background, pieceY, pieceSize }) => {
  const side = pieceSize - 12;
  const columns = Array.from({ length: background.width }, (_, x) => {
    let sum = 0;
    for (let y = pieceY + 8; y < Math.min(background.height, pieceY + 8 + side); y++)
      sum += luminance(background, x, y);
    return sum;
  });
  let best: number | null = null;
  let bestSum = Number.POSITIVE_INFINITY;
  for (let x = 0; x + side <= background.width; x++) {
    let sum = 0;
    for (let dx = 0; dx < side; dx++) sum += columns[x + dx] ?? 0;
    if (sum < bestSum) {
      bestSum = sum;
      best = x;
    }
  }
  return best;
};

/** The column where brightness changes most along the piece's row (the gap's left edge). */
export const strongestEdge: Scan = ({ background, pieceY, pieceSize }) => {
  let best: number | null = null;
  let bestSum = -1;
  for (let x = 1; x < background.width - pieceSize / 2; x++) {
    let sum = 0;
    for (let y = pieceY + 8; y < Math.min(background.height, pieceY + pieceSize); y++)
      sum += Math.abs(luminance(background, x, y) - luminance(background, x - 1, y));
    if (sum > bestSum) {
      bestSum = sum;
      best = x;
    }
  }
  return best;
};

/** Runs of a row where `inside` holds: [from, to) pairs. */
function runsOf(width: number, inside: (x: number) => boolean): [number, number][] {
  const runs: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= width; x++) {
    const on = x < width && inside(x);
    if (on && start < 0) start = x;
    if (!on && start >= 0) {
      runs.push([start, x]);
      start = -1;
    }
  }
  return runs;
}

/**
 * The place where the piece's own outline is darkest inside against a 3 px ring round it: the
 * piece matched against the picture along its row (sums by rows of running totals).
 */
export const shapeContrast: Scan = ({ background, piece, pieceY }) => {
  const pad = 3;
  const opaque = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < piece.width &&
    y < piece.height &&
    (piece.rgba[(y * piece.width + x) * 4 + 3] ?? 0) > 0;
  const near = (x: number, y: number) =>
    opaque(x - pad, y) || opaque(x + pad, y) || opaque(x, y - pad) || opaque(x, y + pad);
  const width = piece.width + 2 * pad;
  // Per row of the piece (with the ring's margin): its inside and ring runs, from x = -pad.
  const rows = Array.from({ length: piece.height + 2 * pad }, (_, r) => {
    const y = r - pad;
    return {
      y,
      inside: runsOf(width, (i) => opaque(i - pad, y)),
      ring: runsOf(width, (i) => !opaque(i - pad, y) && near(i - pad, y)),
    };
  });
  const lum = luminanceMap(background);
  const W = background.width;
  const totals = new Float64Array((W + 1) * background.height);
  for (let y = 0; y < background.height; y++)
    for (let x = 0; x < W; x++)
      totals[y * (W + 1) + x + 1] = (totals[y * (W + 1) + x] ?? 0) + (lum[y * W + x] ?? 0);
  const span = (y: number, from: number, to: number): [number, number] => {
    const a = Math.max(0, from);
    const b = Math.min(W, to);
    if (y < 0 || y >= background.height || b <= a) return [0, 0];
    return [(totals[y * (W + 1) + b] ?? 0) - (totals[y * (W + 1) + a] ?? 0), b - a];
  };
  let best: number | null = null;
  let bestContrast = Number.POSITIVE_INFINITY;
  for (let at = 0; at + piece.width <= W; at++) {
    let inSum = 0;
    let inCount = 0;
    let ringSum = 0;
    let ringCount = 0;
    for (const row of rows) {
      const y = pieceY + row.y;
      for (const [from, to] of row.inside) {
        const [sum, n] = span(y, at - pad + from, at - pad + to);
        inSum += sum;
        inCount += n;
      }
      for (const [from, to] of row.ring) {
        const [sum, n] = span(y, at - pad + from, at - pad + to);
        ringSum += sum;
        ringCount += n;
      }
    }
    const contrast = inSum / Math.max(1, inCount) - ringSum / Math.max(1, ringCount);
    if (contrast < bestContrast) {
      bestContrast = contrast;
      best = at;
    }
  }
  return best;
};

export const SCANS = {
  longestWhiteRun,
  firstWhiteColumn,
  darkestBand,
  strongestEdge,
  shapeContrast,
};
