import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { lastLedgerCheck } from './ledger-verify';
import { walletSummary } from './wallet.service';

export const walletRoutes = [
  defineRoute(endpoints.wallet.summary, async ({ c, deps, actor }) =>
    ok(c, await walletSummary(deps, actor)),
  ),
  defineRoute(endpoints.wallet.ledgerCheck, async ({ c, deps, actor }) =>
    ok(c, await lastLedgerCheck(deps, actor)),
  ),
];
