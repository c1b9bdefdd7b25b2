import type { ExampleIds, RouteMeta } from '@server/lib/route';
import { ROUTES } from '@server/routes';
import { endpointList } from '@shared/contracts/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTOR_NAMES, buildWorld } from './accounts-world';
import type { AppUnderTest } from './app';
import { exampleProblems, type FuzzTarget, fuzzTarget } from './fuzz';

const routeTable: readonly RouteMeta[] = ROUTES.map((route) => route.meta);

/**
 * A valid request for calls whose object the route table has no id kind for: a shop consent's
 * callback with a state the owner started (others are told to sign in as the owner; the owner's
 * own call finishes it, its code refused by the platform).
 */
function worldExample(name: string, target: FuzzTarget) {
  if (name === 'shops.authorizeCallback')
    return { json: { state: target.world.owner.consentStates[0], code: 'world-consent-code' } };
  return undefined;
}

/**
 * Every declared route as each actor of the accounts world (anonymous, the owner, another
 * tenant, the owner's sub-account without shops, a fresh tenant) on one app: the guard's answer
 * the declaration asks for in both directions, no other tenant's ids or names in any answer, no
 * row out of the actor's reach written, no 5xx (./fuzz.ts, `exampleProblems`). An app that lists
 * its outbound calls (one without the sandbox) sends none to a sandbox.
 */
export function describeEveryRouteAsEveryActor(
  label: string,
  createApp: () => Promise<AppUnderTest & { outbound?: string[] }>,
) {
  describe(`every route as every actor on ${label}`, () => {
    let app: AppUnderTest & { outbound?: string[] };
    let target: FuzzTarget;
    beforeAll(async () => {
      app = await createApp();
      target = await fuzzTarget(label, await buildWorld(app));
    });
    afterAll(() => app.close());

    for (const entry of endpointList()) {
      const route = routeTable.find(
        (meta) => meta.method === entry.endpoint.method && meta.path === entry.endpoint.path,
      );
      it(`${entry.name} (${entry.endpoint.method} ${entry.endpoint.path})`, async () => {
        const { owner } = target.world;
        const ids: ExampleIds = {
          shopId: owner.shopIds[2] ?? '',
          subAccountId: owner.subAccountIds[0] ?? '',
          bindTicketId: owner.bindTicketIds[0] ?? '',
          // The world's tenants have no orders: the order routes are tried with ids that name none.
          orderId: '',
          orderItemId: '',
          manualOrderId: '',
          serviceNo: '',
          returnId: '',
          signedReturnId: '',
          productId: owner.productIds[0] ?? '',
          // The world has no catalogue: those routes are tried with ids that name none.
          catalogueProductId: '',
          followCategoryId: '',
        };
        const outboundBefore = app.outbound?.length ?? 0;
        const problems: string[] = [];
        // The owner last: its calls may change or remove what the others were refused.
        for (const name of [
          ...ACTOR_NAMES.filter((actor) => actor !== 'owner'),
          'owner',
        ] as const) {
          const found = await exampleProblems(
            target,
            entry,
            target.world.actors[name],
            route?.example?.(ids) ?? worldExample(entry.name, target),
          );
          problems.push(...found.map((problem) => `${name}: ${problem}`));
        }
        expect(problems).toEqual([]);
        // Without a sandbox nothing is sent to one: every outbound call goes to a provider's host.
        for (const url of app.outbound?.slice(outboundBefore) ?? [])
          expect(new URL(url).hostname).not.toMatch(/sandbox|localhost|127\.0\.0\.1/);
      });
    }
  });
}
