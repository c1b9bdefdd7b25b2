import {
  CreateSubAccountRequestSchema,
  SubAccountIdSchema,
  SubAccountListQuerySchema,
  SubAccountPasswordRequestSchema,
  SubAccountPermissionsRequestSchema,
  SubAccountStatusRequestSchema,
  UpdateSubAccountRequestSchema,
} from '@shared/contracts/sub-accounts';
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

const MENU = '/account/accountManage';
const subAccount = [{ type: 'subAccount', field: 'id' }] as const;
const NEW_PASSWORD = 'Another-pass1';

export const subAccountsRoutes = [
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/subAccount/list',
      access: 'main',
      query: SubAccountListQuerySchema,
      permission: { menu: MENU },
    },
    async ({ c, deps, actor, query }) => ok(c, await listSubAccounts(deps, actor, query)),
  ),
  defineRoute(
    {
      method: 'GET',
      path: '/api-user/subAccount/detail',
      access: 'main',
      query: SubAccountIdSchema,
      objects: subAccount,
      permission: { menu: MENU },
      example: (ids) => ({ query: { id: ids.subAccountId } }),
    },
    async ({ c, deps, actor, query }) => ok(c, await getSubAccount(deps, actor, query.id)),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/subAccount/create',
      access: 'main',
      json: CreateSubAccountRequestSchema,
      objects: [{ type: 'shop', field: 'shopIds' }],
      permission: { menu: MENU, button: 'create' },
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
    {
      method: 'POST',
      path: '/api-user/subAccount/update',
      access: 'main',
      json: UpdateSubAccountRequestSchema,
      objects: subAccount,
      permission: { menu: MENU, button: 'edit' },
      example: (ids) => ({ json: { id: ids.subAccountId, name: 'Renamed', validUntil: null } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await updateSubAccount(deps, actor, json), 'saved'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/subAccount/status',
      access: 'main',
      json: SubAccountStatusRequestSchema,
      objects: subAccount,
      permission: { menu: MENU, button: 'status' },
      example: (ids) => ({ json: { id: ids.subAccountId, status: 'forbidden' } }),
    },
    async ({ c, deps, actor, json }) =>
      ok(c, await setSubAccountStatus(deps, actor, json), 'saved'),
  ),
  defineRoute(
    {
      method: 'POST',
      path: '/api-user/subAccount/resetPassword',
      access: 'main',
      json: SubAccountPasswordRequestSchema,
      objects: subAccount,
      permission: { menu: MENU, button: 'resetPassword' },
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
    {
      method: 'POST',
      path: '/api-user/subAccount/permissions',
      access: 'main',
      json: SubAccountPermissionsRequestSchema,
      objects: [...subAccount, { type: 'shop', field: 'shopIds' }],
      permission: { menu: MENU, button: 'permissions' },
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
    {
      method: 'POST',
      path: '/api-user/subAccount/delete',
      access: 'main',
      json: SubAccountIdSchema,
      objects: subAccount,
      permission: { menu: MENU, button: 'delete' },
      example: (ids) => ({ json: { id: ids.subAccountId } }),
    },
    async ({ c, deps, actor, json }) => {
      await deleteSubAccount(deps, actor, json.id);
      return ok(c, { id: json.id }, 'deleted');
    },
  ),
];
