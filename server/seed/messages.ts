import type { AppDeps } from '../context';
import type { Clock } from '../lib/clock';
import { type NotifyInput, notify, openMessage } from '../modules/messages/messages.service';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A demo message, sent this long ago, and whether the seller has opened it since. */
interface DemoMessage {
  ago: number;
  read: boolean;
  message: Omit<NotifyInput, 'userId'>;
}

/** The calendar day, some days from now (UTC), as a notice names it. */
const dayFromNow = (clock: Clock, days: number) =>
  new Date(clock.now().getTime() + days * DAY).toISOString().slice(0, 10);

function demoMessages(clock: Clock): DemoMessage[] {
  return [
    {
      ago: 9 * DAY,
      read: true,
      message: {
        type: 6,
        titleKey: 'notice',
        datas: {
          title: {
            zh: '欢迎使用跨境卖家中心',
            th: 'ยินดีต้อนรับสู่ศูนย์ผู้ขายข้ามพรมแดน',
            en: 'Welcome to Cross-border Seller Center',
          },
          content: {
            zh: '授权您的 Lazada、Shopee 和 TikTok Shop 店铺，即可在一个地方同步商品、处理订单并管理海外仓。\n\n如有问题，请随时联系客服。',
            th: 'อนุญาตร้านค้า Lazada, Shopee และ TikTok Shop ของคุณ เพื่อซิงค์สินค้า จัดการคำสั่งซื้อ และดูแลคลังสินค้าต่างประเทศได้ในที่เดียว\n\nหากมีคำถาม ติดต่อฝ่ายบริการลูกค้าได้ทุกเมื่อ',
            en: 'Authorize your Lazada, Shopee and TikTok Shop shops to sync products, handle orders and run overseas warehouses in one place.\n\nIf you have any question, our customer service is here to help.',
          },
        },
      },
    },
    {
      ago: 3 * DAY,
      read: false,
      message: {
        type: 3,
        titleKey: 'serviceCompleted',
        params: { serviceNo: 'SV202610300005' },
        jumpId: 'SV202610300005',
      },
    },
    {
      ago: 36 * HOUR,
      read: true,
      message: {
        type: 2,
        titleKey: 'purchaseApproved',
        params: { purchaseNo: 'PO202610310012' },
        jumpId: 'PO202610310012',
      },
    },
    {
      ago: 26 * HOUR,
      read: true,
      message: { type: 4, titleKey: 'rechargeArrived', params: { amount: '฿5,000.00' } },
    },
    {
      ago: 20 * HOUR,
      read: false,
      message: {
        type: 5,
        titleKey: 'couponExpiring',
        params: { name: 'NEWSELLER100', date: dayFromNow(clock, 6) },
      },
    },
    {
      ago: 5 * HOUR,
      read: true,
      message: {
        type: 1,
        titleKey: 'orderCancelled',
        params: { orderNo: '800123456789' },
        jumpId: '800123456789',
      },
    },
    {
      ago: 2 * HOUR,
      read: false,
      message: {
        type: 2,
        titleKey: 'purchaseReturned',
        params: { purchaseNo: 'PO202611020003' },
        jumpId: 'PO202611020003',
      },
    },
    {
      ago: 40 * MINUTE,
      read: false,
      message: {
        type: 6,
        titleKey: 'maintenance',
        params: { date: dayFromNow(clock, 5) },
        datas: {
          title: {
            zh: '系统维护通知',
            th: 'แจ้งปิดปรับปรุงระบบ',
            en: 'System maintenance',
          },
          content: {
            zh: `为提升服务质量，系统将于 ${dayFromNow(clock, 5)} 02:00 至 04:00（UTC+7）进行维护。期间订单同步和商品发布将暂停，维护结束后自动恢复。`,
            th: `เพื่อปรับปรุงบริการ ระบบจะปิดปรับปรุงในวันที่ ${dayFromNow(clock, 5)} เวลา 02:00 ถึง 04:00 (UTC+7) ระหว่างนี้การซิงค์คำสั่งซื้อและการลงขายสินค้าจะหยุดชั่วคราว และจะกลับมาทำงานเองเมื่อเสร็จสิ้น`,
            en: `To improve our service, the system will be under maintenance on ${dayFromNow(clock, 5)} from 02:00 to 04:00 (UTC+7). Order sync and product publishing pause meanwhile and resume on their own afterwards.`,
          },
        },
      },
    },
    {
      ago: 12 * MINUTE,
      read: false,
      message: {
        type: 1,
        titleKey: 'orderNew',
        params: { orderNo: '800123459876', shop: 'Siam Home Living' },
        jumpId: '800123459876',
      },
    },
  ];
}

/**
 * The demo seller's messages, through notify as features send them: every type 1 to 6, some
 * read, some not, spread over the last days; the type-6 notices carry what their dialog shows.
 */
export async function seedMessages(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
): Promise<void> {
  const now = deps.clock.now().getTime();
  for (const { ago, read, message } of demoMessages(deps.clock)) {
    const then: Clock = { now: () => new Date(now - ago) };
    const { messageId } = await notify({ db: deps.db, clock: then }, null, { ...message, userId });
    if (read && messageId !== null) {
      const later: Clock = { now: () => new Date(now - ago + 10 * MINUTE) };
      await openMessage({ db: deps.db, clock: later }, { userId }, { messageId, language: 'en' });
    }
  }
}
