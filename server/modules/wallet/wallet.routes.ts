import { LedgerCheckSchema, WalletSummarySchema } from '@shared/contracts/wallet';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { lastLedgerCheck } from './ledger-verify';
import { walletSummary } from './wallet.service';

/** The wallet pages' menu: the money history (spec section 2, /other/historyMoney). */
const WALLET_MENU = '/other/historyMoney';

export const walletRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/wallet/summary',
      access: 'session',
      permission: { menu: WALLET_MENU },
      response: WalletSummarySchema,
      summary:
        'Balance, frozen and available amount of each wallet of the account (integer minor units), the site currency first',
    },
    async ({ c, deps, actor }) => ok(c, await walletSummary(deps, actor)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/wallet/ledgerCheck',
      access: 'session',
      permission: { menu: WALLET_MENU },
      response: LedgerCheckSchema,
      summary:
        'When every wallet was last reconciled with the journal, and whether all was in order',
    },
    async ({ c, deps }) => ok(c, await lastLedgerCheck(deps, null)),
  ),
];
