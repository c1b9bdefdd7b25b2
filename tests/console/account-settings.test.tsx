import { File as NodeFile } from 'node:buffer';
import { files } from '@server/db/schema/index';
import { encodePng } from '@server/lib/png';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';

const en = {
  settings: readLocale('en', 'settings'),
  common: readLocale('en', 'common'),
  errors: readLocale('en', 'errors'),
  validation: readLocale('en', 'validation'),
};
const PATH = '/cmp/account/accountSetting';
/** The bind modal asks every 2 s; give a scan a few rounds to show. */
const POLL = { timeout: 8000 };

let app: TestApp;
let current: Awaited<ReturnType<typeof renderSignedIn>> | undefined;

beforeAll(async () => {
  app = await createTestApp({ smtp: true });
});
afterEach(async () => {
  await current?.close();
  current = undefined;
});
afterAll(() => app.close());

/** A main account onboarded on the Thai site (as the console requires), signed in on the settings page. */
async function openAs(email: string) {
  const seller = await makeSeller(app, email, []);
  const onboarded = await app.call('POST', '/api-user/user/onboarding', {
    token: seller.token,
    json: { site: 'th', businessType: 'crossBorder' },
  });
  expect(onboarded.body.resp_code, onboarded.text).toBe(0);
  current = await renderSignedIn(PATH, { username: email, password: seller.password }, { app });
  await screen.findByTestId('profile-card', {}, { timeout: 10_000 });
  return seller;
}

const profileOf = async (token: string) =>
  (await app.call('GET', '/user-center/user/getUserInfo', { token })).body.datas;

/** What a person does on the sandbox's phone page after scanning a binding QR code. */
async function scan(scanUrl: string, person: { nickname?: string; openId?: string }) {
  const path = new URL(scanUrl).pathname;
  expect((await app.sandbox.request(path)).status).toBe(200);
  const done = await app.sandbox.request(`${path}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(
      person.openId ? { openId: person.openId } : { nickname: person.nickname ?? 'Tester' },
    ),
  });
  expect(await done.text()).toContain('data-scanned');
}

/** The sandbox's WeChat user of this nickname (its phone page lists the people who used it). */
async function openIdOf(scanUrl: string, nickname: string): Promise<string> {
  const page = await (await app.sandbox.request(new URL(scanUrl).pathname)).text();
  const openId = page.match(new RegExp(`data-openid="([^"]+)"[^>]*>${nickname}`))?.[1];
  if (!openId) throw new Error(`no sandbox WeChat user ${nickname}`);
  return openId;
}

async function openBindModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: en.settings.wechat.bind }));
  const dialog = await screen.findByRole('dialog');
  const link = await within(dialog).findByTestId('wechat-scan-link');
  return { dialog, scanUrl: link.getAttribute('href') ?? '' };
}

describe('account settings: profile', () => {
  it('shows the account’s facts, and renames it: page, header and server, checked with the shared schema', async () => {
    const seller = await openAs('rename@example.com');
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(en.settings.title);
    expect(screen.getByTestId('profile-name').textContent).toBe('rename');
    expect(screen.getByTestId('profile-email').textContent).toBe('rename@example.com');
    expect(screen.getByTestId('profile-phone').textContent).toBe(en.settings.notSet);
    expect(screen.getByTestId('profile-account-type').textContent).toBe(
      en.settings.profile.mainAccount,
    );
    expect(screen.getByTestId('profile-site').textContent).toBe(en.common.sites.th);
    expect(screen.getByTestId('profile-business-type').textContent).toBe(
      en.common.businessTypes.crossBorder,
    );
    // The account's creation date (the test clock's), day first.
    const { createdAt } = await profileOf(seller.token);
    expect(screen.getByTestId('profile-member-since').textContent).toBe(
      new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(new Date(createdAt)),
    );
    expect(screen.getByTestId('profile-member-since').textContent).toMatch(/^\d{1,2} Nov 2026$/);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.settings.profile.editName }));
    const field = screen.getByLabelText(en.settings.profile.name);
    expect(document.activeElement).toBe(field);
    // Blank after trimming: refused on the field, nothing sent.
    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(await screen.findByText(en.validation.required)).toBeTruthy();
    await user.clear(field);
    await user.type(field, `${'x'.repeat(41)}{Enter}`);
    expect(
      await screen.findByText(en.validation.tooLong.replace('{{maximum}}', '40')),
    ).toBeTruthy();
    expect((await profileOf(seller.token)).name).toBe('rename');
    // Escape leaves the name as it was.
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText(en.settings.profile.name)).toBeNull();
    expect(screen.getByTestId('profile-name').textContent).toBe('rename');

    await user.click(screen.getByRole('button', { name: en.settings.profile.editName }));
    const again = screen.getByLabelText(en.settings.profile.name);
    await user.clear(again);
    await user.type(again, '  Nok Shop  {Enter}');
    await waitFor(() => expect(screen.getByTestId('profile-name').textContent).toBe('Nok Shop'));
    await waitFor(() => expect(screen.getByTestId('user-name').textContent).toBe('Nok Shop'));
    expect((await profileOf(seller.token)).name).toBe('Nok Shop');
    expect(current?.session.getState().snapshot.session?.user.name).toBe('Nok Shop');
  });

  it('uploads an avatar and removes it; a wrong type or a file over 2 MB is refused before any upload', async () => {
    const seller = await openAs('avatar@example.com');
    const stored = async () =>
      (await app.db.select({ id: files.id }).from(files).where(eq(files.ownerId, seller.user.id)))
        .length;
    const user = userEvent.setup({ applyAccept: false });
    const input = screen.getByLabelText(en.settings.avatar.change) as HTMLInputElement;
    // The server runs in-process, under jsdom's globals. Two of its checks need Node's: the upload
    // route's `file instanceof File` (its multipart parser makes Node Files) and the database
    // driver's `bytea instanceof Uint8Array` (a Buffer is a Node Uint8Array). They get Node's
    // classes for this test, as they have in production.
    const JsdomFile = globalThis.File;
    const JsdomUint8Array = globalThis.Uint8Array;
    globalThis.File = NodeFile as unknown as typeof File;
    globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
    onTestFinished(() => {
      globalThis.File = JsdomFile;
      globalThis.Uint8Array = JsdomUint8Array;
    });

    await user.upload(input, new JsdomFile(['just text'], 'notes.txt', { type: 'text/plain' }));
    expect((await screen.findByTestId('avatar-error')).textContent).toBe(
      en.settings.avatar.wrongType,
    );
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    await user.upload(input, new JsdomFile([big], 'huge.png', { type: 'image/png' }));
    await waitFor(() =>
      expect(screen.getByTestId('avatar-error').textContent).toBe(en.settings.avatar.tooLarge),
    );
    expect(await stored()).toBe(0);
    expect((await profileOf(seller.token)).headImgUrl).toBe('');

    const png = encodePng(2, 2, new Uint8Array(16).fill(120));
    await user.upload(input, new JsdomFile([new Uint8Array(png)], 'me.png', { type: 'image/png' }));
    const avatarSrc = () =>
      screen.getByTestId('settings-avatar').querySelector('img')?.getAttribute('src');
    await waitFor(() => expect(avatarSrc()).toMatch(/^\/files\/[0-9a-f-]{36}$/), { timeout: 5000 });
    const url = avatarSrc();
    expect((await profileOf(seller.token)).headImgUrl).toBe(url);
    expect(await stored()).toBe(1);
    const served = await app.app.request(url ?? '');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('user-menu').querySelector('img')?.getAttribute('src')).toBe(url),
    );
    expect(screen.queryByTestId('avatar-error')).toBeNull();

    await user.click(screen.getByRole('button', { name: en.settings.avatar.remove }));
    await waitFor(() =>
      expect(screen.getByTestId('settings-avatar').querySelector('img')).toBeNull(),
    );
    expect(screen.getByTestId('settings-avatar').textContent).toBe('A');
    expect((await profileOf(seller.token)).headImgUrl).toBe('');
    await waitFor(() => expect(screen.getByTestId('user-menu').querySelector('img')).toBeNull());
  });

  it('shows skeletons while the profile loads, and a retry when loading fails', async () => {
    const original = app.app.fetch;
    let release: (() => void) | undefined;
    let fail = true;
    app.app.fetch = async (request: Request, ...rest: unknown[]) => {
      if (new URL(request.url).pathname === '/user-center/user/getUserInfo' && fail) {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return new Response('upstream down', { status: 502 });
      }
      return (original as (...args: unknown[]) => Response | Promise<Response>)(request, ...rest);
    };
    try {
      const seller = await makeSeller(app, 'load-error@example.com', []);
      await app.call('POST', '/api-user/user/onboarding', {
        token: seller.token,
        json: { site: 'th', businessType: 'local' },
      });
      current = await renderSignedIn(
        PATH,
        { username: 'load-error@example.com', password: seller.password },
        { app },
      );
      expect(await screen.findByTestId('settings-loading')).toBeTruthy();
      expect(screen.queryByTestId('profile-card')).toBeNull();
      await waitFor(() => expect(release).toBeDefined());
      release?.();
      const failed = await screen.findByTestId('settings-load-error');
      expect(failed.textContent).toContain(en.settings.loadFailed);
      expect(failed.textContent).toContain(en.errors.RESPONSE_INVALID);
      fail = false;
      await userEvent
        .setup()
        .click(within(failed).getByRole('button', { name: en.common.actions.retry }));
      expect((await screen.findByTestId('profile-business-type')).textContent).toBe(
        en.common.businessTypes.local,
      );
    } finally {
      app.app.fetch = original;
    }
  });
});

describe('account settings: password', () => {
  it('shows the server’s message for a wrong current password, then changes it and signs other devices out', async () => {
    const seller = await openAs('password@example.com');
    const otherDevice = (
      await app.call('POST', '/api-uaa/oauth/loginByPassword', {
        json: { username: 'password@example.com', password: seller.password },
      })
    ).body.datas.access_token as string;
    expect((await app.call('GET', '/api-user/user/userInfo', { token: otherDevice })).status).toBe(
      200,
    );
    const user = userEvent.setup();
    const form = screen.getByTestId('password-form');
    expect(form.textContent).toContain(en.settings.password.rule);
    const old = within(form).getByLabelText(en.settings.password.old);
    const next = within(form).getByLabelText(en.settings.password.new);
    const confirm = within(form).getByLabelText(en.settings.password.confirm);

    // Checked with the shared schema first: a mismatch never reaches the server.
    await user.type(old, 'Wrong-pass9');
    await user.type(next, 'Fresh-pass2');
    await user.type(confirm, 'Fresh-pass3{Enter}');
    expect(await within(form).findByText(en.validation.passwordMismatch)).toBeTruthy();
    expect(within(form).queryByTestId('password-error')).toBeNull();

    await user.clear(confirm);
    await user.type(confirm, 'Fresh-pass2{Enter}');
    expect((await within(form).findByTestId('password-error')).textContent).toBe(
      en.errors.OLD_PASSWORD_WRONG,
    );
    expect((await app.call('GET', '/api-user/user/userInfo', { token: otherDevice })).status).toBe(
      200,
    );

    await user.clear(old);
    await user.type(old, `${seller.password}{Enter}`);
    expect(await screen.findByText(en.settings.password.changed)).toBeTruthy();
    await waitFor(() => expect((old as HTMLInputElement).value).toBe(''));
    expect((next as HTMLInputElement).value).toBe('');
    expect((confirm as HTMLInputElement).value).toBe('');
    expect(within(form).queryByTestId('password-error')).toBeNull();

    expect((await app.call('GET', '/api-user/user/userInfo', { token: otherDevice })).status).toBe(
      401,
    );
    // This device stays signed in, and the new password is the one that works.
    expect(
      (await app.call('GET', '/api-user/user/userInfo', { token: current?.token ?? '' })).status,
    ).toBe(200);
    const relogin = await app.call('POST', '/api-uaa/oauth/loginByPassword', {
      json: { username: 'password@example.com', password: 'Fresh-pass2' },
    });
    expect(relogin.body.resp_code).toBe(0);
  });
});

describe('account settings: WeChat', () => {
  it('binds WeChat by scanning the QR code; the card then shows the nickname', async () => {
    const seller = await openAs('bind@example.com');
    expect(screen.getByTestId('wechat-state').textContent).toBe(en.settings.wechat.notBound);
    const user = userEvent.setup();
    const { dialog, scanUrl } = await openBindModal(user);
    expect(
      within(dialog).getByRole('img', { name: en.settings.wechat.bindModal.qrAlt }),
    ).toBeTruthy();
    expect(within(dialog).getByTestId('wechat-qr').getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect(within(dialog).getByTestId('wechat-qr-countdown').textContent).toMatch(
      /^Expires in [45]:\d\d$/,
    );
    const link = within(dialog).getByTestId('wechat-scan-link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe(en.settings.wechat.bindModal.openScanPage);

    await scan(scanUrl, { nickname: 'Somchai WeChat' });
    expect((await screen.findByTestId('wechat-nickname', {}, POLL)).textContent).toBe(
      'Somchai WeChat',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('wechat-state').textContent).toBe(en.settings.wechat.bound);
    expect(await screen.findByText(en.settings.wechat.bindModal.success)).toBeTruthy();
    expect((await profileOf(seller.token)).wechat).toMatchObject({ nickname: 'Somchai WeChat' });
  });

  it('says when the WeChat is bound to another account, and when the code expired, each with a new code', async () => {
    // Another account holds this WeChat already.
    const holder = await makeSeller(app, 'holder@example.com', []);
    const held = await app.call('POST', '/api-user/user/get/tempQrcode', { token: holder.token });
    await scan(held.body.datas.scanUrl, { nickname: 'Shared phone' });
    const openId = await openIdOf(held.body.datas.scanUrl, 'Shared phone');

    const seller = await openAs('taken@example.com');
    const user = userEvent.setup();
    const first = await openBindModal(user);
    await scan(first.scanUrl, { openId });
    const problem = await within(first.dialog).findByTestId('wechat-qr-problem', {}, POLL);
    expect(problem.textContent).toBe(en.settings.wechat.bindModal.taken);
    expect(within(first.dialog).queryByTestId('wechat-qr-countdown')).toBeNull();
    await user.click(
      within(first.dialog).getByRole('button', { name: en.settings.wechat.bindModal.refresh }),
    );
    await waitFor(() =>
      expect(within(first.dialog).getByTestId('wechat-scan-link').getAttribute('href')).not.toBe(
        first.scanUrl,
      ),
    );
    await waitFor(() => expect(within(first.dialog).queryByTestId('wechat-qr-problem')).toBeNull());
    expect((await profileOf(seller.token)).wechat).toBeNull();

    // The server's clock passes the code's five minutes: the next answer is "expired".
    app.clock.advance(5 * 60 * 1000 + 1000);
    expect(
      (await within(first.dialog).findByTestId('wechat-qr-problem', {}, POLL)).textContent,
    ).toBe(en.settings.wechat.bindModal.expired);
    const expiredUrl =
      within(first.dialog).getByTestId('wechat-scan-link').getAttribute('href') ?? '';
    await user.click(
      within(first.dialog).getByRole('button', { name: en.settings.wechat.bindModal.refresh }),
    );
    await waitFor(() =>
      expect(within(first.dialog).getByTestId('wechat-scan-link').getAttribute('href')).not.toBe(
        expiredUrl,
      ),
    );
    expect(await within(first.dialog).findByTestId('wechat-qr-countdown')).toBeTruthy();
    // Escape closes the modal and the polling with it.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('unbinds with the mailed code: a wrong code is refused with the server’s message, the right one unbinds', async () => {
    const seller = await makeSeller(app, 'unbind@example.com', []);
    await app.call('POST', '/api-user/user/onboarding', {
      token: seller.token,
      json: { site: 'th', businessType: 'crossBorder' },
    });
    const qr = await app.call('POST', '/api-user/user/get/tempQrcode', { token: seller.token });
    await scan(qr.body.datas.scanUrl, { nickname: 'To unbind' });
    current = await renderSignedIn(
      PATH,
      { username: 'unbind@example.com', password: seller.password },
      { app },
    );
    expect((await screen.findByTestId('wechat-nickname')).textContent).toBe('To unbind');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.settings.wechat.unbind }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('unbind@example.com');
    // Unbinding without a code is refused on the field.
    await user.click(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.submit }),
    );
    expect(await within(dialog).findByText(en.validation.invalidFormat)).toBeTruthy();

    await user.click(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.sendCode }),
    );
    const resend = await within(dialog).findByRole('button', { name: /^Resend in \d+ s$/ });
    expect(resend.hasAttribute('disabled')).toBe(true);
    const code = (await app.smtp?.codeFor('unbind@example.com')) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const [firstDigit] = within(dialog).getAllByLabelText(en.settings.wechat.unbindModal.code);
    if (!firstDigit) throw new Error('no code input');
    await user.click(firstDigit);
    await user.keyboard(code === '000000' ? '111111' : '000000');
    await user.keyboard('{Enter}');
    expect((await within(dialog).findByTestId('unbind-error')).textContent).toBe(
      en.errors.CODE_INVALID,
    );
    expect((await profileOf(seller.token)).wechat).not.toBeNull();

    for (const input of within(dialog).getAllByLabelText(en.settings.wechat.unbindModal.code))
      await user.clear(input);
    await user.click(firstDigit);
    await user.keyboard(code);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(en.settings.wechat.unbindModal.success)).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId('wechat-state').textContent).toBe(en.settings.wechat.notBound),
    );
    expect(screen.queryByTestId('wechat-nickname')).toBeNull();
    expect((await profileOf(seller.token)).wechat).toBeNull();
  });
  it('tells an account without an email that no code can be sent, with the server’s refusal inline', async () => {
    const { createAccount } = await import('@server/modules/users/users.service');
    const phone = '+66812345670';
    const password = 'Phone-pass1';
    await createAccount(app.db, app.clock, {
      phone,
      password,
      name: 'Phone seller',
      role: 'BUYER',
      site: 'th',
    });
    const token = (
      await app.call('POST', '/api-uaa/oauth/loginByPassword', {
        json: { username: phone, password },
      })
    ).body.datas.access_token as string;
    await app.call('POST', '/api-user/user/onboarding', {
      token,
      json: { site: 'th', businessType: 'local' },
    });
    const qr = await app.call('POST', '/api-user/user/get/tempQrcode', { token });
    await scan(qr.body.datas.scanUrl, { nickname: 'Phone only' });
    current = await renderSignedIn(PATH, { username: phone, password }, { app });
    expect((await screen.findByTestId('profile-email', {}, { timeout: 10_000 })).textContent).toBe(
      en.settings.notSet,
    );
    expect(screen.getByTestId('profile-phone').textContent).toBe(phone);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: en.settings.wechat.unbind }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(en.settings.wechat.unbindModal.noEmail)).toBeTruthy();
    await user.click(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.sendCode }),
    );
    expect((await within(dialog).findByTestId('unbind-error')).textContent).toBe(
      en.errors.PERMISSION_DENIED,
    );
    // No countdown starts: nothing was sent.
    expect(
      within(dialog).getByRole('button', { name: en.settings.wechat.unbindModal.sendCode }),
    ).toBeTruthy();
    expect((await profileOf(token)).wechat).toMatchObject({ nickname: 'Phone only' });
  });
});

describe('account settings: button permissions', () => {
  it('hides editing, the password form and WeChat binding from a sub-account not granted them', async () => {
    const main = await makeSeller(app, 'perm-main@example.com', []);
    await app.call('POST', '/api-user/user/onboarding', {
      token: main.token,
      json: { site: 'th', businessType: 'both' },
    });
    const sub = await makeSubAccount(
      app,
      main.token,
      'perm-sub@example.com',
      [],
      [{ url: '/account/accountSetting', buttons: [] }],
    );
    current = await renderSignedIn(
      PATH,
      { username: 'perm-sub@example.com', password: sub.password },
      { app },
    );
    await screen.findByTestId('profile-card');
    expect(screen.getByTestId('profile-account-type').textContent).toBe(
      en.settings.profile.subAccount,
    );
    expect(screen.getByTestId('profile-business-type').textContent).toBe(
      en.common.businessTypes.both,
    );
    expect(screen.queryByRole('button', { name: en.settings.profile.editName })).toBeNull();
    expect(screen.queryByRole('button', { name: en.settings.avatar.change })).toBeNull();
    expect(screen.queryByTestId('password-form')).toBeNull();
    expect(screen.getByTestId('password-not-allowed').textContent).toBe(
      en.settings.password.noPermission,
    );
    expect(screen.queryByRole('button', { name: en.settings.wechat.bind })).toBeNull();
  });

  it('offers every action to a sub-account granted the three buttons', async () => {
    const main = await makeSeller(app, 'perm-main2@example.com', []);
    await app.call('POST', '/api-user/user/onboarding', {
      token: main.token,
      json: { site: 'th', businessType: 'both' },
    });
    const sub = await makeSubAccount(
      app,
      main.token,
      'perm-sub2@example.com',
      [],
      [{ url: '/account/accountSetting', buttons: ['edit', 'changePassword', 'bindWechat'] }],
    );
    current = await renderSignedIn(
      PATH,
      { username: 'perm-sub2@example.com', password: sub.password },
      { app },
    );
    await screen.findByTestId('profile-card');
    expect(screen.getByRole('button', { name: en.settings.profile.editName })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.settings.avatar.change })).toBeTruthy();
    expect(screen.getByTestId('password-form')).toBeTruthy();
    expect(screen.getByRole('button', { name: en.settings.wechat.bind })).toBeTruthy();
  });
});
