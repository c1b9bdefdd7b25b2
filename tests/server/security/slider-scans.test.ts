import { captchaChallenges } from '@server/db/schema/index';
import { makePuzzle, PIECE_SIZE } from '@server/modules/captcha/puzzle';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../support/app';
import { decodeDataUrl, decodePng } from '../../support/png';
import {
  darkestBand,
  firstWhiteColumn,
  longestWhiteRun,
  type Scan,
  type SeenPuzzle,
  shapeContrast,
  strongestEdge,
} from '../../support/slider-attacks';

/**
 * The slider must not fall to a script that scans the picture: the white outline the old gap
 * had, the darkest place on the piece's row, the hardest edge there, or the piece's outline
 * matched against the picture. A scan "solves" a puzzle when its guess lands within the server's
 * tolerance (5 px) of the gap.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PUZZLES = 100;
const TOLERANCE = 5;

const seen = Array.from({ length: PUZZLES }, () => {
  const puzzle = makePuzzle();
  return {
    targetX: puzzle.targetX,
    picture: {
      background: decodePng(puzzle.background),
      piece: decodePng(puzzle.piece),
      pieceY: puzzle.pieceY,
      pieceSize: PIECE_SIZE,
    } satisfies SeenPuzzle,
  };
});

function solvedShare(scan: Scan): number {
  let solved = 0;
  for (const { targetX, picture } of seen) {
    const guess = scan(picture);
    if (guess !== null && Math.abs(guess - targetX) <= TOLERANCE) solved++;
  }
  return solved / PUZZLES;
}

describe(`scans over ${PUZZLES} puzzles`, () => {
  it.each([
    ['the longest pure-white run', longestWhiteRun],
    ['the first column with pure white on the row', firstWhiteColumn],
  ])('%s solves almost none (the old puzzle: every one)', (_, scan) => {
    expect(solvedShare(scan)).toBeLessThanOrEqual(0.1);
  });

  it.each([
    ['the darkest band on the row', darkestBand],
    ['the hardest edge on the row', strongestEdge],
    ['the piece’s outline darkest against its surroundings', shapeContrast],
  ])('%s fails most of the time', (_, scan) => {
    expect(solvedShare(scan)).toBeLessThanOrEqual(0.4);
  });

  it('every puzzle has its gap on the row and room to drag to it', () => {
    for (const { targetX, picture } of seen) {
      expect(targetX).toBeGreaterThanOrEqual(PIECE_SIZE + 24);
      expect(targetX + PIECE_SIZE).toBeLessThanOrEqual(picture.background.width);
      expect(picture.pieceY + PIECE_SIZE).toBeLessThanOrEqual(picture.background.height);
    }
  });
});

describe('a challenge as served', () => {
  it('draws no white outline round the gap, and still takes a human drag to it', async () => {
    const challenge = await t.call('GET', '/api-user/public/slider/challenge');
    const datas = challenge.body.datas;
    const [row] = await t.db
      .select()
      .from(captchaChallenges)
      .where(eq(captchaChallenges.id, datas.id));
    const targetX = row?.targetX ?? -100;
    const picture: SeenPuzzle = {
      background: decodeDataUrl(datas.background),
      piece: decodeDataUrl(datas.piece),
      pieceY: datas.pieceY,
      pieceSize: datas.pieceSize,
    };
    expect(picture.background.width).toBe(datas.width);
    // A hand: speeds up, overshoots a little, comes back, and lets go a pixel or two off.
    const end = targetX + 2;
    const trail: [number, number][] = [
      [0, 0],
      [60, 4],
      [120, Math.round(end * 0.3)],
      [180, Math.round(end * 0.7)],
      [240, end + 7],
      [300, end + 4],
      [380, end + 1],
      [460, end],
    ];
    const verified = await t.call('POST', '/api-user/public/slider/verify', {
      json: { id: datas.id, x: end, trail },
    });
    expect(verified.body.datas?.captchaToken, verified.text).toMatch(/^[A-Za-z0-9_-]{32}$/);
    // No pure white anywhere on the gap's outline (the old one was nothing but).
    const { background, piece } = picture;
    const opaque = (x: number, y: number) =>
      x >= 0 && y >= 0 && x < piece.width && y < piece.height
        ? (piece.rgba[(y * piece.width + x) * 4 + 3] ?? 0) > 0
        : false;
    let outline = 0;
    for (let y = 0; y < piece.height; y++)
      for (let x = 0; x < piece.width; x++) {
        if (
          !opaque(x, y) ||
          (opaque(x - 1, y) && opaque(x + 1, y) && opaque(x, y - 1) && opaque(x, y + 1))
        )
          continue;
        outline++;
        const i = ((picture.pieceY + y) * background.width + targetX + x) * 4;
        expect([...background.rgba.subarray(i, i + 3)]).not.toEqual([255, 255, 255]);
      }
    expect(outline).toBeGreaterThan(150);
  });
});
