import { createHash } from 'node:crypto';
import en from '@locales/en/errors.json';
import th from '@locales/th/errors.json';
import zh from '@locales/zh/errors.json';
import { shopAuthorizations, shopAuthStates, shops } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller } from '../../support/accounts';
import { createTestApp, type TestApp } from '../../support/app';
import { callbackBody, consentAt } from '../../support/shop-consent';

// A shop consent completes only for the account that started it: the callback page posts the
// platform's code and state with its own session, and no other session (or none) can finish it.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sandboxShops: true });
});
afterAll(() => t.close());

const WORDS = { en, th, zh } as const;
type Language = keyof typeof WORDS;

async function startConsent(token: string, platform: string, site: string) {
  const res = await t.call('POST', '/api-user/shop/authorize/url', {
    token,
    json: { platform, sites: [site] },
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas.url as string;
}

/** What the callback page posts: the platform's query, with this browser's session if it has one. */
async function callback(back: URL, token?: string, language: Language = 'en') {
  const res = await t.call('POST', '/api-user/shop/authorize/callback', {
    json: callbackBody(back),
    ...(token ? { token } : {}),
    language,
  });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    success: boolean;
    reason: string | null;
    message: string | null;
    account: string | null;
    shops: { id: string; name: string }[];
  };
}

const stateOf = (back: URL) => back.searchParams.get('state') ?? '';
async function stateRow(back: URL) {
  const hash = createHash('sha256').update(stateOf(back)).digest('hex');
  const [row] = await t.db.select().from(shopAuthStates).where(eq(shopAuthStates.stateHash, hash));
  return row;
}
const shopsOf = (ownerId: string) => t.db.select().from(shops).where(eq(shops.ownerId, ownerId));
const authorizationsOf = (ownerId: string) =>
  t.db.select().from(shopAuthorizations).where(eq(shopAuthorizations.ownerId, ownerId));

describe('a consent link made by one account and finished by another', () => {
  it("never puts the victim's shop into the attacker's account; the victim authorizes it into their own", async () => {
    const attacker = await makeSeller(t, 'mallory@example.com', []);
    const victim = await makeSeller(t, 'victim.owner@example.com', []);

    // The attacker makes a consent link and gets the victim to open it; the victim logs in on the
    // platform with their own seller account and approves.
    const link = await startConsent(attacker.token, 'shopee', 'th');
    const back = await consentAt(t, link, { sellerId: 'shopee-demo-th' });
    expect(back.pathname).toBe('/cmp/authorize/authorizeCallback');

    // The victim's browser comes back without a session: nothing happens, the page asks to sign
    // in as the account that started it (the attacker's, masked).
    const anonymous = await callback(back);
    expect(anonymous).toMatchObject({
      success: false,
      reason: 'signInRequired',
      account: 'ma***@example.com',
      shops: [],
    });
    // Signed in as the victim: still nothing, and it says why.
    const asVictim = await callback(back, victim.token);
    expect(asVictim).toMatchObject({
      success: false,
      reason: 'otherAccount',
      account: 'ma***@example.com',
      shops: [],
    });
    expect(asVictim.message).toBe(
      en.SHOP_AUTHORIZATION_OTHER_ACCOUNT.replaceAll('{{account}}', 'ma***@example.com'),
    );
    expect(await shopsOf(attacker.user.id)).toEqual([]);
    expect(await authorizationsOf(attacker.user.id)).toEqual([]);
    expect(await shopsOf(victim.user.id)).toEqual([]);
    // The attacker's state is untouched by the victim's tries, and the victim's session cannot use it.
    expect((await stateRow(back))?.usedAt).toBeNull();

    // The victim starts their own consent and finishes it in their own session.
    const own = await consentAt(t, await startConsent(victim.token, 'shopee', 'th'), {
      sellerId: 'shopee-demo-th',
    });
    const done = await callback(own, victim.token);
    expect(done.success, JSON.stringify(done)).toBe(true);
    expect(done.shops.map((shop) => shop.name)).toEqual(['Bangkok Gadget Hub']);
    expect((await shopsOf(victim.user.id)).map((shop) => shop.name)).toEqual([
      'Bangkok Gadget Hub',
    ]);
    expect(await authorizationsOf(victim.user.id)).toHaveLength(1);
    expect(await shopsOf(attacker.user.id)).toEqual([]);
    expect(await authorizationsOf(attacker.user.id)).toEqual([]);
    const attackerList = await t.call('GET', '/api-user/shop/list', { token: attacker.token });
    expect(attackerList.body.datas).toEqual([]);
  });

  it('names the starting account in the reader’s language, and a refusal from another browser changes nothing', async () => {
    const starter = await makeSeller(t, 'starter@example.com', []);
    const other = await makeSeller(t, 'someone.else@example.com', []);
    const back = await consentAt(t, await startConsent(starter.token, 'tiktok', 'th'), {
      sellerId: 'tiktok-demo',
    });
    for (const language of ['zh', 'th', 'en'] as const) {
      const anonymous = await callback(back, undefined, language);
      expect(anonymous.message).toBe(
        WORDS[language].SHOP_AUTHORIZATION_SIGN_IN_REQUIRED.replaceAll(
          '{{account}}',
          'st***@example.com',
        ),
      );
      const wrong = await callback(back, other.token, language);
      expect(wrong.message).toBe(
        WORDS[language].SHOP_AUTHORIZATION_OTHER_ACCOUNT.replaceAll(
          '{{account}}',
          'st***@example.com',
        ),
      );
    }
    expect((await stateRow(back))?.usedAt).toBeNull();

    // A refused consent finished in another browser has nothing to complete, and uses nothing up.
    const refusedLink = await startConsent(starter.token, 'tiktok', 'th');
    const refused = await consentAt(t, refusedLink, { deny: true });
    expect(await callback(refused)).toMatchObject({ success: false, reason: 'redirectFailed' });
    expect((await stateRow(refused))?.usedAt).toBeNull();
    expect(await shopsOf(starter.user.id)).toEqual([]);
    expect(await shopsOf(other.user.id)).toEqual([]);
  });
});

describe('finishing in another browser after signing in', () => {
  it('keeps the code and state until the starting account signs in, then completes once', async () => {
    const seller = await makeSeller(t, 'two.browsers@example.com', []);
    const back = await consentAt(t, await startConsent(seller.token, 'lazada', 'th'), {
      sellerId: 'lazada-demo-th',
    });
    // Consent finished on a phone where nobody is signed in.
    expect(await callback(back)).toMatchObject({
      success: false,
      reason: 'signInRequired',
      account: 'tw***@example.com',
    });
    expect(await shopsOf(seller.user.id)).toEqual([]);

    // The seller signs in there (a new session of the same account), and the page posts again.
    const signedIn = await t.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'two.browsers@example.com', password: seller.password },
    });
    expect(signedIn.body.resp_code, signedIn.text).toBe(0);
    const done = await callback(back, signedIn.body.datas.access_token);
    expect(done.success, JSON.stringify(done)).toBe(true);
    expect(done.shops.map((shop) => shop.name)).toEqual(['Siam Home Living']);
    expect((await shopsOf(seller.user.id)).map((shop) => shop.name)).toEqual(['Siam Home Living']);
    expect((await stateRow(back))?.usedAt).not.toBeNull();
  });

  it('not after the state’s lifetime: the code is kept no longer than its state', async () => {
    const seller = await makeSeller(t, 'too.late@example.com', []);
    const back = await consentAt(t, await startConsent(seller.token, 'tiktok', 'th'), {
      sellerId: 'tiktok-demo',
    });
    expect((await callback(back)).reason).toBe('signInRequired');
    t.clock.advance(31 * 60 * 1000);
    const late = await callback(back, seller.token);
    expect(late).toMatchObject({ success: false, reason: 'stateExpired', shops: [] });
    expect(late.message).toBe(en.SHOP_AUTHORIZATION_STATE_EXPIRED);
    expect(await shopsOf(seller.user.id)).toEqual([]);
  });
});

describe('a replayed callback', () => {
  it('changes nothing and says the authorization was already completed, whoever sends it', async () => {
    const owner = await makeSeller(t, 'replayed@example.com', []);
    const stranger = await makeSeller(t, 'stranger@example.com', []);
    const back = await consentAt(t, await startConsent(owner.token, 'shopee', 'sg'), {
      sellerId: 'shopee-cb-sg',
    });
    const first = await callback(back, owner.token);
    expect(first.success, JSON.stringify(first)).toBe(true);
    const before = await shopsOf(owner.user.id);
    const [authorizationBefore] = await authorizationsOf(owner.user.id);

    for (const language of ['zh', 'th', 'en'] as const) {
      for (const token of [owner.token, stranger.token, undefined]) {
        const again = await callback(back, token, language);
        expect(again).toMatchObject({ success: false, reason: 'stateUsed', shops: [] });
        expect(again.message).toBe(WORDS[language].SHOP_AUTHORIZATION_STATE_USED);
      }
    }
    expect(await shopsOf(owner.user.id)).toEqual(before);
    expect(await authorizationsOf(owner.user.id)).toEqual([authorizationBefore]);
    expect(await shopsOf(stranger.user.id)).toEqual([]);
  });
});
