import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../db/client';
import {
  sandboxWechatCodes,
  sandboxWechatQrTickets,
  sandboxWechatTokens,
  sandboxWechatUsers,
} from '../db/schema/index';
import { wechatSignature } from '../integrations/wechat/wechat.client';
import type { Clock } from '../lib/clock';
import type { Logger } from '../lib/logger';
import { chooseUserForm, escapeHtml, page, wordsFor } from './pages';

interface SandboxWechatApp {
  appId: string;
  appSecret: string;
  /** The token the app's pushes are signed with. */
  token: string;
  /** Where this app receives event pushes. */
  eventUrl: string;
}

export interface SandboxWechatOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The sandbox's own address, written into QR codes. */
  publicUrl: string;
  apps: SandboxWechatApp[];
  /** How the sandbox reaches an app's event URL. */
  fetch: typeof fetch;
}

const random = (bytes: number) => randomBytes(bytes).toString('hex');
/** WeChat's error answers: HTTP 200 with errcode and errmsg. */
const error = (errcode: number, errmsg: string) => ({ errcode, errmsg });

/**
 * WeChat as far as the product uses it: the Open Platform's QR sign-in and code exchange, and an
 * official account's access token, temporary QR codes, follower info and signed event pushes. It
 * checks app ids, secrets, codes and tokens the way WeChat does and answers in WeChat's shapes.
 */
export function createSandboxWechat(options: SandboxWechatOptions) {
  const { db, clock } = options;
  const app = new Hono();
  const appById = (appId: string | undefined) =>
    options.apps.find((candidate) => candidate.appId === appId);
  const now = () => clock.now();
  const later = (seconds: number) => new Date(now().getTime() + seconds * 1000);

  async function people() {
    return db
      .select({ openId: sandboxWechatUsers.openId, nickname: sandboxWechatUsers.nickname })
      .from(sandboxWechatUsers)
      .orderBy(asc(sandboxWechatUsers.createdAt));
  }

  async function personFrom(form: Record<string, unknown>): Promise<string | null> {
    if (typeof form.openId === 'string' && form.openId) {
      const [row] = await db
        .select()
        .from(sandboxWechatUsers)
        .where(eq(sandboxWechatUsers.openId, form.openId))
        .limit(1);
      return row?.openId ?? null;
    }
    const nickname = typeof form.nickname === 'string' ? form.nickname.trim().slice(0, 40) : '';
    if (!nickname) return null;
    const openId = `o${random(14)}`;
    await db
      .insert(sandboxWechatUsers)
      .values({ openId, unionId: `u${random(14)}`, nickname, createdAt: now() });
    return openId;
  }

  async function tokenRow(token: string | undefined) {
    if (!token) return null;
    const [row] = await db
      .select()
      .from(sandboxWechatTokens)
      .where(eq(sandboxWechatTokens.token, token))
      .limit(1);
    return row ?? null;
  }

  // Open Platform QR sign-in: the page a person approves the sign-in on.
  app.get('/connect/qrconnect', async (c) => {
    const words = wordsFor(c.req.header('accept-language'));
    const {
      appid,
      redirect_uri: redirectUri,
      state = '',
      scope,
      response_type: responseType,
    } = c.req.query();
    if (!appById(appid) || !redirectUri || scope !== 'snsapi_login' || responseType !== 'code') {
      return c.html(page(words.signInTitle, words, `<p>${escapeHtml(words.invalid)}</p>`), 400);
    }
    const form = chooseUserForm(
      '/connect/qrconnect/confirm',
      { appid: appid ?? '', redirect_uri: redirectUri, state },
      await people(),
      words,
    );
    return c.html(
      page(
        words.signInTitle,
        words,
        `<h1>${escapeHtml(words.signInTitle)}</h1><p>${escapeHtml(words.signInHint)}</p>${form}`,
      ),
    );
  });

  app.post('/connect/qrconnect/confirm', async (c) => {
    const form = await c.req.parseBody();
    const words = wordsFor(c.req.header('accept-language'));
    const appId = typeof form.appid === 'string' ? form.appid : undefined;
    const redirectUri = typeof form.redirect_uri === 'string' ? form.redirect_uri : '';
    const openId = await personFrom(form);
    if (!appById(appId) || !redirectUri || !openId) {
      return c.html(page(words.signInTitle, words, `<p>${escapeHtml(words.invalid)}</p>`), 400);
    }
    const code = random(16);
    await db
      .insert(sandboxWechatCodes)
      .values({ code, appId: appId ?? '', openId, createdAt: now(), expiresAt: later(300) });
    const target = new URL(redirectUri);
    target.searchParams.set('code', code);
    target.searchParams.set('state', typeof form.state === 'string' ? form.state : '');
    return c.redirect(target.toString());
  });

  // The code exchange: app id and secret must match, a code works once and for five minutes.
  app.get('/sns/oauth2/access_token', async (c) => {
    const { appid, secret, code, grant_type: grantType } = c.req.query();
    const registered = appById(appid);
    if (!registered) return c.json(error(40013, 'invalid appid'));
    if (registered.appSecret !== secret) return c.json(error(40125, 'invalid appsecret'));
    if (grantType !== 'authorization_code') return c.json(error(40002, 'invalid grant_type'));
    const [row] = await db
      .update(sandboxWechatCodes)
      .set({ usedAt: now() })
      .where(
        and(
          eq(sandboxWechatCodes.code, code ?? ''),
          eq(sandboxWechatCodes.appId, registered.appId),
          isNull(sandboxWechatCodes.usedAt),
        ),
      )
      .returning();
    if (!row || row.expiresAt.getTime() <= now().getTime())
      return c.json(error(40029, 'invalid code'));
    const token = random(24);
    await db
      .insert(sandboxWechatTokens)
      .values({ token, appId: registered.appId, openId: row.openId, expiresAt: later(7200) });
    const [person] = await db
      .select()
      .from(sandboxWechatUsers)
      .where(eq(sandboxWechatUsers.openId, row.openId))
      .limit(1);
    return c.json({
      access_token: token,
      expires_in: 7200,
      refresh_token: random(24),
      openid: row.openId,
      scope: 'snsapi_login',
      unionid: person?.unionId,
    });
  });

  app.get('/sns/userinfo', async (c) => {
    const { access_token: token, openid } = c.req.query();
    const row = await tokenRow(token);
    if (!row || row.openId !== openid)
      return c.json(error(40001, 'invalid credential, access_token is invalid or not latest'));
    if (row.expiresAt.getTime() <= now().getTime())
      return c.json(error(42001, 'access_token expired'));
    const [person] = await db
      .select()
      .from(sandboxWechatUsers)
      .where(eq(sandboxWechatUsers.openId, row.openId))
      .limit(1);
    if (!person) return c.json(error(40003, 'invalid openid'));
    return c.json({
      openid: person.openId,
      nickname: person.nickname,
      headimgurl: '',
      privilege: [],
      unionid: person.unionId,
    });
  });

  // Official account: app access token, temporary QR codes, follower info.
  app.get('/cgi-bin/token', async (c) => {
    const { grant_type: grantType, appid, secret } = c.req.query();
    const registered = appById(appid);
    if (grantType !== 'client_credential') return c.json(error(40002, 'invalid grant_type'));
    if (!registered) return c.json(error(40013, 'invalid appid'));
    if (registered.appSecret !== secret) return c.json(error(40125, 'invalid appsecret'));
    const token = random(24);
    await db
      .insert(sandboxWechatTokens)
      .values({ token, appId: registered.appId, openId: null, expiresAt: later(7200) });
    return c.json({ access_token: token, expires_in: 7200 });
  });

  app.post('/cgi-bin/qrcode/create', async (c) => {
    const row = await tokenRow(c.req.query('access_token'));
    if (!row || row.openId !== null)
      return c.json(error(40001, 'invalid credential, access_token is invalid or not latest'));
    if (row.expiresAt.getTime() <= now().getTime())
      return c.json(error(42001, 'access_token expired'));
    const body = (await c.req.json().catch(() => null)) as {
      expire_seconds?: number;
      action_name?: string;
      action_info?: { scene?: { scene_str?: string } };
    } | null;
    const sceneStr = body?.action_info?.scene?.scene_str;
    if (body?.action_name !== 'QR_STR_SCENE' || !sceneStr || sceneStr.length > 64) {
      return c.json(error(40053, 'invalid action info'));
    }
    const seconds = Math.min(Math.max(Number(body.expire_seconds) || 60, 60), 2_592_000);
    const ticket = random(20);
    await db
      .insert(sandboxWechatQrTickets)
      .values({ ticket, appId: row.appId, sceneStr, createdAt: now(), expiresAt: later(seconds) });
    return c.json({ ticket, expire_seconds: seconds, url: `${options.publicUrl}/scan/${ticket}` });
  });

  app.get('/cgi-bin/user/info', async (c) => {
    const row = await tokenRow(c.req.query('access_token'));
    if (!row || row.openId !== null)
      return c.json(error(40001, 'invalid credential, access_token is invalid or not latest'));
    const [person] = await db
      .select()
      .from(sandboxWechatUsers)
      .where(eq(sandboxWechatUsers.openId, c.req.query('openid') ?? ''))
      .limit(1);
    if (!person) return c.json(error(40003, 'invalid openid'));
    return c.json({
      subscribe: 1,
      openid: person.openId,
      nickname: person.nickname,
      language: 'zh_CN',
      unionid: person.unionId,
    });
  });

  // A phone: scanning a temporary QR code pushes a signed SCAN event to the app.
  async function liveTicket(ticket: string) {
    const [row] = await db
      .select()
      .from(sandboxWechatQrTickets)
      .where(eq(sandboxWechatQrTickets.ticket, ticket))
      .limit(1);
    return row && row.expiresAt.getTime() > now().getTime() ? row : null;
  }

  app.get('/scan/:ticket', async (c) => {
    const words = wordsFor(c.req.header('accept-language'));
    const ticket = await liveTicket(c.req.param('ticket'));
    if (!ticket)
      return c.html(page(words.scanTitle, words, `<p>${escapeHtml(words.invalid)}</p>`), 404);
    const form = chooseUserForm(`/scan/${ticket.ticket}/confirm`, {}, await people(), words);
    return c.html(
      page(
        words.scanTitle,
        words,
        `<h1>${escapeHtml(words.scanTitle)}</h1><p>${escapeHtml(words.scanHint)}</p>${form}`,
      ),
    );
  });

  app.post('/scan/:ticket/confirm', async (c) => {
    const words = wordsFor(c.req.header('accept-language'));
    const ticket = await liveTicket(c.req.param('ticket'));
    const openId = ticket ? await personFrom(await c.req.parseBody()) : null;
    const registered = ticket ? appById(ticket.appId) : undefined;
    if (!ticket || !openId || !registered)
      return c.html(page(words.scanTitle, words, `<p>${escapeHtml(words.invalid)}</p>`), 400);
    await db
      .update(sandboxWechatQrTickets)
      .set({ scannedBy: openId })
      .where(eq(sandboxWechatQrTickets.ticket, ticket.ticket));
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = random(8);
    const signature = wechatSignature(registered.token, timestamp, nonce);
    const xml = `<xml><ToUserName><![CDATA[gh_sandbox]]></ToUserName><FromUserName><![CDATA[${openId}]]></FromUserName><CreateTime>${timestamp}</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event><EventKey><![CDATA[${ticket.sceneStr}]]></EventKey><Ticket><![CDATA[${ticket.ticket}]]></Ticket></xml>`;
    const url = `${registered.eventUrl}?${new URLSearchParams({ signature, timestamp, nonce })}`;
    try {
      const response = await options.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'text/xml' },
        body: xml,
      });
      if (!response.ok)
        options.logger.warn('sandbox: event push refused', { status: response.status });
    } catch (cause) {
      options.logger.warn('sandbox: event push failed', { error: cause });
    }
    return c.html(
      page(
        words.scanTitle,
        words,
        `<h1>${escapeHtml(words.scanTitle)}</h1><p data-scanned>${escapeHtml(words.scanned)}</p>`,
      ),
    );
  });

  return app;
}
