import {
  APP_VERSION_DIC_TYPE,
  APP_VERSION_KEYS,
  type AppDownload,
  type AppType,
  CUSTOMER_DIC_TYPE,
  type CustomerValue,
} from '@shared/contracts/config';
import { and, asc, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { AppDeps } from '../../context';
import { configValues } from '../../db/schema/index';

/** An address a phone camera opens. */
const LINK = /^(https?|weixin):\/\//i;
/** A value that is already a picture of a QR code (uploaded or linked). */
const IMAGE = /^data:image\/|\.(png|jpe?g|gif|webp|svg)(\?.*)?$/i;

/** QR codes of configured addresses, kept while the address stays the same (values rarely change). */
const qrCache = new Map<string, Promise<string>>();
const QR_CACHE_SIZE = 64;

function qrFor(value: string): Promise<string> {
  let image = qrCache.get(value);
  if (!image) {
    image = QRCode.toDataURL(value, { margin: 1, width: 240, errorCorrectionLevel: 'M' });
    if (qrCache.size >= QR_CACHE_SIZE) qrCache.delete(qrCache.keys().next().value ?? '');
    qrCache.set(value, image);
    image.catch(() => qrCache.delete(value));
  }
  return image;
}

/** The QR code image of a configured value: the value itself when it is an image, a code of it when it is an address. */
async function qrCodeOf(value: string): Promise<string | null> {
  if (IMAGE.test(value)) return value;
  if (LINK.test(value)) return qrFor(value);
  return null;
}

/** GET /user-center/dic/getCustomerValue: the customer-service entries, in their configured order. */
export async function getCustomerValues(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
): Promise<CustomerValue[]> {
  const { db } = deps;
  const rows = await db
    .select()
    .from(configValues)
    .where(eq(configValues.dicType, CUSTOMER_DIC_TYPE))
    .orderBy(asc(configValues.sort), asc(configValues.keyName));
  return Promise.all(
    rows.map(async (row) => ({
      keyName: row.keyName,
      keyValue: row.keyValue,
      remark: row.remark,
      qrCode: await qrCodeOf(row.keyValue),
    })),
  );
}

/** GET /api-user/public/toDownloadApp: where an app downloads from; nulls while none is configured. */
export async function getAppDownload(
  deps: Pick<AppDeps, 'db'>,
  _actor: null,
  type: AppType,
): Promise<AppDownload> {
  const { db } = deps;
  const [row] = await db
    .select()
    .from(configValues)
    .where(
      and(
        eq(configValues.dicType, APP_VERSION_DIC_TYPE),
        eq(configValues.keyName, APP_VERSION_KEYS[type]),
      ),
    )
    .limit(1);
  const downloadUrl = row?.keyValue.trim() || null;
  return {
    type,
    downloadUrl,
    version: row?.remark ?? null,
    qrCode: downloadUrl && LINK.test(downloadUrl) ? await qrFor(downloadUrl) : null,
  };
}

/**
 * First values of the configuration, as a new installation starts with them. A value already
 * there (edited since) is kept: running this again changes nothing.
 */
const DEFAULT_CONFIG: readonly {
  dicType: string;
  keyName: string;
  keyValue: string;
  remark: string | null;
}[] = [
  {
    dicType: CUSTOMER_DIC_TYPE,
    keyName: 'CUSTOMER_OFFICIAL',
    keyValue: 'https://www.example.com/wechat/official-account',
    remark: 'CMP Seller Center',
  },
  {
    dicType: CUSTOMER_DIC_TYPE,
    keyName: 'CUSTOMER_WECHAT',
    keyValue: 'https://www.example.com/wechat/service',
    remark: 'cmp_seller_service',
  },
  {
    dicType: CUSTOMER_DIC_TYPE,
    keyName: 'CUSTOMER_MAIL',
    keyValue: 'service@example.com',
    remark: null,
  },
  {
    dicType: CUSTOMER_DIC_TYPE,
    keyName: 'CUSTOMER_HOTLINE',
    keyValue: '+66 2 000 0000',
    remark: '09:00–18:00 (GMT+7)',
  },
  {
    dicType: APP_VERSION_DIC_TYPE,
    keyName: APP_VERSION_KEYS.android,
    keyValue: 'https://www.example.com/app/cmp-seller-android.apk',
    remark: '2.4.0',
  },
  {
    dicType: APP_VERSION_DIC_TYPE,
    keyName: APP_VERSION_KEYS.ios,
    keyValue: 'https://www.example.com/app/cmp-seller-ios',
    remark: '2.4.0',
  },
];

export async function seedConfig(deps: Pick<AppDeps, 'db' | 'clock'>, _actor: null): Promise<void> {
  const now = deps.clock.now();
  await deps.db
    .insert(configValues)
    .values(DEFAULT_CONFIG.map((entry, sort) => ({ ...entry, sort, updatedAt: now })))
    .onConflictDoNothing();
}
