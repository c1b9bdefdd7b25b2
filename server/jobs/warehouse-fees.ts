import type { AppDeps } from '../context';
import { applyPaidOrders, chargeMonthlyFees } from '../modules/warehouses/warehouses.service';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

/**
 * Warehouse work of a round: capacity orders paid since (by QR code, or on the payment page)
 * applied to their warehouses, then the monthly fees of every warehouse whose month turned (the
 * 1st, site time). Both claim their rows with SKIP LOCKED and charge through the wallet's
 * idempotency keys, so several processes and reruns charge each month once.
 */
export async function runWarehouseBilling(
  deps: Deps,
): Promise<{ applied: number; charged: number }> {
  const applied = await applyPaidOrders(deps, null);
  const charged = await chargeMonthlyFees(deps, null);
  if (applied + charged > 0) deps.logger.info('warehouse billing', { applied, charged });
  return { applied, charged };
}
