import { DEMO_ACCOUNT } from '@server/seed/demo';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished } from 'vitest';
import { interceptRequests } from '../support/app';
import { renderConsole } from '../support/console';
import { gapOfPuzzleOnScreen, slideWithKeyboard } from '../support/slider-screen';
import { en, fillLogin, registerLoginTests, rendered, setCurrent } from './login-harness';

registerLoginTests();

const LOGIN = '/api-uaa/oauth/loginByPassword';
const submitButton = () => screen.getByRole('button', { name: en.auth.actions.submit });

describe('login page after several failed sign-ins for the account', () => {
  it('shows the slider when the server asks for it, takes a fresh one for each try, and signs in once solved', async () => {
    setCurrent(await renderConsole('/cmp/login'));
    const { app } = rendered();
    for (let i = 0; i < 5; i++) {
      const res = await app.call('POST', LOGIN, {
        json: { username: DEMO_ACCOUNT.email, password: `wrong-${i}` },
      });
      expect(res.body.key).toBe('BAD_CREDENTIALS');
    }
    expect(screen.queryByTestId('login-step-up')).toBeNull();
    await fillLogin(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    expect((await screen.findByTestId('login-error')).textContent).toBe(
      en.errors.LOGIN_CAPTCHA_REQUIRED,
    );
    const stepUp = await screen.findByTestId('login-step-up');
    expect(stepUp.textContent).toContain(en.auth.stepUp.intro);
    const user = userEvent.setup();

    // Sending without solving it asks for it, without a try on the server.
    const signIns: string[] = [];
    onTestFinished(
      interceptRequests(app.app, (request, next) => {
        if (new URL(request.url).pathname === LOGIN) signIns.push(request.method);
        return next(request);
      }),
    );
    await gapOfPuzzleOnScreen(app);
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(en.errors.CAPTCHA_REQUIRED),
    );
    expect(signIns).toEqual([]);

    // A wrong password with a solved puzzle is refused, and a new puzzle takes the old one's place.
    const password = screen.getByLabelText(en.auth.fields.password);
    await user.clear(password);
    await user.type(password, 'still-wrong');
    await slideWithKeyboard(user, await gapOfPuzzleOnScreen(app));
    const first = screen.getByTestId('slider-captcha').getAttribute('data-challenge');
    await waitFor(() =>
      expect(screen.getByTestId('slider-captcha').getAttribute('data-status')).toBe('solved'),
    );
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getByTestId('login-error').textContent).toBe(en.errors.BAD_CREDENTIALS),
    );
    await waitFor(() => {
      const box = screen.getByTestId('slider-captcha');
      expect(box.getAttribute('data-status')).toBe('ready');
      expect(box.getAttribute('data-challenge')).not.toBe(first);
    });

    // The right password with the new puzzle solved gets in.
    await user.clear(password);
    await user.type(password, DEMO_ACCOUNT.password);
    await slideWithKeyboard(user, await gapOfPuzzleOnScreen(app));
    await waitFor(() =>
      expect(screen.getByTestId('slider-captcha').getAttribute('data-status')).toBe('solved'),
    );
    await user.click(submitButton());
    await screen.findByTestId('dashboard-greeting');
    expect(signIns).toEqual(['POST', 'POST']);
    expect(rendered().session.getState().snapshot.session?.user.username).toBe(DEMO_ACCOUNT.email);
  });
});
