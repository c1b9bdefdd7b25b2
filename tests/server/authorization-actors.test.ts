import { expect, it } from 'vitest';
import { describeEveryRouteAsEveryActor } from '../support/actor-matrix';
import { createTestApp } from '../support/app';
import { unclassifiedTables } from '../support/tenant-rows';

/**
 * The authorization matrix's accounts world on the app as the tests run it (the sandbox
 * in-process): every declared route as each of the five actors. The same on a production app
 * without the sandbox is in ./authorization-actors-production.test.ts; the object-level matrix in
 * ./authorization-matrix.test.ts.
 */

it('knows whose every row of the schema is', () => {
  expect(unclassifiedTables()).toEqual([]);
});

describeEveryRouteAsEveryActor('the sandbox app', () => createTestApp());
