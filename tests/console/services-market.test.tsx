import { OPENING_PRICE_LIST, servicePriceIn } from '@shared/contracts/service-prices';
import type { PriceList } from '@shared/contracts/services';
import { formatMoney } from '@shared/i18n/format';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderSignedIn } from '../support/console';
import { fillWords } from '../support/locales';
import { registerServicesApp, seller, words } from './services-harness';

const app = registerServicesApp();
const thb = (minor: number) => formatMoney(minor, 'THB', 'en');

function itemOf<C extends PriceList['items'][number]['code']>(list: PriceList, code: C) {
  const item = list.items.find((entry) => entry.code === code);
  if (!item) throw new Error(`no ${code} in the price list`);
  return item as Extract<PriceList['items'][number], { code: C }>;
}

describe('the service market', () => {
  it('prices each card from the list in force, and the buy total is the shared price function as the seller types', async () => {
    const { t } = app;
    const s = await seller(t);
    const served = await t.call('GET', '/order/service/price/list', { token: s.token });
    expect(served.body.resp_code, served.text).toBe(0);
    const list = served.body.datas as PriceList;
    app.current = await renderSignedIn(
      '/cmp/service/serviceMarket',
      { username: s.email, password: s.password },
      { app: t },
    );
    await screen.findByTestId('market-items', {}, { timeout: 20_000 });
    const card = (code: string) =>
      screen
        .getAllByTestId('market-item')
        .find((node) => node.dataset.code === code) as HTMLElement;
    // Six cards (returns are charged on returns, not sold), each with its price and unit.
    expect(screen.getAllByTestId('market-item').map((node) => node.dataset.code)).toEqual([
      'stretchFilm',
      'bubbleWrap',
      'woodenFrame',
      'storage',
      'translation',
      'factoryAudit',
    ]);
    const wrap = itemOf(list, 'bubbleWrap');
    expect(within(card('bubbleWrap')).getByTestId('market-price').textContent).toBe(
      fillWords(words.units.metre, { price: thb(wrap.rates.perMetre) }),
    );
    const audit = itemOf(list, 'factoryAudit');
    expect(within(card('factoryAudit')).getByTestId('market-price').textContent).toBe(
      fillWords(words.units.dayAndKm, {
        perDay: thb(audit.rates.perDay),
        perKm: thb(audit.rates.perKm),
      }),
    );

    // Bubble wrap: the total follows every keystroke, exactly as the shared function prices it.
    await userEvent.click(within(card('bubbleWrap')).getByTestId('market-buy-bubbleWrap'));
    const length = await screen.findByTestId('buy-quantity-lengthCm');
    const total = () => screen.getByTestId('buy-total');
    await userEvent.type(length, '3.3');
    const at330 = servicePriceIn(wrap, { lengthCm: 330 }, 'THB', '1');
    expect(at330).toBe(2475);
    expect(total().dataset.amount).toBe(String(at330));
    expect(total().textContent).toBe(thb(at330));
    await userEvent.type(length, '3');
    const at333 = servicePriceIn(wrap, { lengthCm: 333 }, 'THB', '1');
    expect(at333).toBe(2498);
    expect(total().textContent).toBe(thb(at333));
    expect(screen.getByTestId('buy-submit').textContent).toBe(
      fillWords(words.buy.submit, { amount: thb(at333) }),
    );
    // A third decimal is not a centimetre: refused, no total, nothing to submit.
    await userEvent.type(length, '3');
    expect(total().textContent).toBe('—');
    expect(
      screen.getByText(fillWords(words.buy.invalid, { min: '0.01', max: '10000', decimals: 2 })),
    ).toBeTruthy();
    expect((screen.getByTestId('buy-submit') as HTMLButtonElement).disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('buy-form')).toBeNull());

    // The wooden frame: three sides in centimetres, priced on their volume.
    await userEvent.click(within(card('woodenFrame')).getByTestId('market-buy-woodenFrame'));
    await userEvent.type(await screen.findByTestId('buy-quantity-lengthCm'), '50');
    await userEvent.type(screen.getByTestId('buy-quantity-widthCm'), '40');
    expect(total().textContent).toBe('—');
    await userEvent.type(screen.getByTestId('buy-quantity-heightCm'), '30');
    const frame = itemOf(list, 'woodenFrame');
    const framePrice = servicePriceIn(
      frame,
      { lengthCm: 50, widthCm: 40, heightCm: 30 },
      'THB',
      '1',
    );
    expect(framePrice).toBe(4800);
    expect(total().textContent).toBe(thb(framePrice));
    expect(screen.getByTestId('buy-volume').textContent).toBe(
      fillWords(words.buy.volume, { volume: '0.06' }),
    );
    // The opening list is the one served to a new account.
    expect(list.items).toEqual(OPENING_PRICE_LIST);
  });

  it('a short wallet gets the insufficient-balance dialog, and the form keeps what was typed', async () => {
    const { t } = app;
    const s = await seller(t, 1_000);
    app.current = await renderSignedIn(
      '/cmp/service/serviceMarket',
      { username: s.email, password: s.password },
      { app: t },
    );
    await userEvent.click(
      await screen.findByTestId('market-buy-translation', {}, { timeout: 20_000 }),
    );
    await userEvent.type(await screen.findByTestId('buy-quantity-characters'), '250');
    // 250 characters are three started blocks of 100: 447.00 THB, more than the 10.00 held.
    expect(screen.getByTestId('buy-total').textContent).toBe(thb(44_700));
    await userEvent.click(screen.getByTestId('buy-submit'));
    const dialog = await screen.findByTestId(
      'insufficient-balance-dialog',
      {},
      { timeout: 10_000 },
    );
    expect(within(dialog).getByTestId('shortfall').textContent).toContain(thb(43_700));
    expect((screen.getByTestId('buy-quantity-characters') as HTMLInputElement).value).toBe('250');
    // Nothing was frozen.
    const wallet = await t.call('GET', '/api-user/wallet/summary', { token: s.token });
    const thbWallet = wallet.body.datas.wallets.find(
      (entry: { currency: string }) => entry.currency === 'THB',
    );
    expect(thbWallet).toMatchObject({ frozen: 0, available: 1_000 });
  });
});
