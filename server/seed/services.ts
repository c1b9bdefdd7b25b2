import type { ServiceStepKey } from '@shared/contracts/service-steps';
import type { ServiceLine } from '@shared/contracts/services';
import { asc, eq } from 'drizzle-orm';
import type { Actor, AppDeps } from '../context';
import { platformOrders, serviceOrders } from '../db/schema/index';
import { AppError } from '../lib/errors';
import { encodePng } from '../lib/png';
import { createAccount, findUserByIdentifier } from '../modules/accounts/accounts.service';
import { grantCoupon } from '../modules/coupons/coupons.service';
import { freezeForOrder } from '../modules/payments/checkout.service';
import {
  abortService,
  buyService,
  cancelServiceOrder,
  completeService,
  moveService,
  uploadProof,
} from '../modules/services/services.service';
import { sellerActor } from './actor';

type Deps = Pick<AppDeps, 'db' | 'clock'> & Partial<Pick<AppDeps, 'config'>>;

/** The demo's service operator, who moves services through their steps (an operator role). */
export const DEMO_SERVICE_OPERATOR = {
  email: 'services@example.com',
  password: 'operator1234',
} as const;

const HOUR = 60 * 60 * 1000;
const THB = (baht: number) => baht * 100;

async function operatorActor(deps: Deps): Promise<Actor> {
  const found = await findUserByIdentifier(deps, null, DEMO_SERVICE_OPERATOR.email);
  const user =
    found ??
    (await createAccount(deps, null, {
      email: DEMO_SERVICE_OPERATOR.email,
      password: DEMO_SERVICE_OPERATOR.password,
      name: 'Service desk',
      role: 'SERVICE_OPERATOR',
      site: 'th',
    }));
  return { ...sellerActor(user.id), roles: ['SERVICE_OPERATOR'] };
}

/** A small photo of one colour (a PNG), standing for what the warehouse took. */
function photo(red: number, green: number, blue: number): Uint8Array {
  const size = 24;
  const rgba = new Uint8Array(size * size * 4);
  for (let i = 0; i < size * size; i++) rgba.set([red, green, blue, 255], i * 4);
  return new Uint8Array(encodePng(size, size, rgba));
}

const PHOTOS = [photo(214, 173, 120), photo(120, 160, 214), photo(140, 200, 150)];

/**
 * The demo seller's services, one in every status and at every step, through the services the
 * pages call (a service's start is dated back, its steps at their times; the money moves now,
 * after the wallet's and the purchases' history):
 * - market purchases: bubble wrap 3.33 m with a consumables-fee coupon, completed and settled on
 *   its actual amount with a photo at every step; translation of 100 characters aborted at the
 *   purchase review; storage of 0.4 CBM for 3 days cancelled by the seller; stretch film 2.5 m
 *   just submitted; a 50 x 40 x 30 cm wooden frame attached to a cross-border sale, in the
 *   domestic warehouse;
 * - order services (cross-border sales, a supplement, gifts, a sale from overseas stock) of the
 *   synced orders, each at another step (the last one waiting for completion), one completed.
 * The demo service operator is services@example.com (password operator1234).
 */
export async function seedDemoServices(deps: Deps, sellerId: string): Promise<void> {
  const seller = sellerActor(sellerId);
  const operator = await operatorActor(deps);
  const now = deps.clock.now();
  const back = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const proof = async (index: number) =>
    deps.config
      ? [
          (
            await uploadProof({ ...deps, config: deps.config }, operator, {
              bytes: PHOTOS[index % PHOTOS.length] as Uint8Array,
              name: `step-${index + 1}.png`,
            })
          ).id,
        ]
      : [];
  /** Dates a service's start back to `hours` ago (its freeze is now). */
  const startedAgo = async (serviceNo: string, hours: number) => {
    await deps.db
      .update(serviceOrders)
      .set({ createdAt: back(hours), currentStepAt: back(hours) })
      .where(eq(serviceOrders.serviceNo, serviceNo));
  };
  const moves = async (serviceNo: string, steps: [ServiceStepKey, number, string][]) => {
    for (const [index, [step, hoursAgo, remark]] of steps.entries())
      await moveService(deps, operator, {
        serviceNo,
        step,
        at: back(hoursAgo).toISOString(),
        remark,
        proofs: await proof(index),
      });
  };
  const buy = async (
    line: ServiceLine,
    key: string,
    extra: { couponId?: string; attachTo?: string } = {},
  ) => buyService(deps, seller, { line, remark: '', idempotencyKey: `demo-${key}`, ...extra });

  try {
    // Completed: bubble wrap with a consumables-fee coupon, settled below its estimate.
    const coupon = await grantCoupon(deps, null, {
      ownerId: sellerId,
      name: { zh: '耗材费券', th: 'คูปองค่าวัสดุ', en: 'Consumables coupon' },
      type: 'cash',
      scope: 'consumablesFee',
      currency: 'THB',
      threshold: THB(20),
      maxOffset: THB(5),
      percentOff: null,
      validFrom: back(24 * 10),
      validTo: new Date(now.getTime() + 24 * 30 * HOUR),
    });
    const wrap = await buy({ code: 'bubbleWrap', quantities: { lengthCm: 333 } }, 'wrap', {
      couponId: coupon.id,
    });
    await startedAgo(wrap.serviceNo, 96);
    await moves(wrap.serviceNo, [
      ['purchaseReview', 90, 'Quantity confirmed'],
      ['domesticWarehouseIn', 60, 'Wrap received at Guangzhou'],
      ['domesticWarehouseOut', 30, 'Wrapped and sent on'],
    ]);
    await completeService(deps, operator, {
      serviceNo: wrap.serviceNo,
      actualFees: {
        purchase: 0,
        domesticFreight: 0,
        internationalFreight: 0,
        service: 0,
        consumables: THB(22),
      },
      remark: '2.9 m used',
    });

    // Aborted at the purchase review: the translator was not available.
    const translation = await buy(
      { code: 'translation', quantities: { characters: 100 } },
      'translation',
    );
    await startedAgo(translation.serviceNo, 72);
    await moves(translation.serviceNo, [['purchaseReview', 70, 'Text received']]);
    await abortService(deps, operator, {
      serviceNo: translation.serviceNo,
      reason: 'No Thai translator free this week',
    });

    // Cancelled by the seller before its review.
    const storage = await buy(
      { code: 'storage', quantities: { volumeCm3: 400_000, days: 3 } },
      'storage',
    );
    await startedAgo(storage.serviceNo, 50);
    await cancelServiceOrder(deps, seller, { serviceNo: storage.serviceNo });

    // Just submitted.
    await buy({ code: 'stretchFilm', quantities: { lengthCm: 250 } }, 'film');

    // Order services of the synced orders, each at another step.
    const orders = await deps.db
      .select()
      .from(platformOrders)
      .where(eq(platformOrders.ownerId, sellerId))
      .orderBy(asc(platformOrders.platformCreatedAt))
      .limit(7);
    const plans: {
      type: 'crossSale' | 'crossSupplement' | 'giftShipment' | 'crossStoreSale';
      estimate: number;
      startedHours: number;
      steps: [ServiceStepKey, number, string][];
      complete?: number;
    }[] = [
      {
        type: 'crossSale',
        estimate: THB(86),
        startedHours: 120,
        steps: [
          ['purchaseReview', 110, 'Supplier confirmed'],
          ['purchaseDelivery', 80, 'Delivered by 1688 seller'],
        ],
      },
      {
        type: 'crossSale',
        estimate: THB(74),
        startedHours: 160,
        steps: [
          ['purchaseReview', 150, 'Supplier confirmed'],
          ['purchaseDelivery', 120, 'Delivered'],
          ['domesticWarehouseIn', 100, 'Checked in, 1 carton'],
          ['domesticWarehouseOut', 70, 'Loaded for Bangkok'],
        ],
      },
      {
        type: 'crossSupplement',
        estimate: THB(95),
        startedHours: 240,
        steps: [
          ['purchaseReview', 230, 'Approved'],
          ['purchaseDelivery', 200, 'Delivered'],
          ['domesticWarehouseIn', 180, 'Checked in'],
          ['domesticWarehouseOut', 150, 'Sea freight'],
          ['overseasWarehouseIn', 20, 'Stocked in WH-BKK'],
        ],
      },
      {
        type: 'crossSale',
        estimate: THB(68),
        startedHours: 260,
        steps: [
          ['purchaseReview', 250, 'Approved'],
          ['purchaseDelivery', 220, 'Delivered'],
          ['domesticWarehouseIn', 200, 'Checked in'],
          ['domesticWarehouseOut', 170, 'Land freight'],
          ['overseasWarehouseIn', 40, 'Arrived in Bangkok'],
          ['overseasWarehouseOut', 10, 'Handed to Flash Express'],
        ],
      },
      { type: 'giftShipment', estimate: THB(18), startedHours: 6, steps: [] },
      {
        type: 'crossStoreSale',
        estimate: THB(32),
        startedHours: 48,
        steps: [['overseasWarehouseOut', 30, 'Picked from stock']],
        complete: THB(30),
      },
    ];
    let attachTo: string | null = null;
    for (const [index, plan] of plans.entries()) {
      // The synced orders' (without them, services of no platform order).
      const order = orders[index] ?? null;
      const serviceNo = `SV${now.toISOString().slice(2, 10).replace(/-/g, '')}DEMO${index + 1}`;
      const started = back(plan.startedHours);
      await deps.db.insert(serviceOrders).values({
        serviceNo,
        ownerId: sellerId,
        type: plan.type,
        status: 'pending',
        shopId: order?.shopId ?? null,
        orderId: order?.id ?? null,
        platformOrderNo: order?.externalId ?? null,
        currency: 'THB',
        estimateMinor: plan.estimate,
        fees: {
          purchase: plan.type === 'crossSale' ? plan.estimate - THB(30) : 0,
          domesticFreight: 0,
          internationalFreight: plan.type === 'crossSale' ? THB(20) : 0,
          service: plan.type === 'crossSale' ? THB(10) : plan.estimate,
          consumables: 0,
        },
        items: [],
        steps: [],
        createdBy: sellerId,
        createdAt: started,
        updatedAt: started,
        currentStepAt: started,
      });
      const held = await freezeForOrder(deps, null, {
        ownerId: sellerId,
        reference: { type: 'service', id: serviceNo },
        idempotencyKey: `service:${serviceNo}:freeze`,
        actorId: sellerId,
        currency: 'THB',
        estimate: plan.estimate,
      });
      await deps.db
        .update(serviceOrders)
        .set({ frozenMinor: held.frozen })
        .where(eq(serviceOrders.serviceNo, serviceNo));
      await moves(serviceNo, plan.steps);
      if (plan.complete !== undefined)
        await completeService(deps, operator, {
          serviceNo,
          actualFees: {
            purchase: 0,
            domesticFreight: 0,
            internationalFreight: 0,
            service: plan.complete,
            consumables: 0,
          },
          remark: '',
        });
      if (index === 0) attachTo = serviceNo;
    }

    // A wooden frame bought for the first cross-border sale, in the domestic warehouse.
    if (attachTo) {
      const frame = await buy(
        { code: 'woodenFrame', quantities: { lengthCm: 50, widthCm: 40, heightCm: 30 } },
        'frame',
        { attachTo },
      );
      await startedAgo(frame.serviceNo, 30);
      await moves(frame.serviceNo, [
        ['purchaseReview', 28, 'Frame size checked'],
        ['domesticWarehouseIn', 5, 'Frame built around the carton'],
      ]);
    }
  } catch (error) {
    // Only a wallet the seed could not fund (no payment providers) leaves the services out.
    if (!(error instanceof AppError && error.key === 'WALLET_INSUFFICIENT_BALANCE')) throw error;
  }
}
