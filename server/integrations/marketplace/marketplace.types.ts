import type { Currency } from '@shared/contracts/money';
import type { Platform } from '@shared/contracts/shops';
import type { SiteCode } from '@shared/contracts/site-codes';

/**
 * What the product needs from a marketplace, whichever it is. Each platform's client
 * (lazada/, shopee/, tiktok/) implements it by signing and calling that platform's own API; the
 * authorization flow, the token refresh job and the sync engine use only this.
 */

/** A token pair as the platform issued it, with absolute expiry times. */
export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: Date;
  /** When the refresh token stops working; null when the platform does not say. */
  refreshExpiresAt: Date | null;
}

/** One shop an authorization reaches. */
export interface AuthorizedShop {
  /** The platform's id of the shop: Lazada seller_id (per country), Shopee shop_id, TikTok shop id. */
  externalId: string;
  site: SiteCode;
  name: string;
  /** TikTok's shop_cipher (sent with every shop call); null on the other platforms. */
  cipher: string | null;
  /** Whether the platform reports the shop as cross-border (Lazada "cb", Shopee SIP/CB, TikTok CROSS_BORDER). */
  crossBorder: boolean;
}

/** The result of exchanging a consent code. */
export interface Authorization {
  /**
   * The account that consented, unique on the platform: Lazada's login account, Shopee's shop_id
   * (or main_account_id), TikTok's open_id. An account authorized by one seller cannot be
   * authorized by another.
   */
  accountId: string;
  accountName: string;
  /** Lazada: the token's country is "cb" (the Malaysia-site account of a cross-border seller). */
  crossBorder: boolean;
  tokens: TokenSet;
  /** When the authorization itself ends (Lazada: refresh expiry; Shopee: 365 days; TikTok: refresh expiry). */
  expiresAt: Date | null;
  shops: AuthorizedShop[];
}

/** The query the platform sent back to our callback. */
interface CallbackParams {
  code: string;
  /** Shopee: the shop that authorized. */
  shopId?: string | undefined;
  /** Shopee: the main account that authorized several shops. */
  mainAccountId?: string | undefined;
}

/** What a call needs to act for one shop. */
export interface ShopAccess {
  /** Our shop id: the per-shop rate limit is kept under it. */
  shopId: string;
  accessToken: string;
  externalId: string;
  site: SiteCode;
  cipher: string | null;
}

/** A half-open time window [from, to) on the platform's update time. */
export interface TimeWindow {
  from: Date;
  to: Date;
}

/** One page of a list; `next` is the opaque cursor of the following page, null on the last one. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

export interface PlatformOrderItem {
  externalId: string;
  productExternalId: string | null;
  skuExternalId: string | null;
  sellerSku: string | null;
  name: string;
  /** Variation text as the platform shows it ("Color: Red, Size: M"). */
  variation: string | null;
  image: string | null;
  quantity: number;
  /** Price of one unit, integer minor units of the order's currency. */
  unitPriceMinor: number;
}

export interface PlatformAddress {
  name: string | null;
  phone: string | null;
  address: string | null;
}

export interface PlatformOrder {
  externalId: string;
  /** The platform's status exactly as it sent it (Lazada: the order's item statuses joined by ","). */
  status: string;
  currency: Currency;
  /** What the buyer pays, integer minor units. */
  totalMinor: number;
  buyerName: string | null;
  receiver: PlatformAddress | null;
  paymentMethod: string | null;
  createdAt: Date;
  /** The platform's update time: the sync keeps the newest version of an order by it. */
  updatedAt: Date;
  items: PlatformOrderItem[];
  /** The platform's own record, bounded in size by the caller. */
  raw: unknown;
}

export interface PlatformSku {
  externalId: string;
  sellerSku: string | null;
  priceMinor: number;
  /** Promotion price, when one is running. */
  salePriceMinor: number | null;
  stock: number;
  /** Variation name -> value. */
  attributes: Record<string, string>;
  image: string | null;
}

export interface PlatformProduct {
  externalId: string;
  title: string;
  /** The platform's status exactly as it sent it. */
  status: string;
  currency: Currency;
  categoryId: string | null;
  images: string[];
  skus: PlatformSku[];
  createdAt: Date;
  updatedAt: Date;
  raw: unknown;
}

/** What we send to create or update a product (the publish screens of later work fill it). */
export interface ProductInput {
  title: string;
  description: string;
  categoryId: string;
  images: string[];
  brand: string | null;
  /** Package weight in grams and dimensions in cm. */
  weightGrams: number;
  dimensionsCm: { length: number; width: number; height: number } | null;
  attributes: Record<string, string>;
  skus: Array<{
    sellerSku: string;
    priceMinor: number;
    stock: number;
    attributes: Record<string, string>;
    image: string | null;
  }>;
  logisticsIds: string[];
}

export interface PlatformCategory {
  id: string;
  parentId: string | null;
  name: string;
  leaf: boolean;
}

export interface PlatformAttribute {
  id: string;
  name: string;
  required: boolean;
  /** A sale (variation) property rather than a product attribute. */
  variation: boolean;
  inputType: 'text' | 'select' | 'multiSelect' | 'number';
  options: Array<{ id: string; name: string }>;
}

export interface LogisticsChannel {
  id: string;
  name: string;
  enabled: boolean;
  cod: boolean;
  /** The heaviest parcel the channel takes, in grams, when the platform says. */
  weightLimitGrams?: number | null;
  /** The longest side it takes, in cm, when the platform says. */
  maxSideCm?: number | null;
  /** The largest volume it takes, in cm3, when the platform says. */
  maxVolumeCm3?: number | null;
}

export interface MarketplaceClient {
  readonly platform: Platform;
  /** The longest order-list window the platform accepts (Shopee: 15 days). */
  readonly maxWindowMs: number;

  /**
   * The consent page to send the seller to. `site` preselects a country where the platform allows
   * it; `crossBorder` asks for the cross-border login (Lazada "Crossborder").
   */
  authorizeUrl(input: {
    redirectUri: string;
    state: string;
    site: SiteCode | null;
    crossBorder: boolean;
  }): string;
  /** Exchanges the consent code (single use) and reads the shops the authorization reaches. */
  exchangeCode(input: CallbackParams & { redirectUri: string }): Promise<Authorization>;
  /** A new token pair; `shop` is the authorization's first shop (Shopee refreshes per shop). */
  refresh(input: { refreshToken: string; shopExternalId: string }): Promise<TokenSet>;

  /** Orders updated in the window, one page at a time, full records (items included). */
  listOrders(
    shop: ShopAccess,
    window: TimeWindow,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<Page<PlatformOrder>>;
  getOrder(shop: ShopAccess, externalId: string): Promise<PlatformOrder>;
  /** Products updated in the window, one page at a time, full records (SKUs included). */
  listProducts(
    shop: ShopAccess,
    window: TimeWindow,
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<Page<PlatformProduct>>;
  getProduct(shop: ShopAccess, externalId: string): Promise<PlatformProduct>;
  createProduct(shop: ShopAccess, input: ProductInput): Promise<{ externalId: string }>;
  updateProduct(shop: ShopAccess, externalId: string, input: ProductInput): Promise<void>;
  categories(shop: ShopAccess): Promise<PlatformCategory[]>;
  categoryAttributes(shop: ShopAccess, categoryId: string): Promise<PlatformAttribute[]>;
  logisticsChannels(shop: ShopAccess): Promise<LogisticsChannel[]>;
  /**
   * Puts an image on the platform (Lazada UploadImage, Shopee media_space, TikTok images/upload)
   * and answers the reference its products take: Lazada's image URL, Shopee's image_id, TikTok's
   * uri.
   */
  uploadImage(shop: ShopAccess, image: ImageUpload): Promise<string>;
  /** Lists (activates) or delists (deactivates) a product on the platform. */
  setListed(shop: ShopAccess, externalId: string, listed: boolean): Promise<void>;
  deleteProduct(shop: ShopAccess, externalId: string): Promise<void>;
}

export interface ImageUpload {
  bytes: Uint8Array;
  /** image/jpeg, image/png or image/webp, read from the bytes. */
  mime: string;
  /** A file name for the multipart part ("<sha256>.jpg"). */
  name: string;
}
