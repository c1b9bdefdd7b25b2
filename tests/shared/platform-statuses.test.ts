import { LAZADA_ORDER_STATUSES, LAZADA_PRODUCT_STATUSES } from '@server/sandbox/lazada/lazada.data';
import {
  ORDER_STATUSES as SHOPEE_ORDER_STATUSES,
  PRODUCT_STATUSES as SHOPEE_PRODUCT_STATUSES,
} from '@server/sandbox/shopee/shopee.records';
import {
  ORDER_STATUSES as TIKTOK_ORDER_STATUSES,
  PRODUCT_STATUSES as TIKTOK_PRODUCT_STATUSES,
} from '@server/sandbox/tiktok/tiktok.records';
import { ORDER_STATUSES, orderStatusOf, PLATFORM_ORDER_STATUSES } from '@shared/contracts/orders';
import { PRODUCT_STATUSES, productStatusOf } from '@shared/contracts/products';
import { describe, expect, it } from 'vitest';

describe('platform order statuses', () => {
  it('map every status each platform documents, none to unknown', () => {
    const documented = {
      lazada: LAZADA_ORDER_STATUSES,
      shopee: [...SHOPEE_ORDER_STATUSES, 'INVOICE_PENDING', 'PENDING'],
      tiktok: TIKTOK_ORDER_STATUSES,
    } as const;
    for (const [platform, statuses] of Object.entries(documented))
      for (const raw of statuses) {
        const status = orderStatusOf(platform as keyof typeof documented, raw);
        expect(status, `${platform} ${raw}`).not.toBe('unknown');
        expect(ORDER_STATUSES).toContain(status);
      }
    // And the table lists nothing the platforms do not send.
    expect(Object.keys(PLATFORM_ORDER_STATUSES.lazada).sort()).toEqual(
      [...LAZADA_ORDER_STATUSES].sort(),
    );
    expect(Object.keys(PLATFORM_ORDER_STATUSES.tiktok).sort()).toEqual(
      [...TIKTOK_ORDER_STATUSES].sort(),
    );
  });

  it('put each stage where the console’s tabs expect it', () => {
    expect(orderStatusOf('shopee', 'READY_TO_SHIP')).toBe('waitDeal');
    expect(orderStatusOf('shopee', 'PROCESSED')).toBe('waitShip');
    expect(orderStatusOf('tiktok', 'IN_TRANSIT')).toBe('shipping');
    expect(orderStatusOf('tiktok', 'DELIVERED')).toBe('shipped');
    expect(orderStatusOf('lazada', 'confirmed')).toBe('complete');
    expect(orderStatusOf('lazada', 'failed_delivery')).toBe('fail');
    expect(orderStatusOf('shopee', 'CANCELLED')).toBe('cancel');
    expect(orderStatusOf('tiktok', 'UNPAID')).toBe('other');
  });

  it('call a status the table does not know unknown, and never borrow another platform’s', () => {
    expect(orderStatusOf('shopee', 'SOMETHING_NEW')).toBe('unknown');
    expect(orderStatusOf('shopee', '')).toBe('unknown');
    // `pending` is Lazada's; TikTok Shop has no such status.
    expect(orderStatusOf('tiktok', 'pending')).toBe('unknown');
    expect(orderStatusOf('lazada', 'AWAITING_SHIPMENT')).toBe('unknown');
    // Whatever the case the platform writes it in.
    expect(orderStatusOf('lazada', 'Ready_To_Ship')).toBe('waitShip');
    expect(orderStatusOf('shopee', 'to_confirm_receive')).toBe('shipped');
  });

  it('give a Lazada order of several item statuses the one that still needs the seller', () => {
    expect(orderStatusOf('lazada', 'pending,packed')).toBe('waitDeal');
    expect(orderStatusOf('lazada', 'delivered,shipped')).toBe('shipping');
    expect(orderStatusOf('lazada', 'canceled,packed')).toBe('waitShip');
    expect(orderStatusOf('lazada', 'canceled,canceled')).toBe('cancel');
    expect(orderStatusOf('lazada', 'delivered,failed_delivery')).toBe('fail');
    expect(orderStatusOf('lazada', 'delivered,brand_new_state')).toBe('unknown');
  });
});

describe('platform product statuses', () => {
  it('map every status each platform hands out', () => {
    const documented = {
      lazada: [
        ...LAZADA_PRODUCT_STATUSES,
        // The product record's own `status` for those filters.
        'Active',
        'InActive',
        'Pending QC',
        'Rejected',
        'Deleted',
      ],
      shopee: [...SHOPEE_PRODUCT_STATUSES, 'SHOPEE_DELETE'],
      tiktok: TIKTOK_PRODUCT_STATUSES,
    } as const;
    for (const [platform, statuses] of Object.entries(documented))
      for (const raw of statuses) {
        const status = productStatusOf(platform as keyof typeof documented, raw);
        expect(PRODUCT_STATUSES, `${platform} ${raw}`).toContain(status);
      }
  });

  it('read the platforms’ words as the spec’s statuses', () => {
    expect(productStatusOf('lazada', 'Pending QC')).toBe('pushing');
    expect(productStatusOf('lazada', 'active')).toBe('online');
    expect(productStatusOf('shopee', 'UNLIST')).toBe('offline');
    expect(productStatusOf('shopee', 'BANNED')).toBe('forbid');
    expect(productStatusOf('tiktok', 'DRAFT')).toBe('wait');
    expect(productStatusOf('tiktok', 'FREEZE')).toBe('freeze');
    expect(productStatusOf('tiktok', 'FAILED')).toBe('fail');
    expect(productStatusOf('tiktok', 'NORMAL')).toBe('unknown');
  });
});
