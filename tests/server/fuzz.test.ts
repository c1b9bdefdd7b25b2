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
 * Every declared endpoint called with random and malformed requests as the actors of the accounts
 * world (tests/support/fuzz.ts says what each answer is checked for), with a fixed seed. A sample
 * that keeps the suite fast: each endpoint once, as one actor, the actor going round the five
 * from one endpoint to the next (the authorization matrix calls each endpoint as every actor with
 * a valid request); `npm run bench -- fuzz` makes 100,000 calls as every actor on two apps.
 *
 * FUZZ_RUNS sets the runs per endpoint (default 1), FUZZ_ACTORS=all fuzzes each endpoint as every
 * actor, FUZZ_SEED sets the seed; FUZZ_ONLY='name@actor' with FUZZ_SEED and FUZZ_PATH replays a
 * failure this file or the bench reported.
 */
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 1));
const EVERY_ACTOR = process.env.FUZZ_ACTORS === 'all';
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
  FUZZ_ENDPOINTS.forEach((entry, index) => {
    const turn = ACTOR_NAMES[index % ACTOR_NAMES.length];
    const actors = ACTOR_NAMES.filter((actor) =>
      ONLY === null ? EVERY_ACTOR || actor === turn : ONLY === `${entry.name}@${actor}`,
    );
    if (actors.length === 0) return;
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
  });
});
