import { randomBytes, randomInt } from 'node:crypto';
import { encodePng } from '../../lib/png';

export const PUZZLE_WIDTH = 320;
export const PUZZLE_HEIGHT = 160;
/** The piece's canvas: a 44px square with a round tab on its top and on its right. */
export const PIECE_SIZE = 56;
const SQUARE = 44;
const TAB = 8;
/** Where on the row holes may sit, and how far apart they stay (a tab's width between them). */
const HOLE_MIN_X = 4;
const HOLE_MAX_X = PUZZLE_WIDTH - PIECE_SIZE - 4;
const HOLE_SPACING = SQUARE + 2 * TAB + 6;
/** Other holes tried beside the gap (as many as fit). */
const DECOYS = 3;
/**
 * How much a hole darkens what shows through it: the gap a little less than the others on
 * average (ranges overlapping), so the darkest hole is rarely the gap; a person goes by shape.
 */
const GAP_SHADE = [0.55, 0.77] as const;
const DECOY_SHADE = [0.45, 0.69] as const;
/** How strongly the bottom and right outer edges of a hole catch the light. */
const RIM_LIGHT = 0.3;

/** Which sides of the square carry a tab: 1 sticks out, -1 cuts in. */
interface Tabs {
  top?: 1 | -1;
  right?: 1 | -1;
  bottom?: 1 | -1;
  left?: 1 | -1;
}

/** The piece: tabs out on the top and the right. */
const PIECE_TABS: Tabs = { top: 1, right: 1 };
/**
 * The other holes' shapes: each differs from the piece by at least one side a person sees at a
 * glance (a tab on another side, or cut in instead of out).
 */
const DECOY_TABS: Tabs[] = [
  { top: 1, left: 1 },
  { right: 1, bottom: 1 },
  { top: 1, bottom: 1 },
  { left: 1, right: 1 },
];

/** Whether a point is within a tab's circle centred at (cx, cy). */
function nearTab(x: number, y: number, cx: number, cy: number): boolean {
  return (x - cx) ** 2 + (y - cy) ** 2 <= TAB ** 2;
}

/** Whether a point, relative to the square's top-left corner, belongs to a shape. */
function inShape(x: number, y: number, tabs: Tabs): boolean {
  const half = SQUARE / 2;
  let inside = x >= 0 && x < SQUARE && y >= 0 && y < SQUARE;
  if (tabs.top && nearTab(x, y, half, 0)) inside = tabs.top === 1;
  if (tabs.right && nearTab(x, y, SQUARE, half)) inside = tabs.right === 1;
  if (tabs.bottom && nearTab(x, y, half, SQUARE)) inside = tabs.bottom === 1;
  if (tabs.left && nearTab(x, y, 0, half)) inside = tabs.left === 1;
  return inside;
}

/** Whether a point of the piece canvas belongs to the piece (its square starts TAB below the top). */
function inPiece(px: number, py: number): boolean {
  return inShape(px, py - TAB, PIECE_TABS);
}

function onPieceEdge(px: number, py: number): boolean {
  if (!inPiece(px, py)) return false;
  return (
    !inPiece(px - 1, py) || !inPiece(px + 1, py) || !inPiece(px, py - 1) || !inPiece(px, py + 1)
  );
}

/** Fast numbers for the picture's texture (sfc32), seeded from the system's random source. */
function textureRandom(): () => number {
  const seed = randomBytes(16);
  let a = seed.readUInt32LE(0);
  let b = seed.readUInt32LE(4);
  let c = seed.readUInt32LE(8);
  let d = seed.readUInt32LE(12);
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

const clamp = (value: number) => Math.max(0, Math.min(255, Math.round(value)));

function tone(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/**
 * A random landscape: two hues blended across, soft blobs, shapes with hard and soft edges in light
 * and dark colours (so edges and dark patches are everywhere, not only at the gap), grain, and
 * glints and streaks of pure white (so white marks nothing).
 */
function paintBackground(random: () => number): Uint8Array {
  const W = PUZZLE_WIDTH;
  const H = PUZZLE_HEIGHT;
  const pick = (min: number, max: number) => min + random() * (max - min);
  const hue = pick(0, 360);
  const from = tone(hue, 0.55, 0.6);
  const to = tone((hue + 70 + pick(0, 90)) % 360, 0.5, 0.45);
  const rgb = [new Float32Array(W * H), new Float32Array(W * H), new Float32Array(W * H)];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const mix = (x / W) * 0.7 + (y / H) * 0.3;
      for (let c = 0; c < 3; c++)
        (rgb[c] as Float32Array)[y * W + x] = (from[c] ?? 0) * (1 - mix) + (to[c] ?? 0) * mix;
    }
  const box = (
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    paint: (x: number, y: number, i: number) => void,
  ) => {
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(H, Math.ceil(y1)); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(W, Math.ceil(x1)); x++)
        paint(x, y, y * W + x);
  };
  for (let n = 0; n < 8; n++) {
    const bx = pick(0, W);
    const by = pick(0, H);
    const r = pick(18, 60);
    const lift = (random() < 0.5 ? -1 : 1) * pick(18, 48);
    box(bx - r, by - r, bx + r, by + r, (x, y, i) => {
      const d = Math.hypot(x - bx, y - by);
      if (d < r) for (const channel of rgb) channel[i] = (channel[i] ?? 0) + lift * (1 - d / r);
    });
  }
  const shapes = 12 + Math.floor(random() * 8);
  for (let n = 0; n < shapes; n++) {
    const disc = random() < 0.5;
    const sx = pick(-20, W);
    const sy = pick(-10, H);
    const w = pick(8, 70);
    const h = pick(6, 50);
    const soft = random() < 0.5 ? pick(2, 10) : 0.8;
    const dark = random() < 0.5;
    const colour = tone(pick(0, 360), pick(0.2, 0.7), dark ? pick(0.12, 0.35) : pick(0.6, 0.92));
    const alpha = pick(0.35, 0.85);
    const reach = soft + 1;
    const [x0, y0, x1, y1] = disc
      ? [sx - w - reach, sy - h - reach, sx + w + reach, sy + h + reach]
      : [sx - reach, sy - reach, sx + w + reach, sy + h + reach];
    box(x0, y0, x1, y1, (x, y, i) => {
      const outside = disc
        ? Math.hypot((x - sx) / w, (y - sy) / h) * w - w
        : Math.max(sx - x, x - sx - w, sy - y, y - sy - h);
      const cover = Math.max(0, Math.min(1, 0.5 - outside / soft)) * alpha;
      if (cover > 0)
        for (let c = 0; c < 3; c++) {
          const channel = rgb[c] as Float32Array;
          channel[i] = (channel[i] ?? 0) * (1 - cover) + (colour[c] ?? 0) * cover;
        }
    });
  }
  const pixels = new Uint8Array(W * H * 4);
  for (let i = 0; i < W * H; i++) {
    const grain = (random() - 0.5) * 22;
    for (let c = 0; c < 3; c++)
      pixels[i * 4 + c] = clamp(((rgb[c] as Float32Array)[i] ?? 0) + grain);
    pixels[i * 4 + 3] = 255;
  }
  // Glints and streaks of pure white, some of them on the row of the holes.
  const glints = 6 + Math.floor(random() * 8);
  for (let g = 0; g < glints; g++) {
    const x0 = Math.floor(pick(0, W));
    const y0 = Math.floor(pick(0, H));
    const length = Math.floor(pick(2, 40));
    const slope = random() < 0.6 ? 0 : pick(-0.6, 0.6);
    for (let k = 0; k < length; k++) {
      const x = x0 + k;
      const y = Math.round(y0 + k * slope);
      if (x >= W || y < 0 || y >= H) break;
      pixels.fill(255, (y * W + x) * 4, (y * W + x) * 4 + 3);
    }
  }
  return pixels;
}

/** Box blur of a square field (radius r), used to soften a hole's edges. */
function blur(field: Float32Array, size: number, r: number): Float32Array {
  const once = (input: Float32Array, dx: number, dy: number) => {
    const out = new Float32Array(size * size);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        let sum = 0;
        for (let k = -r; k <= r; k++) {
          const sx = x + k * dx;
          const sy = y + k * dy;
          if (sx >= 0 && sy >= 0 && sx < size && sy < size) sum += input[sy * size + sx] ?? 0;
        }
        out[y * size + x] = sum / (2 * r + 1);
      }
    return out;
  };
  return once(once(field, 1, 0), 0, 1);
}

/**
 * Cuts a hole of a shape into the picture the way light would show it: darker inside (by its own
 * random shade, with the picture still showing through and fresh grain on it), a soft shadow
 * along the top and left inner edges and a faint light along the bottom and right outer edges,
 * all feathered. No line of one colour traces it.
 */
function cutHole(
  pixels: Uint8Array,
  random: () => number,
  square: { x: number; y: number },
  tabs: Tabs,
  decoy: boolean,
): void {
  const margin = TAB + 6;
  const size = SQUARE + 2 * margin;
  const mask = new Float32Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      mask[y * size + x] = inShape(x - margin, y - margin, tabs) ? 1 : 0;
  const soft = blur(mask, size, 1);
  // Each hole its own shade, lighter on one side than the other.
  const [lightest, darkest] = decoy ? DECOY_SHADE : GAP_SHADE;
  const shade = lightest + random() * (darkest - lightest);
  const angle = random() * 2 * Math.PI;
  const slope = [Math.cos(angle) * 0.14, Math.sin(angle) * 0.14];
  const at = (field: Float32Array, x: number, y: number) =>
    x >= 0 && y >= 0 && x < size && y < size ? (field[y * size + x] ?? 0) : 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = square.x - margin + x;
      const py = square.y - margin + y;
      if (px < 0 || py < 0 || px >= PUZZLE_WIDTH || py >= PUZZLE_HEIGHT) continue;
      const inside = at(soft, x, y);
      // Shadow: inside, near an edge on the top or left (where the shape shifted down-right ends).
      const shadow = inside * (1 - at(soft, x - 3, y - 3));
      // Light: outside, just past an edge on the bottom or right.
      const light = Math.max(0, at(soft, x - 2, y - 2) - inside) * RIM_LIGHT;
      if (inside === 0 && light === 0) continue;
      const tilt =
        ((x - size / 2) * (slope[0] ?? 0) + (y - size / 2) * (slope[1] ?? 0)) / (size / 2);
      const factor = 1 - inside * (1 - shade - tilt) - shadow * 0.22;
      const grain = (random() - 0.5) * 14 * inside;
      const i = (py * PUZZLE_WIDTH + px) * 4;
      for (let c = 0; c < 3; c++) {
        const value = (pixels[i + c] ?? 0) * factor + grain;
        pixels[i + c] = clamp(Math.min(250, value + (250 - value) * 0.35 * light));
      }
    }
  }
}

/** Where the other holes go on the gap's row: apart from the gap and from each other. */
function decoyPlaces(targetX: number, random: () => number): number[] {
  const taken = [targetX];
  for (let n = 0; n < DECOYS; n++) {
    for (let attempt = 0; attempt < 60; attempt++) {
      const x = Math.floor(HOLE_MIN_X + random() * (HOLE_MAX_X - HOLE_MIN_X));
      if (taken.every((other) => Math.abs(other - x) >= HOLE_SPACING)) {
        taken.push(x);
        break;
      }
    }
  }
  return taken.slice(1);
}

export interface Puzzle {
  targetX: number;
  pieceY: number;
  background: Buffer;
  piece: Buffer;
}

/**
 * A new puzzle: the picture with the gap at (targetX, pieceY) and, on the same row, up to three
 * holes of other shapes; the piece is cut from the picture at the gap, to be dragged there along
 * its row. A person finds the gap by the piece's shape (and the picture going on through it); a
 * script that looks for the white outline, the darkest place or the hardest edge finds a hole of
 * the wrong shape, a glint or a shadow of the picture as often. The gap never sits at the start.
 */
export function makePuzzle(): Puzzle {
  const targetX = randomInt(PIECE_SIZE + 24, PUZZLE_WIDTH - PIECE_SIZE - 8);
  const pieceY = randomInt(6, PUZZLE_HEIGHT - PIECE_SIZE - 6);
  const random = textureRandom();
  const background = paintBackground(random);
  const piece = new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4);
  for (let py = 0; py < PIECE_SIZE; py++) {
    for (let px = 0; px < PIECE_SIZE; px++) {
      if (!inPiece(px, py)) continue;
      const bi = ((pieceY + py) * PUZZLE_WIDTH + (targetX + px)) * 4;
      const pi = (py * PIECE_SIZE + px) * 4;
      const edge = onPieceEdge(px, py);
      for (let c = 0; c < 3; c++) {
        const value = background[bi + c] ?? 0;
        piece[pi + c] = edge ? clamp(value + (255 - value) * 0.55) : value;
      }
      piece[pi + 3] = 255;
    }
  }
  const holes = [
    { x: targetX, tabs: PIECE_TABS, decoy: false },
    ...decoyPlaces(targetX, random).map((x) => ({
      x,
      tabs: DECOY_TABS[Math.floor(random() * DECOY_TABS.length)] ?? { top: 1, left: 1 },
      decoy: true,
    })),
  ];
  for (const hole of holes)
    cutHole(background, random, { x: hole.x, y: pieceY + TAB }, hole.tabs, hole.decoy);
  return {
    targetX,
    pieceY,
    background: encodePng(PUZZLE_WIDTH, PUZZLE_HEIGHT, background),
    piece: encodePng(PIECE_SIZE, PIECE_SIZE, piece),
  };
}
