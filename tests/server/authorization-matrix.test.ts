import { wechatBindTickets } from '@server/db/schema/index';
import { BROWSER_KEY_COOKIE, browserKeyHash } from '@server/lib/browser-key';
import type { ExampleIds, RouteMeta } from '@server/lib/route';
import { addShop } from '@server/modules/shops/shops.service';
import { endpointList } from '@shared/contracts/endpoints';
import { grantableMenus } from '@shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { ACTOR_NAMES, buildWorld } from '../support/accounts-world';
import {
  type AppUnderTest,
  createProductionTestApp,
  createTestApp,
  type TestApp,
} from '../support/app';
import { exampleProblems, type FuzzTarget, fuzzTarget } from '../support/fuzz';
import { unclassified } from '../support/route-classifier';
import { unclassifiedTables } from '../support/tenant-rows';

let t: TestApp;
let owner: Awaited<ReturnType<typeof makeSeller>>;
let other: Awaited<ReturnType<typeof makeSeller>>;
let subWithout: Awaited<ReturnType<typeof makeSubAccount>>;
/** A tenant that authorized nothing: a main account without shops or wallet history. */
let fresh: Awaited<ReturnType<typeof makeSeller>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await makeSeller(t, 'matrix-owner@example.com', ['Owner shop']);
  other = await makeSeller(t, 'matrix-other@example.com', ['Other shop']);
  fresh = await makeSeller(t, 'matrix-fresh@example.com', []);
  // Every menu and button, but no shop: it may do anything, to nothing.
  subWithout = await makeSubAccount(t, owner.token, 'matrix-sub@example.com', [], grantableMenus());
});
afterAll(() => t.close());

/** One browser's key: every actor here calls from it, so only the account decides what it gets. */
const BROWSER_KEY = 'm'.repeat(43);

/** Fresh objects of the owner for one route, so routes that change or delete things never disturb each other. */
async function freshObjects(): Promise<ExampleIds> {
  const shop = await addShop(
    t,
    { ownerId: owner.user.id },
    {
      platform: 'shopee',
      site: 'th',
      externalId: `matrix-${crypto.randomUUID()}`,
      name: 'Object shop',
      shopType: 'local',
    },
  );
  const sub = await makeSubAccount(t, owner.token, `object-${crypto.randomUUID()}@example.com`, []);
  const sceneId = `bind_${crypto.randomUUID()}`;
  const now = t.clock.now();
  await t.db.insert(wechatBindTickets).values({
    sceneId,
    userId: owner.user.id,
    // Made in the browser every request here comes from (a binding answers only there).
    browserHash: browserKeyHash(BROWSER_KEY),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 300_000),
  });
  return { shopId: shop.id, subAccountId: sub.id, bindTicketId: sceneId };
}

async function send(route: RouteMeta, ids: ExampleIds, token?: string) {
  const example = route.example?.(ids) ?? {};
  const query = example.query ? `?${new URLSearchParams(example.query)}` : '';
  return t.call(route.method, `${route.path}${query}`, {
    ...(token ? { token } : {}),
    ...(example.json === undefined ? {} : { json: example.json }),
    headers: { cookie: `${BROWSER_KEY_COOKIE}=${BROWSER_KEY}` },
  });
}

describe('the route table', () => {
  it('holds every API route the app serves', () => {
    const served = t.app.routes
      .filter(
        (r) =>
          r.method !== 'ALL' &&
          /^\/(api-|user-center|files|order\/|product\/|admin\/)/.test(r.path),
      )
      .map((r) => `${r.method} ${r.path}`);
    const declared = t.app.routeTable.map((r) => `${r.method} ${r.path}`);
    expect([...new Set(served)].sort()).toEqual([...new Set(declared)].sort());
  });

  it('classifies every route that takes an object id', () => {
    expect(unclassified(t.app.routeTable)).toEqual([]);
  });

  it('fails a route it cannot classify, until it is declared', () => {
    const undeclared = {
      method: 'GET',
      path: '/api-x/orders/:orderId',
      access: 'session',
    } as const;
    expect(unclassified([undeclared])).toEqual([
      'GET /api-x/orders/:orderId: orderId not classified',
    ]);
    expect(
      unclassified([{ ...undeclared, objects: [{ type: 'shop', field: 'orderId' }] }]),
    ).toEqual(['GET /api-x/orders/:orderId: no example request']);
  });
});

describe('object-level authorization', () => {
  const objectRoutes = () =>
    createTestAppRoutes().filter((route) => (route.objects ?? []).length > 0);
  it('covers at least the routes of shops, sub-accounts and bindings', () => {
    expect(objectRoutes().length).toBeGreaterThanOrEqual(10);
  });

  for (const route of createTestAppRoutes().filter((r) => (r.objects ?? []).length > 0)) {
    it(`${route.method} ${route.path}: only the owner (or a sub-account holding the shop) gets data`, async () => {
      const ids = await freshObjects();
      const anonymous = await send(route, ids);
      expect(anonymous.status, anonymous.text).toBe(401);
      expect(anonymous.body.datas).toBeNull();
      for (const [who, token] of [
        ['another seller', other.token],
        ['a fresh tenant', fresh.token],
        ['a sub-account without the shop', subWithout.token],
      ] as const) {
        const res = await send(route, ids, token);
        expect(res.body.resp_code, `${who}: ${res.text}`).not.toBe(0);
        expect(res.body.datas, who).toBeNull();
      }
      const onlyShops =
        (route.objects ?? []).every((o) => o.type === 'shop') && route.access === 'session';
      if (onlyShops) {
        // Objects of its own: the route may change or remove what it acts on (unbind).
        const held = await freshObjects();
        const holder = await makeSubAccount(
          t,
          owner.token,
          `holder-${crypto.randomUUID()}@example.com`,
          [held.shopId],
          grantableMenus(),
        );
        const res = await send(route, held, holder.token);
        expect(res.body.resp_code, `sub-account holding the shop: ${res.text}`).toBe(0);
      }
      const mine = await send(route, ids, owner.token);
      expect(mine.body.resp_code, `owner: ${mine.text}`).toBe(0);
      expect(mine.body.datas).not.toBeNull();
    });
  }
});

describe('whose every row is', () => {
  it('classifies every table of the schema', () => {
    expect(unclassifiedTables()).toEqual([]);
  });
});

/**
 * Every declared route as each actor of the accounts world (anonymous, the owner, another
 * tenant, the owner's sub-account without shops, a fresh tenant), on the app as the tests run it
 * (the sandbox in-process) and as a production server builds it without the sandbox: the guard's
 * answer the declaration asks for in both directions, no other tenant's ids or names in any
 * answer, no row out of the actor's reach written, no 5xx (tests/support/fuzz.ts,
 * `exampleProblems`).
 */
describe.each([
  ['the sandbox app', false],
  ['a production app without sandbox', true],
] as const)('every route as every actor on %s', (label, production) => {
  let app: AppUnderTest & { outbound?: string[] };
  let target: FuzzTarget;
  beforeAll(async () => {
    app = production ? await createProductionTestApp() : await createTestApp();
    target = await fuzzTarget(label, await buildWorld(app));
  });
  afterAll(() => app.close());

  for (const entry of endpointList()) {
    const route = routeTableForNaming.find(
      (meta) => meta.method === entry.endpoint.method && meta.path === entry.endpoint.path,
    );
    it(`${entry.name} (${entry.endpoint.method} ${entry.endpoint.path})`, async () => {
      const { owner } = target.world;
      const ids: ExampleIds = {
        shopId: owner.shopIds[2] ?? '',
        subAccountId: owner.subAccountIds[0] ?? '',
        bindTicketId: owner.bindTicketIds[0] ?? '',
      };
      const outboundBefore = app.outbound?.length ?? 0;
      const problems: string[] = [];
      // The owner last: its calls may change or remove what the others were refused.
      for (const name of [...ACTOR_NAMES.filter((actor) => actor !== 'owner'), 'owner'] as const) {
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

/** The route table as the app builds it, read before any test app exists (to name the tests). */
function createTestAppRoutes(): readonly RouteMeta[] {
  return routeTableForNaming;
}
const { ROUTES } = await import('@server/routes');
const routeTableForNaming: readonly RouteMeta[] = ROUTES.map((route) => route.meta);
