import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { runProductJobs } from '../modules/products/publish.service';
import type { SyncDeps } from '../modules/shops/shop-sync.service';
import { expireStaleRuns } from '../modules/shops/sync-runs.service';
import { reconcileLedger } from './ledger-reconcile';
import { expirePaymentOrders } from './payment-expiry';
import { warnExpiringAuthorizations } from './shop-notices';
import { runDueSyncs } from './shop-sync';
import { refreshDueTokens } from './token-refresh';
import { runWarehouseBilling } from './warehouse-fees';

/**
 * The background work of one server process: token refreshes, expiry warnings, shop syncs, the
 * expiry of unpaid payment orders and the ledger reconciliation, every `intervalMs` and at once
 * when kicked. Every piece claims its rows in the database, so any number of processes may run
 * this side by side.
 */
export function startJobs(deps: SyncDeps, options: { intervalMs?: number } = {}) {
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  async function tick() {
    await refreshDueTokens(deps);
    await warnExpiringAuthorizations(deps);
    await expireStaleRuns(deps, null);
    await runDueSyncs(deps, owner);
    await runProductJobs(deps, null);
    await expirePaymentOrders(deps);
    await runWarehouseBilling(deps);
    await reconcileLedger(deps);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = tick()
      .catch((error: unknown) => deps.logger.error('background jobs failed', { error }))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, options.intervalMs ?? 30_000);
  timer.unref();
  return {
    owner,
    kick,
    /** Waits for the current round (tests and shutdown). */
    idle: async () => {
      while (running) await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}
