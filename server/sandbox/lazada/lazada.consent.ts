import { Hono } from 'hono';
import { LAZADA_COUNTRIES } from '../../integrations/marketplace/marketplace.config';
import {
  type ConsentWords,
  consentPage,
  consentWords,
  invalidLinkPage,
} from '../marketplace/consent';
import type { SandboxMarketplaceOptions } from '../marketplace/platform';
import { issueCode, sellerById, sellersOf } from '../marketplace/store';
import { escapeHtml } from '../pages';

/**
 * Lazada's seller login and consent (docId 108260): the seller picks a venture, or "Crossborder"
 * with the Malaysia-site account of a cross-border seller, logs in with an account of that venture
 * and is sent back to the registered redirect_uri with a code valid once for 30 minutes.
 */

const PLATFORM = 'Lazada';
const COLOR = '#0f146d';
const CODE_TTL_SECONDS = 30 * 60;

type Language = 'zh' | 'th' | 'en';

const WORDS: Record<
  Language,
  {
    country: string;
    choose: string;
    change: string;
    mismatch: string;
    noCountry: string;
    countries: Record<(typeof LAZADA_COUNTRIES)[number] | 'cb', string>;
  }
> = {
  zh: {
    country: '国家/地区',
    choose: '请选择',
    change: '切换',
    mismatch:
      '该账号不属于所选国家/地区。请选择账号所在的国家，跨境卖家请选择“Crossborder”并使用马来西亚站点账号登录。',
    noCountry: '请先选择要登录的国家/地区。',
    countries: {
      sg: '新加坡',
      th: '泰国',
      my: '马来西亚',
      vn: '越南',
      ph: '菲律宾',
      id: '印度尼西亚',
      cb: '跨境 (Crossborder)',
    },
  },
  th: {
    country: 'ประเทศ',
    choose: 'โปรดเลือก',
    change: 'เปลี่ยน',
    mismatch:
      'บัญชีนี้ไม่ได้อยู่ในประเทศที่เลือก โปรดเลือกประเทศของบัญชี หรือเลือก "Crossborder" และเข้าสู่ระบบด้วยบัญชีไซต์มาเลเซียสำหรับผู้ขายข้ามพรมแดน',
    noCountry: 'โปรดเลือกประเทศที่จะเข้าสู่ระบบก่อน',
    countries: {
      sg: 'สิงคโปร์',
      th: 'ไทย',
      my: 'มาเลเซีย',
      vn: 'เวียดนาม',
      ph: 'ฟิลิปปินส์',
      id: 'อินโดนีเซีย',
      cb: 'ข้ามพรมแดน (Crossborder)',
    },
  },
  en: {
    country: 'Country',
    choose: 'Choose',
    change: 'Switch',
    mismatch:
      'This account does not belong to the selected country. Choose the country of the account, or "Crossborder" and the Malaysia-site account for a cross-border seller.',
    noCountry: 'Choose the country to log in to first.',
    countries: {
      sg: 'Singapore',
      th: 'Thailand',
      my: 'Malaysia',
      vn: 'Vietnam',
      ph: 'Philippines',
      id: 'Indonesia',
      cb: 'Crossborder',
    },
  },
};

function languageOf(acceptLanguage: string | undefined): Language {
  const first = (acceptLanguage ?? '').toLowerCase();
  if (first.startsWith('zh')) return 'zh';
  if (first.startsWith('th')) return 'th';
  return 'en';
}

const COUNTRY_CHOICES = [...LAZADA_COUNTRIES, 'cb'] as const;
const isCountryChoice = (value: string): value is (typeof COUNTRY_CHOICES)[number] =>
  (COUNTRY_CHOICES as readonly string[]).includes(value);

interface ConsentRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  country: string;
}

/** The query (or posted form) of a consent link, when it is one Lazada would accept for this app. */
function readRequest(
  values: Record<string, unknown>,
  options: SandboxMarketplaceOptions,
): ConsentRequest | null {
  const text = (name: string) => (typeof values[name] === 'string' ? (values[name] as string) : '');
  if (text('client_id') !== options.app.key) return null;
  if (text('redirect_uri') !== options.callbackUrl) return null;
  if (text('response_type') !== 'code') return null;
  if (text('uuid')) return null;
  const country = text('country').toLowerCase();
  return {
    clientId: text('client_id'),
    redirectUri: text('redirect_uri'),
    state: text('state'),
    country: isCountryChoice(country) ? country : '',
  };
}

export function lazadaConsentRoutes(options: SandboxMarketplaceOptions): Hono {
  const { db, clock } = options;
  const app = new Hono();

  async function render(input: {
    path: string;
    request: ConsentRequest;
    words: ConsentWords;
    language: Language;
    error: string | null;
  }) {
    const local = WORDS[input.language];
    const hidden = {
      client_id: input.request.clientId,
      redirect_uri: input.request.redirectUri,
      response_type: 'code',
      state: input.request.state,
    };
    const select = COUNTRY_CHOICES.map(
      (country) =>
        `<option value="${country}"${country === input.request.country ? ' selected' : ''}>${escapeHtml(local.countries[country])}</option>`,
    ).join('');
    const extra = `<form method="get" action="${escapeHtml(input.path)}">${Object.entries(hidden)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join(
        '',
      )}<label>${escapeHtml(local.country)}<select name="country" data-country onchange="this.form.submit()"><option value="">${escapeHtml(local.choose)}</option>${select}</select></label><button class="deny" type="submit">${escapeHtml(local.change)}</button></form>${
      input.error
        ? `<p role="alert" data-error style="color:#c0392b">${escapeHtml(input.error)}</p>`
        : ''
    }`;
    const sellers = await sellersOf(db, 'lazada');
    return consentPage({
      platform: PLATFORM,
      color: COLOR,
      words: input.words,
      action: input.path,
      hidden: { ...hidden, country: input.request.country },
      choices: sellers.map((seller) => ({
        value: seller.id,
        label: seller.name,
        detail: `${seller.login} · ${isCountryChoice(seller.country) ? local.countries[seller.country] : seller.country}`,
      })),
      extra,
      denyAction: `${input.path}/deny`,
    });
  }

  app.get('/auth/oauth/authorize', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const request = readRequest(c.req.query(), options);
    if (!request) return c.html(invalidLinkPage(PLATFORM, COLOR, words), 400);
    return c.html(
      await render({
        path: c.req.path,
        request,
        words,
        language: languageOf(c.req.header('accept-language')),
        error: null,
      }),
    );
  });

  app.post('/auth/oauth/authorize', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const language = languageOf(c.req.header('accept-language'));
    const form = await c.req.parseBody();
    const request = readRequest(form, options);
    const seller =
      request && typeof form.sellerId === 'string'
        ? await sellerById(db, 'lazada', form.sellerId)
        : null;
    if (!request || !seller) return c.html(invalidLinkPage(PLATFORM, COLOR, words), 400);
    if (!request.country || seller.country !== request.country) {
      const error = request.country ? WORDS[language].mismatch : WORDS[language].noCountry;
      return c.html(await render({ path: c.req.path, request, words, language, error }), 400);
    }
    const code = await issueCode(db, clock, {
      platform: 'lazada',
      appKey: options.app.key,
      sellerId: seller.id,
      redirectUri: request.redirectUri,
      ttlSeconds: CODE_TTL_SECONDS,
    });
    const target = new URL(request.redirectUri);
    target.searchParams.set('code', code);
    if (request.state) target.searchParams.set('state', request.state);
    return c.redirect(target.toString(), 302);
  });

  app.post('/auth/oauth/authorize/deny', async (c) => {
    const words = consentWords(c.req.header('accept-language'));
    const request = readRequest(await c.req.parseBody(), options);
    if (!request) return c.html(invalidLinkPage(PLATFORM, COLOR, words), 400);
    const target = new URL(request.redirectUri);
    target.searchParams.set('error', 'access_denied');
    if (request.state) target.searchParams.set('state', request.state);
    return c.redirect(target.toString(), 302);
  });

  return app;
}
