/**
 * `npm run bench -- fuzz`: the fuzz run of tests/server/fuzz.test.ts at scale. Every declared
 * endpoint is called as every actor of the accounts world with random and malformed requests
 * (tests/support/fuzz.ts), on two apps, each on a fresh embedded database: the test app with the
 * sandbox in-process, and the app as a production server builds it without a sandbox. The calls
 * are shared evenly between the apps, the endpoints and the actors, in batches of FUZZ_BATCH runs
 * per endpoint and actor, each batch with a seed of its own, until FUZZ_CALLS (default 100,000)
 * calls are made.
 *
 * Prints the calls made, the failures found (each with its app, endpoint, actor, seed and path,
 * and the command that replays it: FUZZ_ONLY='name@actor' FUZZ_APP=... FUZZ_SEED=... FUZZ_PATH=...)
 * and the calls per second. Exits non-zero when it found any failure.
 */
import { openDatabase } from '../../server/db/client';
import { ACTOR_NAMES, buildWorld } from '../support/accounts-world';
import { type AppUnderTest, createProductionTestApp, createTestApp } from '../support/app';
import {
  FUZZ_ENDPOINTS,
  type FuzzFailure,
  type FuzzTarget,
  formatFailure,
  fuzzEndpoint,
  fuzzTarget,
  pairSeed,
} from '../support/fuzz';
import { type Print, round } from './figures';

const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive integer`);
  return value;
};

const REPLAY = 'npm run bench -- fuzz';

async function freshDatabase() {
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  return database;
}

const APPS: Record<string, () => Promise<AppUnderTest>> = {
  sandbox: async () => createTestApp({ database: await freshDatabase() }),
  production: async () => createProductionTestApp({ database: await freshDatabase() }),
};

export async function fuzzBench(print: Print) {
  const target = positive('FUZZ_CALLS', 100_000);
  const batch = positive('FUZZ_BATCH', 25);
  const seed = Number(process.env.FUZZ_SEED ?? 20_260_101);
  const only = process.env.FUZZ_ONLY ?? null;
  const onlyApp = process.env.FUZZ_APP ?? null;
  const path = process.env.FUZZ_PATH;
  const apps = Object.keys(APPS).filter((label) => onlyApp === null || onlyApp === label);

  const targets: FuzzTarget[] = [];
  const setupStarted = performance.now();
  for (const label of apps) {
    const app = await APPS[label]?.();
    if (app) targets.push(await fuzzTarget(label, await buildWorld(app)));
  }
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const pairs = FUZZ_ENDPOINTS.flatMap((entry) =>
    ACTOR_NAMES.filter((actor) => only === null || only === `${entry.name}@${actor}`).map(
      (actor) => ({ entry, actor }),
    ),
  );
  if (pairs.length === 0) throw new Error(`FUZZ_ONLY names no endpoint and actor: ${only}`);

  const failures: FuzzFailure[] = [];
  const seen = new Set<string>();
  let calls = 0;
  let lastReport = 0;
  const started = performance.now();
  for (let round_ = 0; calls < target; round_++) {
    for (const { entry, actor } of pairs) {
      for (const fuzz of targets) {
        if (calls >= target) break;
        const result = await fuzzEndpoint(fuzz, entry, fuzz.world.actors[actor], {
          runs: only ? Math.min(batch, target - calls) : batch,
          seed: only ? seed : pairSeed(seed, entry.name, actor, round_),
          ...(only && path ? { path } : {}),
        });
        calls += result.calls;
        const { failure } = result;
        // One report per app, endpoint, actor and kind of problem.
        const kind =
          failure &&
          `${failure.app} ${failure.endpoint} ${failure.actor} ${failure.problems[0]?.replace(/[\d"].*$/, '')}`;
        if (failure && kind && !seen.has(kind)) {
          seen.add(kind);
          failures.push(failure);
          process.stderr.write(`\n${formatFailure(failure, REPLAY)}\n`);
        }
        if (calls - lastReport >= 1000) {
          lastReport = calls;
          const seconds = (performance.now() - started) / 1000;
          process.stderr.write(
            `fuzz: ${calls} calls, ${failures.length} failures, ${round(calls / seconds)} calls/s\n`,
          );
        }
      }
    }
    if (only && path) break;
  }
  const seconds = (performance.now() - started) / 1000;
  for (const fuzz of targets) await fuzz.world.t.close();

  for (const failure of failures)
    print({
      bench: 'fuzz_failure',
      app: failure.app,
      endpoint: failure.endpoint,
      actor: failure.actor,
      seed: failure.seed,
      path: failure.path,
      problems: failure.problems,
      request: failure.request,
      replay: `FUZZ_ONLY='${failure.endpoint.split(' ')[0]}@${failure.actor}' FUZZ_APP='${failure.app}' FUZZ_SEED=${failure.seed} FUZZ_PATH='${failure.path}' ${REPLAY}`,
    });
  print({
    bench: 'fuzz',
    calls,
    failures: failures.length,
    calls_per_second: round(calls / seconds),
    seconds: round(seconds),
    setup_seconds: round(setupSeconds),
    apps,
    endpoints: new Set(pairs.map(({ entry }) => entry.name)).size,
    actors: ACTOR_NAMES.length,
    runs_per_batch: batch,
    seed,
    target_calls: target,
  });
  if (failures.length > 0) process.exitCode = 1;
}
