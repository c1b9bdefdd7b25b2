import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addOrder, open, PAGE, registerOrdersTests, rows, seller } from './orders-harness';

registerOrdersTests();

describe('processing an order', () => {
  it('asks for a purchase link before processing, then prices the order with the link given', async () => {
    const s = await seller();
    await addOrder(s, 0, 'pending', 1);
    const { user } = await open(s, `${PAGE}?tab=waitDeal`);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByTestId('order-process'));
    await screen.findByTestId('process-missing-link');
    expect((screen.getByTestId('process-submit') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByTestId('process-add-link'));
    await user.click(await screen.findByTestId('link-url'));
    await user.paste('https://detail.1688.com/offer/1.html');
    await user.click(screen.getByTestId('link-price'));
    await user.paste('25');
    await user.click(screen.getByTestId('link-save'));
    await waitFor(() => expect(screen.queryByTestId('process-missing-link')).toBeNull());

    // With the link the estimate is priced and the order can be submitted (orders-process-submit).
    const toFreeze = await screen.findByTestId('process-to-freeze');
    await waitFor(() => expect(toFreeze.textContent).not.toBe(''));
    await waitFor(() =>
      expect((screen.getByTestId('process-submit') as HTMLButtonElement).disabled).toBe(false),
    );
  });
});
