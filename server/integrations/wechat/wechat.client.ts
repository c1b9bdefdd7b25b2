import { createHash, timingSafeEqual } from 'node:crypto';
import type { WechatConfig } from '../../config';
import { AppError } from '../../lib/errors';

/** WeChat answers errors with HTTP 200 and `errcode`/`errmsg` in the body. */
interface WechatError {
  errcode?: number;
  errmsg?: string;
}

async function getJson<T>(fetcher: typeof fetch, url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetcher(url, init);
  } catch (cause) {
    throw new AppError('THIRD_PARTY_FAILED', { cause });
  }
  const body = (await response.json().catch(() => null)) as (T & WechatError) | null;
  if (!response.ok || !body || (body.errcode !== undefined && body.errcode !== 0)) {
    throw new AppError('THIRD_PARTY_FAILED', {
      cause: new Error(`WeChat ${url.split('?')[0]}: ${body?.errcode} ${body?.errmsg}`),
    });
  }
  return body;
}

/** WeChat's push signature: SHA-1 of token, timestamp and nonce, sorted and joined. */
export function wechatSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

/** Reads one field of a WeChat XML message (CDATA or plain). */
export function xmlField(xml: string, name: string): string | null {
  const match = xml.match(
    new RegExp(`<${name}>(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))</${name}>`),
  );
  return match ? (match[1] ?? match[2] ?? '') : null;
}

/**
 * The calls we make to WeChat: the Open Platform's QR sign-in (snsapi_login), and the official
 * account's temporary QR codes and user info for binding. Hosts come from configuration (the
 * sandbox when no credentials are set).
 */
export function createWechatClient(config: WechatConfig, fetcher: typeof fetch) {
  let appToken: { value: string; expiresAt: number } | null = null;

  async function accessToken(now: number): Promise<string> {
    if (appToken && appToken.expiresAt - 60_000 > now) return appToken.value;
    const query = new URLSearchParams({
      grant_type: 'client_credential',
      appid: config.appId,
      secret: config.appSecret,
    });
    const body = await getJson<{ access_token: string; expires_in: number }>(
      fetcher,
      `${config.apiBase}/cgi-bin/token?${query}`,
    );
    appToken = { value: body.access_token, expiresAt: now + body.expires_in * 1000 };
    return body.access_token;
  }

  return {
    /** The page that shows the sign-in QR code; WeChat sends the person back to redirectUri with a code. */
    authorizeUrl(redirectUri: string, state: string): string {
      const query = new URLSearchParams({
        appid: config.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${config.openBase}/connect/qrconnect?${query}#wechat_redirect`;
    },

    /** Exchanges the sign-in code for the person's openid. */
    async exchangeCode(code: string): Promise<{ openId: string; accessToken: string }> {
      const query = new URLSearchParams({
        appid: config.appId,
        secret: config.appSecret,
        code,
        grant_type: 'authorization_code',
      });
      const body = await getJson<{ access_token: string; openid: string }>(
        fetcher,
        `${config.apiBase}/sns/oauth2/access_token?${query}`,
      );
      return { openId: body.openid, accessToken: body.access_token };
    },

    /** A temporary QR code of the official account carrying a scene; scanning it pushes an event to us. */
    async createTempQr(
      sceneStr: string,
      expireSeconds: number,
      now: number,
    ): Promise<{ ticket: string; url: string }> {
      const token = await accessToken(now);
      return getJson<{ ticket: string; url: string }>(
        fetcher,
        `${config.apiBase}/cgi-bin/qrcode/create?access_token=${token}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            expire_seconds: expireSeconds,
            action_name: 'QR_STR_SCENE',
            action_info: { scene: { scene_str: sceneStr } },
          }),
        },
      );
    },

    /** The nickname of a follower of the official account. */
    async followerNickname(openId: string, now: number): Promise<string> {
      const token = await accessToken(now);
      const query = new URLSearchParams({ access_token: token, openid: openId, lang: 'zh_CN' });
      const body = await getJson<{ nickname?: string }>(
        fetcher,
        `${config.apiBase}/cgi-bin/user/info?${query}`,
      );
      return body.nickname ?? '';
    },

    /** Whether a push really came from WeChat (signature over our token), and is fresh. */
    verifyPush(
      query: { signature?: string; timestamp?: string; nonce?: string },
      now: number,
    ): boolean {
      const { signature, timestamp, nonce } = query;
      if (!signature || !timestamp || !nonce) return false;
      if (Math.abs(now / 1000 - Number(timestamp)) > 300) return false;
      const expected = Buffer.from(wechatSignature(config.token, timestamp, nonce));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export type WechatClient = ReturnType<typeof createWechatClient>;
