import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_NAMES, buildWorld } from '../support/accounts-world';
import { createTestApp, type TestApp } from '../support/app';
import {
  FUZZ_ENDPOINTS,
  type FuzzTarget,
  formatFailure,
  fuzzEndpoint,
  fuzzTarget,
  pairSeed,
} from '../support/fuzz';

/**
 * Every declared endpoint called with random and malformed requests as each actor of the
 * accounts world (tests/support/fuzz.ts says what each answer is checked for). A few runs per
 * endpoint and actor with a fixed seed; `npm run bench -- fuzz` makes 100,000 calls.
 *
 * FUZZ_RUNS sets the runs per endpoint and actor; FUZZ_SEED the seed; FUZZ_ONLY='name@actor' with
 * FUZZ_SEED and FUZZ_PATH replays a failure this file or the bench reported.
 */
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 2));
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);
const ONLY = process.env.FUZZ_ONLY ?? null;
const PATH = process.env.FUZZ_PATH;

let t: TestApp;
let target: FuzzTarget;

beforeAll(async () => {
  t = await createTestApp();
  target = await fuzzTarget('sandbox', await buildWorld(t));
});
afterAll(() => t.close());

describe('fuzzing every declared endpoint as every actor', () => {
  for (const entry of FUZZ_ENDPOINTS) {
    const actors = ACTOR_NAMES.filter(
      (actor) => ONLY === null || ONLY === `${entry.name}@${actor}`,
    );
    if (actors.length === 0) continue;
    it(`${entry.name} (${entry.endpoint.method} ${entry.endpoint.path})`, async () => {
      const failures: string[] = [];
      for (const name of actors) {
        const seed = ONLY ? SEED : pairSeed(SEED, entry.name, name);
        const { failure } = await fuzzEndpoint(target, entry, target.world.actors[name], {
          runs: RUNS,
          seed,
          ...(ONLY && PATH ? { path: PATH } : {}),
        });
        if (failure)
          failures.push(
            formatFailure(failure, 'npm test -- tests/server/fuzz.test.ts --no-checks'),
          );
      }
      expect(failures, failures.join('\n\n')).toEqual([]);
    });
  }
});
