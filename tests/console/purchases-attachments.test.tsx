import { randomUUID } from 'node:crypto';
import { createPurchase, storeAttachment } from '@server/modules/purchases/purchases.service';
import { openWarehouse } from '@server/modules/warehouses/warehouses.service';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeSeller } from '../support/accounts';
import { renderSignedIn } from '../support/console';
import { catchDownloads } from '../support/downloads';
import { fundedSeller, registerPurchasesApp } from './purchases-harness';

const app = registerPurchasesApp();

describe('a purchase’s attachments in the console', () => {
  it('are fetched with the session and saved under their names, never a bare address', async () => {
    const { t } = app;
    const s = await fundedSeller(t);
    const opened = await openWarehouse(t.deps, s.actor, {
      site: 'th',
      volume: 1,
      pay: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    const bytes = Buffer.from(`%PDF-1.7\n${'x'.repeat(500)}`);
    // The server runs in-process under jsdom's globals; the database driver's `bytea instanceof
    // Uint8Array` needs Node's class (a Buffer is a Node Uint8Array), as in production.
    const JsdomUint8Array = globalThis.Uint8Array;
    globalThis.Uint8Array = Object.getPrototypeOf(Buffer.prototype).constructor;
    const stored = await storeAttachment(t, s.actor, { bytes, name: 'invoice.pdf' }).finally(() => {
      globalThis.Uint8Array = JsdomUint8Array;
    });
    const po = await createPurchase(t, s.actor, {
      type: 'crossStoreSupplement',
      shopId: s.shops[0]?.id ?? '',
      warehouseId: opened.warehouse?.id ?? '',
      expressType: 'ocean',
      shippingType: 'homeDelivery',
      address: {
        province: 'Bangkok',
        area: 'Bang Na',
        detail: '1 Road',
        postalCode: '10260',
        consigneeName: 'Somchai',
        mobile: '+66 81 234 5678',
      },
      items: [
        {
          sku: 'MUG',
          link: 'https://detail.1688.com/offer/1.html',
          estimatedPrice: 1_000,
          quantity: 10,
        },
      ],
      fees: { domesticFreight: 0, internationalFreight: 0, serviceFee: 0 },
      floatAmount: 500,
      remark: '',
      attachments: [{ id: stored.id, name: 'invoice.pdf' }],
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    // Another seller's session is told there is no such file.
    const other = await makeSeller(t, `po-other-${randomUUID()}@example.com`, []);
    const theirs = await t.call('GET', stored.url, { token: other.token });
    expect(theirs.status).toBe(404);

    const saved = catchDownloads();
    app.current = await renderSignedIn(
      `/cmp/purchaseAndWarehouse/purchaseManageDetail?purchaseNo=${po.purchaseNo}`,
      { username: s.email, password: s.password },
      { app: t },
    );
    const detail = await screen.findByTestId('purchase-detail', {}, { timeout: 10_000 });
    const attachments = within(detail).getByTestId('purchase-attachments');
    expect(attachments.querySelector('a[href]')).toBeNull();
    await userEvent.click(within(attachments).getByRole('button', { name: 'invoice.pdf' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [download] = saved;
    if (!download) throw new Error('nothing saved');
    expect(download.name).toBe('invoice.pdf');
    expect(Buffer.from(await download.blob.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
