import type { Platform } from '@shared/contracts/shops';
import type { Hono } from 'hono';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { SandboxShop } from './store';

/** What every marketplace stand-in is given. */
export interface SandboxMarketplaceOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** The sandbox's own address (its pages link to themselves under it). */
  publicUrl: string;
  /** The product's app as registered on the platform: its credentials and its callback URL. */
  app: { key: string; secret: string; serviceId?: string };
  /** The redirect URL registered for the app (Lazada and TikTok redirect only there). */
  callbackUrl: string;
}

/** Seller accounts and shops a platform's sandbox starts with. */
export interface SandboxSellerSeed {
  id: string;
  login: string;
  name: string;
  country: string;
  shops: Array<{
    shopId: string;
    site: string;
    name: string;
    cipher: string | null;
    data?: Record<string, unknown>;
  }>;
}

export interface RecordInput {
  shop: SandboxShop;
  /** The platform's id for the new record. */
  id: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
  /** Deterministic randomness in [0, 1) for names, amounts and quantities. */
  random: () => number;
}

/**
 * One marketplace in the sandbox: its HTTP API (mounted under /<platform>), the shape of its order
 * and product records, and the accounts it starts with. Records are stored in the platform's own
 * JSON shape in sandbox.marketplace_orders / marketplace_products, so the API serves them as is.
 */
export interface SandboxPlatform {
  platform: Platform;
  /** Every order status of the platform, in the order an order usually goes through them. */
  orderStatuses: readonly string[];
  /** Product statuses the sandbox hands out. */
  productStatuses: readonly string[];
  sellers: readonly SandboxSellerSeed[];
  buildOrder(input: RecordInput): Record<string, unknown>;
  /** The record after a tester moved it to `status` at `at` (its update time becomes `at`). */
  withOrderStatus(data: Record<string, unknown>, status: string, at: Date): Record<string, unknown>;
  buildProduct(input: RecordInput): Record<string, unknown>;
  createApp(options: SandboxMarketplaceOptions): Hono;
}
