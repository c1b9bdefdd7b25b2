import { randomUUID } from 'node:crypto';
import { ORDER_PUSH_PATH } from '@shared/contracts/order-pushes.endpoints';
import type { Platform } from '@shared/contracts/shops';
import { lazadaPushSignature } from '../../integrations/lazada/lazada.sign';
import type { MarketplacesConfig } from '../../integrations/marketplace/marketplace.config';
import { shopeePushSignature } from '../../integrations/shopee/shopee.sign';
import { tiktokPushSignature } from '../../integrations/tiktok/tiktok.sign';
import type { Logger } from '../../lib/logger';

/** Where the product's apps are registered to receive order pushes, and how the sandbox gets there. */
export interface SandboxPushTarget {
  /** The product's address as registered with each platform (Shopee signs the full push URL). */
  registeredBase: string;
  /** Where the sandbox actually sends them (the server on loopback); the registered base if none. */
  deliveryBase?: string;
  fetch: typeof fetch;
}

/** The order a push is about, as the sandbox keeps it. */
export interface PushedOrder {
  shopId: string;
  site: string;
  orderId: string;
  status: string;
  updatedAt: Date;
}

const pushPath = (platform: Platform) => ORDER_PUSH_PATH.replace(':platform', platform);

/**
 * The body each platform pushes when an order changes, in its own shape and field order
 * (integrations.md §1.9 Lazada, §2.9 Shopee, §3.8 TikTok Shop), and the `Authorization` header it
 * signs it with.
 */
export function signedOrderPush(
  config: MarketplacesConfig,
  registeredBase: string,
  platform: Platform,
  order: PushedOrder,
  now: Date,
): { body: string; authorization: string } {
  const seconds = Math.floor(now.getTime() / 1000);
  const updated = Math.floor(order.updatedAt.getTime() / 1000);
  if (platform === 'lazada') {
    const body = JSON.stringify({
      seller_id: order.shopId,
      message_type: 0,
      data: {
        order_status: order.status,
        status_update_time: updated,
        trade_order_id: order.orderId,
        trade_order_line_id: `${order.orderId}01`,
      },
      timestamp: now.getTime(),
      site: `lazada_${order.site}`,
    });
    return {
      body,
      authorization: lazadaPushSignature(config.lazada.appKey, config.lazada.appSecret, body),
    };
  }
  if (platform === 'shopee') {
    const body = JSON.stringify({
      shop_id: Number(order.shopId),
      code: 3,
      data: { ordersn: order.orderId, status: order.status, update_time: updated },
      timestamp: seconds,
    });
    const url = `${registeredBase.replace(/\/+$/, '')}${pushPath('shopee')}`;
    return { body, authorization: shopeePushSignature(config.shopee.partnerKey, url, body) };
  }
  const body = JSON.stringify({
    type: 1,
    tts_notification_id: randomUUID().replaceAll('-', '').slice(0, 19),
    shop_id: order.shopId,
    timestamp: seconds,
    data: { order_id: order.orderId, order_status: order.status, update_time: updated },
  });
  return {
    body,
    authorization: tiktokPushSignature(config.tiktok.appKey, config.tiktok.appSecret, body),
  };
}

/**
 * Pushes an order event to the product as the platform would (one try: the tester sees the
 * answer, and the product's poll is the safety net). Answers the HTTP status, or null when the
 * product could not be reached.
 */
export async function sendOrderPush(
  target: SandboxPushTarget,
  config: MarketplacesConfig,
  logger: Logger,
  platform: Platform,
  order: PushedOrder,
  now: Date,
): Promise<number | null> {
  const { body, authorization } = signedOrderPush(
    config,
    target.registeredBase,
    platform,
    order,
    now,
  );
  const base = (target.deliveryBase ?? target.registeredBase).replace(/\/+$/, '');
  try {
    const response = await target.fetch(`${base}${pushPath(platform)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
    });
    if (!response.ok) logger.warn('sandbox: order push refused', { status: response.status });
    return response.status;
  } catch (cause) {
    logger.warn('sandbox: order push failed', { error: cause });
    return null;
  }
}
