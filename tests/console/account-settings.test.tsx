import { File as NodeFile } from 'node:buffer';
import { files } from '@server/db/schema/index';
import { encodePng } from '@server/lib/png';
import { API_CLIENTS, basicClientAuth, HEADERS } from '@shared/contracts/protocol';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { renderSignedIn } from '../support/console';
import {
  app,
  current,
  en,
  openAs,
  PATH,
  profileOf,
  registerAccountSettingsTests,
  setCurrent,
} from './account-settings-harness';

registerAccountSettingsTests();

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
    // Shown from the bytes fetched with the session (the address alone serves nothing).
    const shown = `data:image/png;base64,${Buffer.from(png).toString('base64')}`;
    await waitFor(() => expect(avatarSrc()).toBe(shown), { timeout: 5000 });
    const url = (await profileOf(seller.token)).headImgUrl;
    expect(url).toMatch(/^\/files\/[0-9a-f-]{36}$/);
    expect(await stored()).toBe(1);
    expect((await app.app.request(url)).status).not.toBe(200);
    const served = await app.app.request(url, {
      headers: {
        [HEADERS.authorization]: basicClientAuth(API_CLIENTS.console),
        [HEADERS.token]: seller.token,
      },
    });
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    await waitFor(() =>
      expect(screen.getByTestId('user-menu').querySelector('img')?.getAttribute('src')).toBe(shown),
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
      setCurrent(
        await renderSignedIn(
          PATH,
          { username: 'load-error@example.com', password: seller.password },
          { app },
        ),
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
    setCurrent(
      await renderSignedIn(
        PATH,
        { username: 'perm-sub@example.com', password: sub.password },
        { app },
      ),
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
    setCurrent(
      await renderSignedIn(
        PATH,
        { username: 'perm-sub2@example.com', password: sub.password },
        { app },
      ),
    );
    await screen.findByTestId('profile-card');
    expect(screen.getByRole('button', { name: en.settings.profile.editName })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.settings.avatar.change })).toBeTruthy();
    expect(screen.getByTestId('password-form')).toBeTruthy();
    expect(screen.getByRole('button', { name: en.settings.wechat.bind })).toBeTruthy();
  });
});
