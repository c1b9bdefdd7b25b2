import { randomUUID } from 'node:crypto';
import { platformOrders } from '@server/db/schema/index';
import type { Platform } from '@shared/contracts/shops';
import type { TestApp } from './app';

/** An order's line as a platform's sync writes it. */
interface OrderLine {
  externalId: string;
  productExternalId: string;
  skuExternalId: string;
  sellerSku: string;
  name: string;
  variation: string | null;
  image: string | null;
  quantity: number;
  unitPriceMinor: number;
}

/**
 * A synced order waiting to be processed (status `pending` unless given, cash on delivery,
 * 250 THB), placed an hour (or `hoursAgo`) before the app's clock, with one line: two rice cookers at 125 THB (`i1`, SKU `s1`).
 * Answers its id.
 */
export async function insertWaitingOrder(
  t: Pick<TestApp, 'db' | 'clock'>,
  shop: { id: string; platform: Platform },
  ownerId: string,
  options: {
    externalId?: string;
    line?: Partial<OrderLine>;
    /** The platform's raw status (default `pending`). */
    status?: string;
    hoursAgo?: number;
  } = {},
): Promise<string> {
  const at = new Date(t.clock.now().getTime() - (options.hoursAgo ?? 1) * 3_600_000);
  const [row] = await t.db
    .insert(platformOrders)
    .values({
      shopId: shop.id,
      ownerId,
      platform: shop.platform,
      externalId: options.externalId ?? `O${randomUUID().slice(0, 13)}`,
      status: options.status ?? 'pending',
      currency: 'THB',
      totalMinor: 25_000,
      buyerName: 'Buyer',
      receiver: { name: 'Somchai', phone: '0812345678', address: '1 Sukhumvit Rd, Bangkok' },
      paymentMethod: 'COD',
      items: [
        {
          externalId: 'i1',
          productExternalId: `p-${randomUUID().slice(0, 6)}`,
          skuExternalId: 's1',
          sellerSku: 'RICE-1',
          name: 'Rice cooker',
          variation: null,
          image: null,
          quantity: 2,
          unitPriceMinor: 12_500,
          ...options.line,
        } satisfies OrderLine,
      ],
      platformCreatedAt: at,
      platformUpdatedAt: at,
      raw: null,
      syncedAt: at,
    })
    .returning({ id: platformOrders.id });
  if (!row) throw new Error('order not written');
  return row.id;
}
