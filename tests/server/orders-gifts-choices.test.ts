import { randomUUID } from 'node:crypto';
import { serviceOrders, walletFreezes, warehouses } from '@server/db/schema/index';
import { convert } from '@server/modules/wallet/exchange-rates';
import { recharge } from '@server/modules/wallet/wallet.service';
import { FEE_RULES } from '@shared/contracts/orders';
import type { ProductDraft } from '@shared/contracts/product-draft';
import type { Platform } from '@shared/contracts/shops';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSeller, makeSubAccount } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/app';
import { collectDrafts } from '../support/collector';
import { insertWaitingOrder } from '../support/platform-orders';

/**
 * The processing dialog's two side flows at the server: gifts sent with an order (their own
 * giftShipment service order, priced by the gift rule and frozen with the rest), and choosing one
 * of the seller's products or collected products as an item's purchase link (remembered per
 * product SKU, then used by processing).
 */
let t: TestApp;
let seller: Awaited<ReturnType<typeof makeSeller>>;
let other: Awaited<ReturnType<typeof makeSeller>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await makeSeller(t, 'gifts-seller@example.com', ['Lazada shop', 'Shopee shop']);
  other = await makeSeller(t, 'gifts-other@example.com', ['Other shop']);
  for (const owner of [seller, other])
    await recharge(t, null, {
      ownerId: owner.user.id,
      currency: 'THB',
      amount: 5_000_000,
      reference: { type: 'payment', id: randomUUID() },
      idempotencyKey: randomUUID(),
    });
});
afterAll(() => t.close());

const call = (method: string, path: string, token: string, json?: unknown) =>
  t.call(method, path, { token, ...(json === undefined ? {} : { json }) });

const shopOf = (owner: typeof seller, platform: Platform) => {
  const shop = owner.shops.find((s) => s.platform === platform);
  if (!shop) throw new Error(`no ${platform} shop`);
  return shop;
};

/** A synced order waiting to be processed, with one item of `productId` (two pieces). */
async function addOrder(owner: typeof seller, productId = `p-${randomUUID().slice(0, 6)}`) {
  const shop = shopOf(owner, 'lazada');
  return insertWaitingOrder(t, shop, owner.user.id, {
    externalId: `G${randomUUID().slice(0, 13)}`,
    line: { productExternalId: productId, sellerSku: 'SKU-1', variation: 'Colour: white' },
  });
}

async function openWarehouse(ownerId: string) {
  const now = t.clock.now();
  await t.db.insert(warehouses).values({
    code: `WH-${randomUUID().slice(0, 6)}`,
    ownerId,
    site: 'th',
    currency: 'THB',
    volume: 2,
    state: 'normal',
    paidThrough: '2099-12',
    openedAt: now,
    createdAt: now,
    updatedAt: now,
  });
}

const inThb = async (fen: number) =>
  fen === 0
    ? 0
    : (
        await convert({ db: t.db }, null, {
          amount: fen,
          from: 'CNY',
          to: 'THB',
          at: t.clock.now(),
        })
      ).converted;

function collectedDraft(itemId: string, title: string, priceFen: number): ProductDraft {
  return {
    site: '1688',
    itemId,
    url: `https://detail.1688.com/offer/${itemId}.html`,
    title,
    currency: 'CNY',
    price: { min: priceFen, max: priceFen },
    tiers: [],
    skuProperties: [],
    skus: [],
    images: ['https://cbu01.alicdn.com/img/ibank/choice.jpg'],
    description: { html: '<p>Item</p>' },
    shop: null,
    categoryPath: [],
    weightGrams: null,
    dimensionsCm: null,
    attributes: [],
    minOrderQuantity: 1,
    raw: {},
    confidence: {},
  };
}

describe('gift shipment', () => {
  it('refuses each gift rule naming its field, and changes nothing', async () => {
    const orderId = await addOrder(seller);
    const base = { orderId, items: [{ orderItemId: 'i1', type: 'crossStoreSale' }] };
    const cases: [unknown, string][] = [
      [[{ name: ' ', quantity: 1 }], 'gifts.0.name'],
      [[{ name: 'Sticker', quantity: 0 }], 'gifts.0.quantity'],
      [[{ name: 'Sticker', quantity: 1000 }], 'gifts.0.quantity'],
      [[{ name: 'Sticker', quantity: 1.5 }], 'gifts.0.quantity'],
      [[{ name: 'x'.repeat(201), quantity: 1 }], 'gifts.0.name'],
      [Array.from({ length: 21 }, (_, i) => ({ name: `Gift ${i}`, quantity: 1 })), 'gifts'],
    ];
    for (const [gifts, field] of cases) {
      const res = await call('POST', '/order/order/dealOrder', seller.token, {
        ...base,
        gifts,
        idempotencyKey: randomUUID(),
      });
      expect(res.body.key, `${field}: ${res.text}`).toBe('VALIDATION_FAILED');
      expect(res.body.datas.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect(
      await t.db.select().from(serviceOrders).where(eq(serviceOrders.orderId, orderId)),
    ).toEqual([]);
  });

  it('needs an overseas warehouse on the order site, even when every item is bought', async () => {
    const lonely = await makeSeller(t, `gifts-lonely-${randomUUID()}@example.com`, ['Shop']);
    const orderId = await addOrder(lonely);
    await call('POST', '/order/order/purchaseLink', lonely.token, {
      orderId,
      orderItemId: 'i1',
      url: 'https://detail.1688.com/offer/620000000001.html',
      price: 3_000,
    });
    const withoutGifts = {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      estimateOnly: true,
      idempotencyKey: randomUUID(),
    };
    // Bought items alone need no warehouse: the estimate answers.
    expect(
      (await call('POST', '/order/order/dealOrder', lonely.token, withoutGifts)).body.resp_code,
    ).toBe(0);
    const res = await call('POST', '/order/order/dealOrder', lonely.token, {
      ...withoutGifts,
      estimateOnly: false,
      gifts: [{ name: 'Thank-you card', quantity: 1 }],
    });
    expect(res.body.key, res.text).toBe('WAREHOUSE_NOT_BUY');
    expect(
      await t.db.select().from(serviceOrders).where(eq(serviceOrders.orderId, orderId)),
    ).toEqual([]);
  });

  it('sends gifts as their own giftShipment service order, priced per piece, estimated and frozen like the rest', async () => {
    await openWarehouse(seller.user.id);
    const orderId = await addOrder(seller);
    const gifts = [
      { name: 'Thank-you card', quantity: 1 },
      { name: 'Sticker pack', quantity: 2 },
    ];
    const request = {
      orderId,
      items: [{ orderItemId: 'i1', type: 'crossStoreSale' }],
      gifts,
    };
    const estimate = await call('POST', '/order/order/dealOrder', seller.token, {
      ...request,
      estimateOnly: true,
      idempotencyKey: randomUUID(),
    });
    expect(estimate.body.resp_code, estimate.text).toBe(0);
    const giftEstimate = estimate.body.datas.estimates.find(
      (e: { type: string }) => e.type === 'giftShipment',
    );
    // Three pieces at the gift rule, nothing bought or carried.
    expect(giftEstimate.fees).toEqual({
      purchase: 0,
      domesticFreight: 0,
      internationalFreight: 0,
      service: await inThb(FEE_RULES.giftServicePerPiece * 3),
      consumables: await inThb(FEE_RULES.consumablesPerPiece * 3),
    });
    expect(giftEstimate.estimate).toBe(giftEstimate.fees.service + giftEstimate.fees.consumables);
    // Nothing was written by the estimate.
    expect(
      await t.db.select().from(serviceOrders).where(eq(serviceOrders.orderId, orderId)),
    ).toEqual([]);

    const res = await call('POST', '/order/order/dealOrder', seller.token, {
      ...request,
      idempotencyKey: randomUUID(),
    });
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas.estimate).toBe(estimate.body.datas.estimate);
    const made = res.body.datas.serviceOrders as {
      serviceNo: string;
      type: string;
      status: string;
      estimate: number;
      frozen: number;
      items: { orderItemId: string | null; name: string; quantity: number }[];
    }[];
    expect(made.map((s) => s.type).sort()).toEqual(['crossStoreSale', 'giftShipment']);
    const gift = made.find((s) => s.type === 'giftShipment');
    expect(gift).toMatchObject({ status: 'pending', estimate: giftEstimate.estimate });
    expect(
      gift?.items.map(({ orderItemId, name, quantity }) => ({ orderItemId, name, quantity })),
    ).toEqual([
      { orderItemId: null, name: 'Thank-you card', quantity: 1 },
      { orderItemId: null, name: 'Sticker pack', quantity: 2 },
    ]);
    // Each service order froze its own estimate.
    for (const service of made) {
      const [freeze] = await t.db
        .select()
        .from(walletFreezes)
        .where(
          and(
            eq(walletFreezes.referenceType, 'service'),
            eq(walletFreezes.referenceId, service.serviceNo),
          ),
        );
      expect(freeze?.amount, service.type).toBe(service.frozen);
      expect(service.frozen).toBe(service.estimate);
    }
    // The order's detail lists both.
    const detail = await call('GET', `/order/order/orderDetail?orderId=${orderId}`, seller.token);
    expect(
      detail.body.datas.serviceOrders.map((s: { serviceNo: string }) => s.serviceNo).sort(),
    ).toEqual(made.map((s) => s.serviceNo).sort());
  });
});

describe('product choice', () => {
  beforeAll(async () => {
    await collectDrafts(t, seller.token, [
      collectedDraft('630000000001', 'Ceramic rice cooker 1.8L', 4_500),
      collectedDraft('630000000002', 'Bamboo steamer basket', 2_000),
    ]);
    await collectDrafts(t, other.token, [
      collectedDraft('630000000003', 'Ceramic rice cooker of another seller', 1_000),
    ]);
  });

  it('offers the seller’s own products and collected products by keyword, never another seller’s', async () => {
    const orderId = await addOrder(seller);
    const res = await call(
      'GET',
      `/order/order/productChoices?orderId=${orderId}&keyword=${encodeURIComponent('rice cooker')}`,
      seller.token,
    );
    expect(res.body.resp_code, res.text).toBe(0);
    expect(res.body.datas).toEqual([
      {
        kind: 'collected',
        id: expect.any(String),
        title: 'Ceramic rice cooker 1.8L',
        image: 'https://cbu01.alicdn.com/img/ibank/choice.jpg',
        url: 'https://detail.1688.com/offer/630000000001.html',
        price: 4_500,
      },
    ]);
    // A keyword's wildcards are taken as text.
    const wild = await call(
      'GET',
      `/order/order/productChoices?orderId=${orderId}&keyword=${encodeURIComponent('%')}`,
      seller.token,
    );
    expect(wild.body.datas).toEqual([]);
    // Another seller cannot ask with this seller's order.
    const foreign = await call(
      'GET',
      `/order/order/productChoices?orderId=${orderId}`,
      other.token,
    );
    expect(foreign.body.resp_code).not.toBe(0);
    expect(JSON.stringify(foreign.body.datas ?? null)).not.toContain('Ceramic');
  });

  it('a chosen collected product becomes the item’s purchase link, remembered for its product SKU and used to price processing', async () => {
    const productId = `p-${randomUUID().slice(0, 6)}`;
    const orderId = await addOrder(seller, productId);
    const choices = await call(
      'GET',
      `/order/order/productChoices?orderId=${orderId}&keyword=steamer`,
      seller.token,
    );
    const [choice] = choices.body.datas as { url: string; price: number }[];
    expect(choice).toBeDefined();
    // The dialog fills url and price from the choice and saves them as the item's link.
    const saved = await call('POST', '/order/order/purchaseLink', seller.token, {
      orderId,
      orderItemId: 'i1',
      url: choice?.url,
      price: choice?.price,
    });
    expect(saved.body.resp_code, saved.text).toBe(0);

    // Another order of the same product SKU finds the link already there.
    const second = await addOrder(seller, productId);
    const deal = await call('GET', `/order/order/dealOrderDetail?orderId=${second}`, seller.token);
    expect(deal.body.datas.items[0].purchaseLink).toEqual({
      url: 'https://detail.1688.com/offer/630000000002.html',
      supplierSku: null,
      price: 2_000,
    });
    // Not for another seller's order of a product with the same ids.
    const theirs = await addOrder(other, productId);
    const theirDeal = await call(
      'GET',
      `/order/order/dealOrderDetail?orderId=${theirs}`,
      other.token,
    );
    expect(theirDeal.body.datas.items[0].purchaseLink).toBeNull();

    // Processing buys through it: two pieces at the chosen price, one link's domestic freight.
    const res = await call('POST', '/order/order/dealOrder', seller.token, {
      orderId: second,
      items: [{ orderItemId: 'i1', type: 'crossSale' }],
      idempotencyKey: randomUUID(),
    });
    expect(res.body.resp_code, res.text).toBe(0);
    const [service] = res.body.datas.serviceOrders;
    expect(service.items[0]).toMatchObject({
      purchaseUrl: 'https://detail.1688.com/offer/630000000002.html',
      purchasePrice: 2_000,
      purchaseCurrency: 'CNY',
      quantity: 2,
    });
    expect(service.fees.purchase).toBe(await inThb(2_000 * 2));
    expect(service.fees.domesticFreight).toBe(await inThb(FEE_RULES.domesticFreightPerLink));
  });

  it('a sub-account without the order’s shop gets no choices for it', async () => {
    const orderId = await addOrder(seller);
    const sub = await makeSubAccount(
      t,
      seller.token,
      `gifts-sub-${randomUUID().slice(0, 8)}@example.com`,
      [shopOf(seller, 'shopee').id],
    );
    const res = await call('GET', `/order/order/productChoices?orderId=${orderId}`, sub.token);
    expect(res.body.resp_code).not.toBe(0);
    expect(JSON.stringify(res.body.datas ?? null)).not.toContain('steamer');
  });
});
