import { recharge } from '@server/modules/wallet/wallet.service';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { findInPortals } from '../support/console-queries';
import { fillWords, readLocale } from '../support/locales';
import {
  cell,
  DAY_MS,
  displayed,
  en,
  inputValue,
  ledger,
  open,
  registerHistoryMoneyTests,
  rows,
  seedOperations,
  seller,
  shown,
  t,
  thb,
} from './history-money-harness';

registerHistoryMoneyTests();

const common = readLocale('en', 'common');

describe('the wallet history', () => {
  it('lists the entries of real wallet operations with the figures after each, and the totals', async () => {
    const s = await seller();
    await seedOperations(s);
    // In the whole console: the page as the route loads it.
    await open(s, undefined, { inConsole: true });

    await waitFor(() => expect(rows()).toHaveLength(6));
    const b = en.billTypes;
    expect(shown()).toEqual([
      [b.freeze, thb(0), thb(63_000), thb(10_000), thb(73_000), 'S-2002'],
      [b.withholding, thb(-2_000), thb(73_000), thb(0), thb(73_000), 'F-3001'],
      [b.release, thb(0), thb(75_000), thb(0), thb(75_000), 'S-2001'],
      [b.deduct, thb(-25_000), thb(70_000), thb(5_000), thb(75_000), 'S-2001'],
      [b.freeze, thb(0), thb(70_000), thb(30_000), thb(100_000), 'S-2001'],
      [b.recharge, thb(100_000, true), thb(100_000), thb(0), thb(100_000), 'R-1001'],
    ]);
    // A freeze moves money out of available without changing the balance: said under the change.
    const [latest, fee] = rows();
    if (!latest || !fee) throw new Error('rows missing');
    expect(cell(latest, 'history-available-change')).toBe(
      fillWords(en.list.availableChange, { amount: thb(-10_000) }),
    );
    expect(within(fee).queryByTestId('history-available-change')).toBeNull();
    expect(cell(fee, 'history-memo')).toBe('Storage fee');
    expect(screen.getByTestId('totals-income').textContent).toBe(thb(100_000, true));
    expect(screen.getByTestId('totals-expense').textContent).toBe(thb(-27_000));
    expect(screen.getByTestId('list-total').textContent).toBe(
      fillWords(en.list.total_other, { count: 6 }),
    );

    // The wallet cards come from the summary: the same figures as the newest row.
    const card = await screen.findByTestId('wallet-THB');
    await waitFor(() =>
      expect(within(card).getByTestId('wallet-available').textContent).toBe(thb(63_000)),
    );
    expect(within(card).getByTestId('wallet-frozen').textContent).toBe(thb(10_000));
    expect(within(card).getByTestId('wallet-balance').textContent).toBe(thb(73_000));
  });

  it('filters by bill type, keeping it in the address, and clears back to all', async () => {
    const s = await seller();
    await seedOperations(s);
    const { running, user } = await open(s);
    await waitFor(() => expect(rows()).toHaveLength(6));

    await user.click(screen.getByRole('combobox', { name: en.filters.billType }));
    await user.click(await findInPortals('option', { name: en.billTypes.freeze }));
    await waitFor(() =>
      expect(shown().map(([kind, , , , , reference]) => [kind, reference])).toEqual([
        [en.billTypes.freeze, 'S-2002'],
        [en.billTypes.freeze, 'S-2001'],
      ]),
    );
    expect(running.router.state.location.search).toMatchObject({ billType: 'freeze' });
    // Totals follow the filter: a freeze moves no money in or out.
    expect(screen.getByTestId('totals-income').textContent).toBe(thb(0));
    expect(screen.getByTestId('totals-expense').textContent).toBe(thb(0));

    await user.click(screen.getByRole('combobox', { name: en.filters.billType }));
    await user.click(await findInPortals('option', { name: en.billTypes.compensation }));
    expect(await screen.findByText(en.empty.filteredTitle)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: common.list.clearFilters }));
    await waitFor(() => expect(rows()).toHaveLength(6));
    expect(running.router.state.location.search).not.toHaveProperty('billType');
  });

  it('opens on the last 14 days from 00:00:00, and a wider range brings older entries', async () => {
    const s = await seller();
    const now = t.clock.now();
    t.clock.set(new Date(now.getTime() - 20 * DAY_MS));
    await recharge(ledger, null, {
      ownerId: s.ownerId,
      currency: 'THB',
      idempotencyKey: s.key(),
      reference: { type: 'recharge', id: 'R-OLD' },
      amount: 5_000,
    });
    t.clock.set(now);
    await recharge(ledger, null, {
      ownerId: s.ownerId,
      currency: 'THB',
      idempotencyKey: s.key(),
      reference: { type: 'recharge', id: 'R-NEW' },
      amount: 7_000,
    });
    // What the page asks the server for.
    const asked: URLSearchParams[] = [];
    const real = t.app.fetch;
    t.app.fetch = ((request: Request, ...rest: unknown[]) => {
      const url = new URL(request.url);
      if (url.pathname === '/api-user/user/balance_record/list') asked.push(url.searchParams);
      return (real as (...args: unknown[]) => Promise<Response>)(request, ...rest);
    }) as typeof real;
    onTestFinished(() => {
      t.app.fetch = real;
    });
    const { running } = await open(s);

    await waitFor(() => expect(shown().map((row) => row[5])).toEqual(['R-NEW']));
    const today = new Date();
    const first = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 13);
    const last = new Date(today.getFullYear(), today.getMonth(), today.getDate(), 23, 59, 59);
    const from = screen.getByTestId('range-from') as HTMLInputElement;
    const to = screen.getByTestId('range-to') as HTMLInputElement;
    expect(from.value).toBe(displayed(first));
    expect(to.value).toBe(displayed(last));
    // The default range is not written into the address; it is sent, in the browser's time zone.
    expect(running.router.state.location.search).not.toHaveProperty('beginTime');
    expect(Object.fromEntries(asked[0] ?? [])).toMatchObject({
      beginTime: inputValue(first).replace('T', ' '),
      endTime: inputValue(last).replace('T', ' '),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      currency: 'THB',
    });

    const older = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
    fireEvent.change(from, { target: { value: inputValue(older) } });
    await waitFor(() => expect(shown().map((row) => row[5])).toEqual(['R-NEW', 'R-OLD']));
    expect(running.router.state.location.search).toMatchObject({
      beginTime: inputValue(older).replace('T', ' '),
    });

    // An end before the start is refused where it was typed, and the list stays.
    fireEvent.change(to, { target: { value: inputValue(new Date(older.getTime() - DAY_MS)) } });
    expect(await screen.findByText(en.filters.order)).toBeTruthy();
    expect(rows()).toHaveLength(2);

    fireEvent.click(screen.getByTestId('range-reset'));
    await waitFor(() => expect(shown().map((row) => row[5])).toEqual(['R-NEW']));
    expect((screen.getByTestId('range-from') as HTMLInputElement).value).toBe(displayed(first));
  });

  it('shows the freeze details with what each deducted and released, and the open total', async () => {
    const s = await seller();
    await seedOperations(s);
    const { running, user } = await open(s);
    await user.click(screen.getByTestId('tab-freezes'));
    await waitFor(() => expect(screen.queryAllByTestId('freeze-row')).toHaveLength(2));
    expect(running.router.state.location.search).toMatchObject({ tab: 'freezes' });
    const [open2002, settled2001] = screen.getAllByTestId('freeze-row');
    if (!open2002 || !settled2001) throw new Error('rows missing');
    expect(cell(open2002, 'freeze-reference')).toBe('S-2002');
    expect(cell(open2002, 'freeze-state')).toBe(en.freezeStates.open);
    expect(cell(open2002, 'freeze-deducted')).toBe('—');
    expect(cell(settled2001, 'freeze-amount')).toBe(thb(30_000));
    expect(cell(settled2001, 'freeze-state')).toBe(en.freezeStates.settled);
    expect(cell(settled2001, 'freeze-deducted')).toBe(thb(25_000));
    expect(cell(settled2001, 'freeze-released')).toBe(thb(5_000));
    expect(screen.getByTestId('totals-open').textContent).toBe(thb(10_000));

    await user.click(screen.getByRole('combobox', { name: en.filters.state }));
    await user.click(await findInPortals('option', { name: en.freezeStates.settled }));
    await waitFor(() =>
      expect(
        screen.getAllByTestId('freeze-row').map((row) => cell(row, 'freeze-reference')),
      ).toEqual(['S-2001']),
    );
    expect(running.router.state.location.search).toMatchObject({
      tab: 'freezes',
      state: 'settled',
    });
  });
});
