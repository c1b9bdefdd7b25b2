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

const luminance = (image: Pixels, x: number, y: number) => {
  const i = (y * image.width + x) * 4;
  return (
    0.299 * (image.rgba[i] ?? 0) +
    0.587 * (image.rgba[i + 1] ?? 0) +
    0.114 * (image.rgba[i + 2] ?? 0)
  );
};

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
  let best: number | null = null;
  let bestMean = Number.POSITIVE_INFINITY;
  const side = pieceSize - 12;
  for (let x = 0; x + side <= background.width; x++) {
    let sum = 0;
    for (let y = pieceY + 8; y < pieceY + 8 + side; y++)
      for (let dx = 0; dx < side; dx++) sum += luminance(background, x + dx, y);
    if (sum < bestMean) {
      bestMean = sum;
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

/** The place where the piece's own outline is darkest inside against its surroundings. */
export const shapeContrast: Scan = ({ background, piece, pieceY }) => {
  const inside: [number, number][] = [];
  const ring: [number, number][] = [];
  const opaque = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < piece.width &&
    y < piece.height &&
    (piece.rgba[(y * piece.width + x) * 4 + 3] ?? 0) > 0;
  for (let y = -3; y < piece.height + 3; y++)
    for (let x = -3; x < piece.width + 3; x++) {
      if (opaque(x, y)) inside.push([x, y]);
      else if (opaque(x - 3, y) || opaque(x + 3, y) || opaque(x, y - 3) || opaque(x, y + 3))
        ring.push([x, y]);
    }
  let best: number | null = null;
  let bestContrast = Number.POSITIVE_INFINITY;
  const mean = (points: [number, number][], at: number) => {
    let sum = 0;
    let n = 0;
    for (const [x, y] of points) {
      const px = at + x;
      const py = pieceY + y;
      if (px < 0 || py < 0 || px >= background.width || py >= background.height) continue;
      sum += luminance(background, px, py);
      n++;
    }
    return n ? sum / n : 0;
  };
  for (let at = 0; at + piece.width <= background.width; at++) {
    const contrast = mean(inside, at) - mean(ring, at);
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
