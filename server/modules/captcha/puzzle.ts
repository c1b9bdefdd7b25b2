import { randomInt } from 'node:crypto';
import { encodePng } from '../../lib/png';

export const PUZZLE_WIDTH = 320;
export const PUZZLE_HEIGHT = 160;
/** The piece's canvas: a 44px square with a round tab on its top and on its right. */
export const PIECE_SIZE = 56;
const SQUARE = 44;
const TAB = 8;

/** Whether a point of the piece canvas belongs to the piece. */
function inPiece(px: number, py: number): boolean {
  const inSquare = px >= 0 && px < SQUARE && py >= TAB && py < TAB + SQUARE;
  const top = (px - SQUARE / 2) ** 2 + (py - TAB) ** 2 <= TAB ** 2;
  const right = (px - SQUARE) ** 2 + (py - (TAB + SQUARE / 2)) ** 2 <= TAB ** 2;
  return inSquare || top || right;
}

function onEdge(px: number, py: number): boolean {
  if (!inPiece(px, py)) return false;
  return (
    !inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1)
  );
}

/** A soft, random landscape of colour: two hues blended across, with blobs and grain. */
function paintBackground(): Uint8Array {
  const pixels = new Uint8Array(PUZZLE_WIDTH * PUZZLE_HEIGHT * 4);
  const hue = randomInt(0, 360);
  const tone = (h: number, s: number, l: number): [number, number, number] => {
    const a = s * Math.min(l, 1 - l);
    const f = (n: number) => {
      const k = (n + h / 30) % 12;
      return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    };
    return [f(0) * 255, f(8) * 255, f(4) * 255];
  };
  const from = tone(hue, 0.55, 0.62);
  const to = tone((hue + 70 + randomInt(0, 90)) % 360, 0.5, 0.45);
  const blobs = Array.from({ length: 7 }, () => ({
    x: randomInt(0, PUZZLE_WIDTH),
    y: randomInt(0, PUZZLE_HEIGHT),
    r: randomInt(18, 60),
    lift: (randomInt(0, 2) === 0 ? -1 : 1) * randomInt(18, 42),
  }));
  for (let y = 0; y < PUZZLE_HEIGHT; y++) {
    for (let x = 0; x < PUZZLE_WIDTH; x++) {
      const mix = (x / PUZZLE_WIDTH) * 0.7 + (y / PUZZLE_HEIGHT) * 0.3;
      let lift = randomInt(-10, 11);
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y);
        if (d < blob.r) lift += blob.lift * (1 - d / blob.r);
      }
      const i = (y * PUZZLE_WIDTH + x) * 4;
      for (let c = 0; c < 3; c++) {
        const base = (from[c] ?? 0) * (1 - mix) + (to[c] ?? 0) * mix;
        // Stays below pure white, which only the gap's outline uses.
        pixels[i + c] = Math.max(0, Math.min(235, Math.round(base + lift)));
      }
      pixels[i + 3] = 255;
    }
  }
  return pixels;
}

export interface Puzzle {
  targetX: number;
  pieceY: number;
  background: Buffer;
  piece: Buffer;
}

/**
 * A new puzzle: the picture with a darkened, outlined gap at (targetX, pieceY), and the piece cut
 * from the same place, to be dragged there along its row. The gap never sits at the start.
 */
export function makePuzzle(): Puzzle {
  const targetX = randomInt(PIECE_SIZE + 24, PUZZLE_WIDTH - PIECE_SIZE - 8);
  const pieceY = randomInt(6, PUZZLE_HEIGHT - PIECE_SIZE - 6);
  const background = paintBackground();
  const piece = new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4);
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      if (!inPiece(px, py)) continue;
      const bi = ((pieceY + py) * PUZZLE_WIDTH + (targetX + px)) * 4;
      const pi = (py * PIECE_SIZE + px) * 4;
      const edge = onEdge(px, py);
      for (let c = 0; c < 3; c++) {
        const value = background[bi + c] ?? 0;
        piece[pi + c] = edge ? 255 : value;
        background[bi + c] = edge ? 255 : Math.round(value * 0.42);
      }
      piece[pi + 3] = 255;
    }
  }
  return {
    targetX,
    pieceY,
    background: encodePng(PUZZLE_WIDTH, PUZZLE_HEIGHT, background),
    piece: encodePng(PIECE_SIZE, PIECE_SIZE, piece),
  };
}
