import { endpoints } from '@shared/contracts/endpoints';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import {
  createSubAccount,
  deleteSubAccount,
  getSubAccount,
  listSubAccounts,
  resetSubAccountPassword,
  setSubAccountPermissions,
  setSubAccountStatus,
  updateSubAccount,
} from './sub-accounts.service';

const subAccount = [{ type: 'subAccount', field: 'id' }] as const;
const NEW_PASSWORD = 'Another-pass1';

export const subAccountsRoutes = [
  defineRoute(endpoints.subAccounts.list, async ({ c, deps, actor, query }) =>
    ok(c, await listSubAccounts(deps, actor, query)),
  ),
  defineRoute(
    endpoints.subAccounts.detail,
    {
      objects: subAccount,
      example: (ids) => ({ query: { id: ids.subAccountId } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await getSubAccount(deps, actor, query.id)),
  ),
  defineRoute(
    endpoints.subAccounts.create,
    {
      objects: [{ type: 'shop', field: 'shopIds' }],
      example: (ids) => ({
        json: {
          accountType: 'email',
          email: `sub-${ids.shopId.slice(0, 8)}-${Date.now()}@example.com`,
          name: 'Packer',
          password: NEW_PASSWORD,
          confirmPassword: NEW_PASSWORD,
          shopIds: [ids.shopId],
        },
      }),
    },
    async ({ c, deps, actor, json }) => ok(c, await createSubAccount(deps, actor, json), 'saved'),
  ),
  defineRoute(
    endpoints.subAccounts.update,
    {
      objects: subAccount,
      example: (ids) => ({ json: { id: ids.subAccountId, name: 'Renamed', validUntil: null } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await updateSubAccount(deps, actor, json), 'saved'),
  ),
  defineRoute(
    endpoints.subAccounts.setStatus,
    {
      objects: subAccount,
      example: (ids) => ({ json: { id: ids.subAccountId, status: 'forbidden' } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await setSubAccountStatus(deps, actor, json), 'saved'),
  ),
  defineRoute(
    endpoints.subAccounts.resetPassword,
    {
      objects: subAccount,
      example: (ids) => ({
        json: { id: ids.subAccountId, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      }),
    },
    async ({ c, deps, actor, json }) => {
      await resetSubAccountPassword(deps, actor, json);
      return ok(c, await getSubAccount(deps, actor, json.id), 'saved');
    },
  ),
  defineRoute(
    endpoints.subAccounts.setPermissions,
    {
      objects: [...subAccount, { type: 'shop', field: 'shopIds' }],
      example: (ids) => ({
        json: {
          id: ids.subAccountId,
          shopIds: [ids.shopId],
          grants: [{ url: '/thirdPartyPlatform/authorizeList', buttons: [] }],
        },
      }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await setSubAccountPermissions(deps, actor, json), 'saved'),
  ),
  defineRoute(
    endpoints.subAccounts.remove,
    {
      objects: subAccount,
      example: (ids) => ({ json: { id: ids.subAccountId } }),
    },
    async ({ c, deps, actor, json }) => {
      await deleteSubAccount(deps, actor, json.id);
      return ok(c, { id: json.id }, 'deleted');
    },
  ),
];
