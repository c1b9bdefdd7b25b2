import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { consentPage, consentWords, invalidLinkPage } from '../marketplace/consent';
import type { SandboxMarketplaceOptions } from '../marketplace/platform';
import {
  consumeCode,
  type IssuedTokens,
  issueCode,
  issueTokens,
  randomToken,
  type SandboxSeller,
  sellerById,
  sellersOf,
  shopsOfSeller,
  takeRefreshToken,
} from '../marketplace/store';

/**
 * TikTok Shop seller authorization as the stand-in plays it: the authorization link
 * (`/services/open/authorize?service_id=…&state=…`) shows the seller accounts; consenting redirects
 * to the app's registered URL with a 30-minute single-use `code`, refusing with
 * `code=null&error=auth_denied`. The token host's GET /api/v2/token/get and /api/v2/token/refresh
 * answer with absolute expiry times; a refresh never moves the end of the authorization.
 */

const PLATFORM = 'TikTok Shop';
const COLOR = '#fe2c55';
const CODE_SECONDS = 30 * 60;
const ACCESS_SECONDS = 7 * 24 * 60 * 60;
const REFRESH_SECONDS = 365 * 24 * 60 * 60;

/** Token endpoint codes: app credentials; invalid or used auth_code; unknown refresh token. */
const E = {
  credentials: 36009004,
  invalidRequest: 101000,
  invalidAuthCode: 36004004,
  unknownRefreshToken: 36004005,
} as const;

const GRANTED_SCOPES = [
  'seller.authorization.info',
  'seller.shop.info',
  'seller.order.info',
  'seller.product.basic',
  'seller.product.write',
  'seller.logistics',
];

/** A seller's open_id: stable for the account, as TikTok's is. */
const openIdOf = (sellerId: string) =>
  createHash('sha256').update(`tiktok-open-id:${sellerId}`).digest('base64url').slice(0, 43);

export function registerTiktokAuth(app: Hono, options: SandboxMarketplaceOptions): void {
  const { db, clock } = options;

  const requestId = () =>
    `${clock.now().toISOString().replace(/\D/g, '').slice(0, 14)}${randomToken(10).toUpperCase()}`;
  const fail = (c: Context, code: number, message: string) =>
    c.json({ code, message, request_id: requestId() });
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  function tokenAnswer(c: Context, seller: SandboxSeller, tokens: IssuedTokens) {
    return c.json({
      code: 0,
      message: 'success',
      request_id: requestId(),
      data: {
        access_token: tokens.accessToken,
        access_token_expire_in: seconds(tokens.accessExpiresAt),
        refresh_token: tokens.refreshToken,
        refresh_token_expire_in: seconds(tokens.refreshExpiresAt),
        open_id: openIdOf(seller.id),
        seller_name: seller.name,
        seller_base_region: seller.country.toUpperCase(),
        user_type: 0,
        granted_scopes: GRANTED_SCOPES,
      },
    });
  }

  const locale = (acceptLanguage: string | undefined) => {
    const first = (acceptLanguage ?? '').toLowerCase();
    if (first.startsWith('zh')) return 'zh-CN';
    if (first.startsWith('th')) return 'th-TH';
    return 'en';
  };

  app.get('/services/open/authorize', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const { service_id: serviceId, state = '' } = c.req.query();
    if (!serviceId || serviceId !== options.app.serviceId)
      return c.html(invalidLinkPage(PLATFORM, COLOR, words), 400);
    const sellers = await sellersOf(db, 'tiktok');
    const choices = await Promise.all(
      sellers.map(async (seller) => {
        const shops = await shopsOfSeller(db, 'tiktok', seller.id);
        return {
          value: seller.id,
          label: seller.name,
          detail: [
            seller.login,
            ...shops.map((shop) => `${shop.name} (${shop.site.toUpperCase()})`),
          ].join(' · '),
        };
      }),
    );
    return c.html(
      consentPage({
        platform: PLATFORM,
        color: COLOR,
        words,
        action: c.req.path,
        hidden: { service_id: serviceId, state },
        choices,
        denyAction: `${c.req.path}/deny`,
      }),
    );
  });

  app.post('/services/open/authorize', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const seller = await sellerById(db, 'tiktok', field('sellerId'));
    if (field('service_id') !== options.app.serviceId || !seller)
      return c.html(invalidLinkPage(PLATFORM, COLOR, words), 400);
    const code = await issueCode(db, clock, {
      platform: 'tiktok',
      appKey: options.app.key,
      sellerId: seller.id,
      redirectUri: options.callbackUrl,
      ttlSeconds: CODE_SECONDS,
    });
    const target = new URL(options.callbackUrl);
    target.searchParams.set('app_key', options.app.key);
    target.searchParams.set('code', code);
    target.searchParams.set('locale', locale(c.req.header('accept-language')));
    target.searchParams.set('shop_region', seller.country.toUpperCase());
    target.searchParams.set('state', field('state'));
    return c.redirect(target.toString(), 302);
  });

  app.post('/services/open/authorize/deny', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const form = await c.req.parseBody();
    if (form.service_id !== options.app.serviceId)
      return c.html(invalidLinkPage(PLATFORM, COLOR, words), 400);
    const target = new URL(options.callbackUrl);
    target.searchParams.set('code', 'null');
    target.searchParams.set('error', 'auth_denied');
    target.searchParams.set('state', typeof form.state === 'string' ? form.state : '');
    return c.redirect(target.toString(), 302);
  });

  const appChecked = (c: Context) => {
    const query = c.req.query();
    return query.app_key === options.app.key && query.app_secret === options.app.secret;
  };

  app.get('/auth/api/v2/token/get', async (c) => {
    const query = c.req.query();
    if (!appChecked(c)) return fail(c, E.credentials, 'Invalid credentials: app_key or app_secret');
    if (query.grant_type !== 'authorized_code')
      return fail(c, E.invalidRequest, 'grant_type must be authorized_code');
    const row = query.auth_code
      ? await consumeCode(db, clock, {
          platform: 'tiktok',
          appKey: options.app.key,
          code: query.auth_code,
        })
      : null;
    const seller = row ? await sellerById(db, 'tiktok', row.sellerId) : null;
    if (!row || !seller) return fail(c, E.invalidAuthCode, 'invalid auth code');
    const now = clock.now();
    const tokens = await issueTokens(db, clock, {
      platform: 'tiktok',
      appKey: options.app.key,
      sellerId: seller.id,
      accessSeconds: ACCESS_SECONDS,
      refreshSeconds: REFRESH_SECONDS,
      authorizationExpiresAt: new Date(now.getTime() + REFRESH_SECONDS * 1000),
    });
    return tokenAnswer(c, seller, tokens);
  });

  app.get('/auth/api/v2/token/refresh', async (c) => {
    const query = c.req.query();
    if (!appChecked(c)) return fail(c, E.credentials, 'Invalid credentials: app_key or app_secret');
    if (query.grant_type !== 'refresh_token')
      return fail(c, E.invalidRequest, 'grant_type must be refresh_token');
    const taken = query.refresh_token
      ? await takeRefreshToken(db, clock, {
          platform: 'tiktok',
          appKey: options.app.key,
          token: query.refresh_token,
          singleUse: false,
        })
      : ({ ok: false, reason: 'invalid' } as const);
    if (!taken.ok)
      return fail(
        c,
        E.unknownRefreshToken,
        taken.reason === 'expired'
          ? 'refresh token is expired'
          : 'can not find related auth record',
      );
    const seller = await sellerById(db, 'tiktok', taken.token.sellerId);
    if (!seller) return fail(c, E.unknownRefreshToken, 'can not find related auth record');
    const tokens = await issueTokens(db, clock, {
      platform: 'tiktok',
      appKey: options.app.key,
      sellerId: seller.id,
      accessSeconds: ACCESS_SECONDS,
      refreshSeconds: REFRESH_SECONDS,
      authorizationExpiresAt: taken.token.authorizationExpiresAt,
    });
    return tokenAnswer(c, seller, tokens);
  });
}
