import type { CouponScope } from '@shared/contracts/coupons';
import type { Language } from '@shared/contracts/languages';
import type { PaymentChannel } from '@shared/contracts/payments';
import { ledgerMemo } from '@shared/contracts/wallet';
import type { AppDeps } from '../context';
import type { Clock } from '../lib/clock';
import { grantCoupon } from '../modules/coupons/coupons.service';
import { cancelOrder, freezeForOrder, settleOrder } from '../modules/payments/checkout.service';
import { applyVerifiedNotification } from '../modules/payments/notify.service';
import { createRecharge } from '../modules/payments/recharge.service';
import { createTradeOrder, payTrade } from '../modules/payments/trade-orders.service';
import {
  compensation,
  refund,
  withdraw,
  withholding,
  withholdingReturn,
} from '../modules/wallet/wallet.service';
import { sellerActor } from './actor';

type SeedDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'logger' | 'payments'>;
type Names = Record<Language, string>;

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** A clock standing at `ago` before the seed's now: the demo history spreads over two weeks. */
const at = (clock: Clock, ago: number): Clock => {
  const moment = new Date(clock.now().getTime() - ago);
  return { now: () => moment };
};

const THB = (baht: number) => baht * 100;

/**
 * The demo seller's money, made through the services real requests use: recharges by each
 * channel (opened with the provider and confirmed as a verified notification would confirm
 * them), coupons in every state, orders paid from the wallet with a coupon, service freezes
 * settled, released and refunded, a withholding and its return, a compensation and a withdrawal,
 * and orders still waiting to be paid. The site is Thailand, so the wallet is in baht.
 */
export async function seedDemoWallet(base: SeedDeps, sellerId: string): Promise<void> {
  const actor = sellerActor(sellerId);
  const now = base.clock.now();
  const deps = (ago: number): SeedDeps => ({ ...base, clock: at(base.clock, ago) });

  // Recharges: opened like the recharge page opens them, paid as the provider's notification says.
  const rechargeBy = async (
    channel: PaymentChannel,
    baht: number,
    ago: number,
    couponId?: string,
  ) => {
    const order = await createRecharge(deps(ago), actor, {
      channel,
      amount: THB(baht),
      currency: 'THB',
      preset: false,
      ...(couponId ? { couponId } : {}),
      idempotencyKey: `demo-recharge-${channel}-${ago}`,
      language: 'en',
    });
    await applyVerifiedNotification(deps(ago - 2 * 60 * 1000), null, {
      channel,
      notice: {
        orderNo: order.orderNo,
        providerTradeNo: `DEMO${order.orderNo}`,
        outcome: 'paid',
        amount: order.payAmount,
        currency: order.payCurrency,
        paidAt: new Date(now.getTime() - ago + 2 * 60 * 1000),
      },
    });
    return order;
  };

  const coupon = (
    name: Names,
    scope: CouponScope,
    offer: { cash: number } | { percent: number; max: number },
    threshold: number,
    validFrom: number,
    validTo: number,
  ) =>
    grantCoupon(base, null, {
      ownerId: sellerId,
      name,
      type: 'cash' in offer ? 'cash' : 'discount',
      scope,
      currency: 'THB',
      threshold: THB(threshold),
      maxOffset: THB('cash' in offer ? offer.cash : offer.max),
      percentOff: 'cash' in offer ? null : offer.percent,
      validFrom: new Date(now.getTime() + validFrom),
      validTo: new Date(now.getTime() + validTo),
    });

  await coupon(
    { zh: '新人通用券', th: 'คูปองต้อนรับ ใช้ได้ทุกบริการ', en: 'Welcome coupon' },
    'general',
    { cash: 50 },
    500,
    -20 * DAY,
    40 * DAY,
  );
  const rechargeBonus = await coupon(
    { zh: '充值立减', th: 'ส่วนลดเติมเงิน', en: 'Recharge bonus' },
    'recharge',
    { cash: 30 },
    1000,
    -20 * DAY,
    20 * DAY,
  );
  const serviceDiscount = await coupon(
    { zh: '服务费 9 折', th: 'ลดค่าบริการ 10%', en: '10% off service fees' },
    'serviceFee',
    { percent: 10, max: 200 },
    300,
    -20 * DAY,
    30 * DAY,
  );
  await coupon(
    { zh: '开仓优惠', th: 'ส่วนลดเปิดคลังสินค้า', en: 'Warehouse opening offer' },
    'openWarehouse',
    { cash: 300 },
    3000,
    -10 * DAY,
    60 * DAY,
  );
  await coupon(
    { zh: '国际运费减免', th: 'ส่วนลดค่าขนส่งระหว่างประเทศ', en: 'International freight offer' },
    'internationalFreight',
    { cash: 80 },
    800,
    -40 * DAY,
    -5 * DAY,
  );
  await coupon(
    { zh: '耗材费优惠', th: 'ส่วนลดค่าวัสดุสิ้นเปลือง', en: 'Consumables offer' },
    'consumablesFee',
    { cash: 20 },
    0,
    3 * DAY,
    33 * DAY,
  );
  const freightCoupon = await coupon(
    { zh: '国内运费券', th: 'คูปองค่าขนส่งในประเทศ', en: 'Domestic freight coupon' },
    'domesticFreight',
    { cash: 40 },
    200,
    -20 * DAY,
    30 * DAY,
  );
  const purchaseCoupon = await coupon(
    { zh: '采购费 95 折', th: 'ลดค่าจัดซื้อ 5%', en: '5% off purchase fees' },
    'purchaseFee',
    { percent: 5, max: 150 },
    1000,
    -20 * DAY,
    30 * DAY,
  );

  // Money in: PromptPay, then Alipay (charged in yuan), then WeChat Pay with the recharge bonus.
  await rechargeBy('promptpay', 5000, 13 * DAY);
  await rechargeBy('alipay', 3000, 10 * DAY);
  await rechargeBy('wechat', 1500, 8 * DAY, rechargeBonus.id);

  // What follows happens in time order, as the journal records it: each entry is written at its
  // clock's now, so the history's order, its dates and its running balances agree.
  const serviceRef = { type: 'service', id: 'SV2026110001' };
  const cancelledRef = { type: 'purchase', id: 'PO2026110002' };
  const feeRef = { type: 'warehouse', id: 'WH-BKK-2026-11' };
  // A service order settled below its estimate, with a 10% coupon: deduct and release the rest.
  await freezeForOrder(deps(7 * DAY), null, {
    ownerId: sellerId,
    reference: serviceRef,
    currency: 'THB',
    estimate: THB(1200),
    couponId: serviceDiscount.id,
    scope: 'serviceFee',
    idempotencyKey: 'demo-freeze-SV2026110001',
  });
  await settleOrder(deps(6 * DAY), null, {
    ownerId: sellerId,
    reference: serviceRef,
    actual: THB(980),
    idempotencyKey: 'demo-settle-SV2026110001',
  });
  // A purchase cancelled before it shipped: the whole freeze released.
  await freezeForOrder(deps(6 * DAY - 3 * HOUR), null, {
    ownerId: sellerId,
    reference: cancelledRef,
    currency: 'THB',
    estimate: THB(640),
    idempotencyKey: 'demo-freeze-PO2026110002',
  });
  // The monthly warehouse fee withheld, part of it returned after a downgrade.
  await withholding(deps(5 * DAY), null, {
    ownerId: sellerId,
    reference: feeRef,
    currency: 'THB',
    amount: THB(450),
    memo: ledgerMemo('warehouseFee', { month: '2026-11' }),
    idempotencyKey: 'demo-withholding-WH-BKK-2026-11',
  });
  await cancelOrder(deps(4 * DAY), null, {
    ownerId: sellerId,
    reference: cancelledRef,
    idempotencyKey: 'demo-cancel-PO2026110002',
  });
  // Part of the service order came back: two pieces returned unused.
  await refund(deps(3 * DAY), null, {
    ownerId: sellerId,
    reference: serviceRef,
    currency: 'THB',
    amount: THB(120),
    memo: ledgerMemo('returnedUnused', { count: 2 }),
    idempotencyKey: 'demo-refund-SV2026110001',
  });

  // Orders to pay: one paid from the wallet with the freight coupon, two still waiting.
  const line = (name: Names, quantity: number, baht: number) => ({
    name,
    quantity,
    unitPrice: THB(baht),
  });
  const paidTrade = await createTradeOrder({ db: base.db, clock: at(base.clock, 3 * DAY) }, null, {
    ownerId: sellerId,
    title: {
      zh: '国内运费：义乌 → 广州集运仓',
      th: 'ค่าขนส่งในจีน: อี้อู → โกดังกวางโจว',
      en: 'Domestic freight: Yiwu → Guangzhou consolidation',
    },
    scope: 'domesticFreight',
    currency: 'THB',
    lines: [line({ zh: '包裹（12 kg）', th: 'พัสดุ (12 กก.)', en: 'Parcel (12 kg)' }, 2, 180)],
  });
  await payTrade(deps(3 * DAY - HOUR), actor, {
    tradeNo: paidTrade.tradeNo,
    method: 'wallet',
    couponId: freightCoupon.id,
    idempotencyKey: 'demo-pay-freight',
    language: 'en',
  });

  await withholdingReturn(deps(2 * DAY), null, {
    ownerId: sellerId,
    reference: feeRef,
    currency: 'THB',
    amount: THB(90),
    memo: ledgerMemo('downgradeCredited'),
    idempotencyKey: 'demo-withholding-return-WH-BKK-2026-11',
  });
  await compensation(deps(2 * DAY - 5 * HOUR), null, {
    ownerId: sellerId,
    reference: { type: 'service', id: 'SV2026110001' },
    currency: 'THB',
    amount: THB(60),
    memo: ledgerMemo('lateDelivery'),
    idempotencyKey: 'demo-compensation-SV2026110001',
  });
  // A purchase in progress: its estimate frozen, a purchase-fee coupon held with it.
  await freezeForOrder(deps(1 * DAY), null, {
    ownerId: sellerId,
    reference: { type: 'purchase', id: 'PO2026110003' },
    currency: 'THB',
    estimate: THB(2400),
    couponId: purchaseCoupon.id,
    scope: 'purchaseFee',
    idempotencyKey: 'demo-freeze-PO2026110003',
  });
  await withdraw(deps(1 * DAY - 2 * HOUR), null, {
    ownerId: sellerId,
    reference: { type: 'withdrawal', id: 'WD2026110001' },
    currency: 'THB',
    amount: THB(500),
    memo: ledgerMemo('withdrawnTo', { bank: 'Kasikorn Bank', last4: '4821' }),
    idempotencyKey: 'demo-withdraw-WD2026110001',
  });

  await createTradeOrder({ db: base.db, clock: at(base.clock, 5 * HOUR) }, null, {
    ownerId: sellerId,
    title: {
      zh: '翻译服务：商品详情',
      th: 'บริการแปล: รายละเอียดสินค้า',
      en: 'Translation: product descriptions',
    },
    scope: 'serviceFee',
    currency: 'THB',
    lines: [
      line(
        {
          zh: '中译泰（每 100 字）',
          th: 'จีนเป็นไทย (ต่อ 100 ตัวอักษร)',
          en: 'Chinese to Thai (per 100 characters)',
        },
        4,
        149,
      ),
    ],
  });
  // The third, opening a second Bangkok warehouse, is ordered by the warehouse seed
  // (server/seed/purchases.ts) through the warehouse service, priced by its rules.
}
