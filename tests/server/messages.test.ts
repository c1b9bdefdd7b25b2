import { defaultConfig } from '@server/config';
import { mailOutbox, messages } from '@server/db/schema/index';
import { createLogger } from '@server/lib/logger';
import { createMailer } from '@server/lib/mailer';
import { findUserByIdentifier } from '@server/modules/accounts/accounts.service';
import { type NotifyInput, notify } from '@server/modules/messages/messages.service';
import { DEMO_ACCOUNT, seedDemo } from '@server/seed/demo';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { readLocale } from '../support/locales';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: true });
});
afterAll(() => t.close());

const LIST = '/api-user/message/getMessageList';
const OPEN = '/api-user/message/getUserMessage';
const READ_ALL = '/api-user/message/readAll';
const SUBSCRIPTION = '/api-user/message/subscription';

let sellers = 0;
async function seller() {
  sellers += 1;
  return makeSeller(t, `messages-${sellers}@example.com`, []);
}

/** notify as a feature calls it, with the app's mail settings when `mail` is asked for. */
function send(userId: string, input: Omit<NotifyInput, 'userId'>, mail = false) {
  const mailer = createMailer({
    db: t.db,
    clock: t.clock,
    logger: createLogger({ level: 'error', write: () => undefined }),
    smtpUrl: t.smtp?.url,
    from: 'Seller Center <no-reply@test>',
  });
  return notify(
    {
      db: t.db,
      clock: t.clock,
      ...(mail ? { mailer, config: { ...defaultConfig, publicUrl: 'https://seller.test' } } : {}),
    },
    null,
    { ...input, userId },
  );
}

async function list(token: string, query = '', language = 'en') {
  const res = await t.call('GET', `${LIST}${query ? `?${query}` : ''}`, { token, language });
  expect(res.body.resp_code, res.text).toBe(0);
  return res.body.datas as {
    records: { id: number; type: number; title: string; isRead: number; jumpId: string | null }[];
    total: number;
    unread: number;
  };
}

const titles = (language: 'zh' | 'th' | 'en') => readLocale(language, 'notifications').titles;

describe('notify and the subscription', () => {
  it('stores a message whose title each reader sees in their own language', async () => {
    const { user, token } = await seller();
    const sent = await send(user.id, {
      type: 1,
      titleKey: 'orderNew',
      params: { orderNo: 'A-100', shop: 'North Shop' },
      jumpId: 'A-100',
    });
    expect(sent).toMatchObject({ messageId: expect.any(Number), mailed: false });
    for (const language of ['zh', 'th', 'en'] as const) {
      const page = await list(token, '', language);
      expect(page.records).toEqual([
        expect.objectContaining({
          id: sent.messageId,
          type: 1,
          isRead: 1,
          jumpId: 'A-100',
          pushType: 'site',
          title: titles(language)
            .orderNew.replace('{{orderNo}}', 'A-100')
            .replace('{{shop}}', 'North Shop'),
        }),
      ]);
    }
  });

  it('starts with every type on in the console and off by e-mail, and keeps what is saved', async () => {
    const { token } = await seller();
    const initial = await t.call('GET', SUBSCRIPTION, { token });
    expect(initial.body.datas.rows).toEqual(
      [1, 2, 3, 4, 5, 6].map((type) => ({ type, site: true, email: false })),
    );
    const saved = await t.call('POST', SUBSCRIPTION, {
      token,
      json: { rows: [{ type: 4, site: false, email: true }] },
    });
    expect(saved.body.resp_code, saved.text).toBe(0);
    expect(saved.body.datas.rows[3]).toEqual({ type: 4, site: false, email: true });
    // Types not sent keep their choice.
    expect(saved.body.datas.rows[0]).toEqual({ type: 1, site: true, email: false });
    const again = await t.call('GET', SUBSCRIPTION, { token });
    expect(again.body.datas).toEqual(saved.body.datas);

    const twice = await t.call('POST', SUBSCRIPTION, {
      token,
      json: {
        rows: [
          { type: 2, site: true, email: true },
          { type: 2, site: false, email: false },
        ],
      },
    });
    expect(twice.body.key).toBe('VALIDATION_FAILED');
    const unknown = await t.call('POST', SUBSCRIPTION, {
      token,
      json: { rows: [{ type: 7, site: true, email: true }] },
    });
    expect(unknown.body.key).toBe('VALIDATION_FAILED');
  });

  it('sends nothing to the console for a type the account turned off there', async () => {
    const { user, token } = await seller();
    await t.call('POST', SUBSCRIPTION, {
      token,
      json: { rows: [{ type: 5, site: false, email: false }] },
    });
    const off = await send(user.id, { type: 5, titleKey: 'couponReceived', params: { name: 'X' } });
    expect(off).toEqual({ messageId: null, mailed: false });
    const on = await send(user.id, {
      type: 4,
      titleKey: 'rechargeArrived',
      params: { amount: '฿1' },
    });
    expect(on.messageId).not.toBeNull();
    const page = await list(token);
    expect(page.records.map((m) => m.type)).toEqual([4]);
  });

  it('also mails a type subscribed by e-mail, in the language of the account’s site', async () => {
    const { user, token } = await seller();
    const before = t.smtp?.countTo(user.email ?? '') ?? 0;
    // E-mail is off by default: nothing is mailed.
    await send(
      user.id,
      { type: 2, titleKey: 'purchaseShipped', params: { purchaseNo: 'P-1' } },
      true,
    );
    expect(t.smtp?.countTo(user.email ?? '')).toBe(before);

    await t.call('POST', SUBSCRIPTION, {
      token,
      json: { rows: [{ type: 2, site: true, email: true }] },
    });
    const sent = await send(
      user.id,
      { type: 2, titleKey: 'purchaseReturned', params: { purchaseNo: 'P-2' }, jumpId: 'P-2' },
      true,
    );
    expect(sent).toMatchObject({ messageId: expect.any(Number), mailed: true });
    const mail = await t.smtp?.latestTo(user.email ?? '', 5000, before);
    // The seller's site is th, so the mail is Thai.
    const title = titles('th').purchaseReturned.replace('{{purchaseNo}}', 'P-2');
    // (Long encoded subjects come back folded: compare without the spaces.)
    const squeeze = (text = '') => text.replace(/\s+/g, '');
    expect(squeeze(mail?.subject)).toContain(squeeze(title));
    // The mail links to the message's page by a short link that opens for this account alone.
    const link = /https:\/\/seller\.test\/cmp\/shortUrlLinkRedirect\/([A-Za-z0-9_-]{10,})/.exec(
      mail?.text ?? '',
    );
    expect(link, mail?.text).not.toBeNull();
    const resolve = (token?: string) =>
      t.call('GET', `/api-user/public/shortUrl?id=${link?.[1]}`, {
        client: false,
        ...(token ? { token } : {}),
      });
    expect((await resolve(token)).body.datas).toEqual({
      target: '/cmp/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=P-2',
    });
    expect((await resolve()).body.key).toBe('SHORT_LINK_SIGN_IN');
    const stranger = await seller();
    const refused = await resolve(stranger.token);
    expect(refused.body).toMatchObject({ key: 'SHORT_LINK_OTHER_ACCOUNT', datas: null });
    expect(mail?.text).toContain('https://seller.test/cmp/account/messageSubscribe');
    const [row] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.id, sent.messageId ?? 0));
    expect(row?.pushType).toBe('site,email');

    // Only e-mail: mailed, and no message in the console.
    await t.call('POST', SUBSCRIPTION, {
      token,
      json: { rows: [{ type: 2, site: false, email: true }] },
    });
    const mailOnly = await send(
      user.id,
      { type: 2, titleKey: 'purchaseApproved', params: { purchaseNo: 'P-3' } },
      true,
    );
    expect(mailOnly).toEqual({ messageId: null, mailed: true });
    const outbox = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, user.email ?? ''));
    expect(outbox.map((m) => m.subject)).toContain(
      readLocale('th', 'notifications').mail.subject.replace(
        '{{title}}',
        titles('th').purchaseApproved.replace('{{purchaseNo}}', 'P-3'),
      ),
    );
  });
});

describe('getMessageList', () => {
  it('lists the newest first, filters by type and read state, pages, and counts unread over all', async () => {
    const { user, token } = await seller();
    const sent: number[] = [];
    for (const [index, type] of ([1, 2, 3, 1, 6, 1] as const).entries()) {
      t.clock.advance(60_000);
      const { messageId } = await send(user.id, {
        type,
        titleKey: 'notice',
        jumpId: `J-${index}`,
      });
      sent.push(messageId ?? 0);
    }
    const newestFirst = [...sent].reverse();
    await t.call('GET', `${OPEN}?messageId=${sent[0]}`, { token });
    await t.call('GET', `${OPEN}?messageId=${sent[3]}`, { token });

    const all = await list(token);
    expect(all.records.map((m) => m.id)).toEqual(newestFirst);
    expect(all).toMatchObject({ total: 6, unread: 4 });

    const orders = await list(token, 'type=1');
    expect(orders.records.map((m) => m.id)).toEqual([sent[5], sent[3], sent[0]]);
    expect(orders).toMatchObject({ total: 3, unread: 4 });

    const unreadOrders = await list(token, 'type=1&isRead=1');
    expect(unreadOrders.records.map((m) => m.id)).toEqual([sent[5]]);
    expect(unreadOrders.total).toBe(1);

    const read = await list(token, 'isRead=2');
    expect(read.records.map((m) => m.id)).toEqual([sent[3], sent[0]]);

    const second = await list(token, 'page=2&limit=4');
    expect(second.records.map((m) => m.id)).toEqual(newestFirst.slice(4));
    expect(second.total).toBe(6);

    for (const bad of ['type=7', 'isRead=3', 'limit=500', 'page=0', 'type=x']) {
      const res = await t.call('GET', `${LIST}?${bad}`, { token });
      expect(res.body.key, bad).toBe('VALIDATION_FAILED');
    }
  });

  it('shows an account only its own messages, and needs a session', async () => {
    const mine = await seller();
    const theirs = await seller();
    await send(theirs.user.id, { type: 6, titleKey: 'notice' });
    expect(await list(mine.token)).toEqual({
      records: [],
      total: 0,
      unread: 0,
      next: null,
      previous: null,
    });
    const anonymous = await t.call('GET', LIST);
    expect(anonymous.status).toBe(401);
  });
});

describe('getUserMessage', () => {
  it('marks the message read and returns its datas in the reader’s language', async () => {
    const { user, token } = await seller();
    const { messageId } = await send(user.id, {
      type: 6,
      titleKey: 'maintenance',
      params: { date: '2026-11-20' },
      datas: {
        title: { zh: '系统维护', th: 'ปิดปรับปรุง', en: 'Maintenance' },
        content: 'Plain text for everyone',
        window: '02:00-04:00',
      },
    });
    t.clock.advance(5_000);
    const opened = await t.call('GET', `${OPEN}?messageId=${messageId}`, { token, language: 'th' });
    expect(opened.body.resp_code, opened.text).toBe(0);
    expect(opened.body.datas).toMatchObject({
      id: messageId,
      type: 6,
      isRead: 2,
      readTime: t.clock.now().toISOString(),
      title: titles('th').maintenance.replace('{{date}}', '2026-11-20'),
      datas: { title: 'ปิดปรับปรุง', content: 'Plain text for everyone', window: '02:00-04:00' },
    });
    expect((await list(token)).unread).toBe(0);

    // Opening again keeps the first reading time.
    t.clock.advance(60_000);
    const again = await t.call('GET', `${OPEN}?messageId=${messageId}`, { token });
    expect(again.body.datas.readTime).toBe(opened.body.datas.readTime);
  });

  it('answers "not found" for another account’s message and leaves it unread', async () => {
    const owner = await seller();
    const stranger = await seller();
    const { messageId } = await send(owner.user.id, { type: 1, titleKey: 'notice', jumpId: 'X' });
    const res = await t.call('GET', `${OPEN}?messageId=${messageId}`, { token: stranger.token });
    expect(res.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    const missing = await t.call('GET', `${OPEN}?messageId=999999999`, { token: owner.token });
    expect(missing.body).toMatchObject({ key: 'RECORD_NOT_FOUND', datas: null });
    expect((await list(owner.token)).unread).toBe(1);
    const bad = await t.call('GET', `${OPEN}?messageId=abc`, { token: owner.token });
    expect(bad.body.key).toBe('VALIDATION_FAILED');
  });
});

describe('readAll', () => {
  it('marks every unread message of the account read and counts them; others keep theirs', async () => {
    const { user, token } = await seller();
    const other = await seller();
    for (const type of [1, 2, 3] as const) await send(user.id, { type, titleKey: 'notice' });
    await send(other.user.id, { type: 1, titleKey: 'notice' });
    const done = await t.call('GET', READ_ALL, { token });
    expect(done.body).toMatchObject({ resp_code: 0, datas: { count: 3 } });
    expect(await list(token)).toMatchObject({ total: 3, unread: 0 });
    expect((await t.call('GET', READ_ALL, { token })).body.datas).toEqual({ count: 0 });
    expect((await list(other.token)).unread).toBe(1);
  });
});

describe('permissions', () => {
  it('needs the message center’s readAll button and the subscription’s edit button', async () => {
    const main = await seller();
    const sub = await makeSubAccount(
      t,
      main.token,
      `messages-sub-${sellers}@example.com`,
      [],
      [
        { url: '/account/messageCenter', buttons: [] },
        { url: '/account/messageSubscribe', buttons: [] },
      ],
    );
    // Its own messages it may always list and open.
    const subUser = await findUserByIdentifier(t, null, `messages-sub-${sellers}@example.com`);
    const { messageId } = await send(subUser?.id ?? '', { type: 3, titleKey: 'notice' });
    expect((await list(sub.token)).total).toBe(1);
    const opened = await t.call('GET', `${OPEN}?messageId=${messageId}`, { token: sub.token });
    expect(opened.body.resp_code, opened.text).toBe(0);

    expect((await t.call('GET', READ_ALL, { token: sub.token })).body.key).toBe(
      'PERMISSION_DENIED',
    );
    expect((await t.call('GET', SUBSCRIPTION, { token: sub.token })).body.resp_code).toBe(0);
    const save = await t.call('POST', SUBSCRIPTION, {
      token: sub.token,
      json: { rows: [{ type: 1, site: false, email: false }] },
    });
    expect(save.body.key).toBe('PERMISSION_DENIED');
  });
});

describe('demo messages', () => {
  it('gives the demo seller messages of every type, read and unread, with a notice to open', async () => {
    const demo = await createTestApp();
    try {
      await seedDemo(demo);
      const token = await login(demo, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      const res = await demo.call('GET', `${LIST}?limit=50`, { token, language: 'zh' });
      const page = res.body.datas as { records: { id: number; type: number; isRead: number }[] };
      expect(new Set(page.records.map((m) => m.type))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
      expect(page.records.some((m) => m.isRead === 1)).toBe(true);
      expect(page.records.some((m) => m.isRead === 2)).toBe(true);
      expect(res.body.datas.unread).toBe(page.records.filter((m) => m.isRead === 1).length);
      const notice = page.records.find((m) => m.type === 6 && m.isRead === 1);
      const opened = await demo.call('GET', `${OPEN}?messageId=${notice?.id}`, {
        token,
        language: 'zh',
      });
      expect(opened.body.datas.datas).toMatchObject({
        title: '系统维护通知',
        content: expect.stringContaining('维护'),
      });
    } finally {
      await demo.close();
    }
  });
});
