import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fillWords } from '../support/locales';
import { addOrder, en, registerOrdersTests, seller, t } from './orders-harness';

registerOrdersTests();

describe('the returns page', () => {
  it('lists a registered return under its tab and cancels it before the warehouse signs', async () => {
    const s = await seller();
    const orderId = await addOrder(s, 0, 'delivered', 5);
    const created = await t.call('POST', '/order/return/create', {
      token: s.token,
      json: {
        orderId,
        express: 'flash',
        trackingNo: 'TH777',
        items: [{ orderItemId: 'i1', quantity: 1 }],
      },
    });
    expect(created.body.resp_code, created.text).toBe(0);
    const running = await renderSignedIn(
      '/cmp/thirdPartyPlatform/returnManage',
      { username: s.email, password: s.password },
      { app: t },
    );
    try {
      const user = userEvent.setup();
      await screen.findByRole('heading', { name: en.returns.title, level: 2 });
      const row = await screen.findByTestId('return-row');
      expect(within(row).getByText('TH777')).toBeTruthy();
      expect(screen.getByTestId('returns-count-toSign').textContent).toBe('1');
      // A seller holds no sign button: signing is the warehouse's.
      expect(within(row).queryByTestId('return-sign')).toBeNull();
      await user.click(within(row).getByTestId('return-cancel'));
      await user.click(
        within(await screen.findByRole('dialog')).getByRole('button', {
          name: en.returns.actions.cancel,
        }),
      );
      await waitFor(() =>
        expect(screen.getByTestId('returns-count-cancelled').textContent).toBe('1'),
      );
      expect(
        await screen.findByText(
          fillWords(en.returns.cancelled, { returnNo: created.body.datas.returnNo }),
        ),
      ).toBeTruthy();
    } finally {
      await running.close();
    }
  });
});
