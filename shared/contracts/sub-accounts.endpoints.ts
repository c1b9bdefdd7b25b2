import * as z from 'zod/mini';
import { defineEndpoint } from './define-endpoint';
import {
  CreateSubAccountRequestSchema,
  SubAccountIdSchema,
  SubAccountListQuerySchema,
  SubAccountPageSchema,
  SubAccountPasswordRequestSchema,
  SubAccountPermissionsRequestSchema,
  SubAccountSchema,
  SubAccountStatusRequestSchema,
  UpdateSubAccountRequestSchema,
} from './sub-accounts';

/** A main account's sub-accounts (/account/accountManage). */
export const subAccountsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api-user/subAccount/list',
    access: 'main',
    query: SubAccountListQuerySchema,
    permission: { menu: '/account/accountManage' },
    response: SubAccountPageSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api-user/subAccount/detail',
    access: 'main',
    query: SubAccountIdSchema,
    permission: { menu: '/account/accountManage' },
    response: SubAccountSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api-user/subAccount/create',
    access: 'main',
    json: CreateSubAccountRequestSchema,
    permission: { menu: '/account/accountManage', button: 'create' },
    response: SubAccountSchema,
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/api-user/subAccount/update',
    access: 'main',
    json: UpdateSubAccountRequestSchema,
    permission: { menu: '/account/accountManage', button: 'edit' },
    response: SubAccountSchema,
  }),
  setStatus: defineEndpoint({
    method: 'POST',
    path: '/api-user/subAccount/status',
    access: 'main',
    json: SubAccountStatusRequestSchema,
    permission: { menu: '/account/accountManage', button: 'status' },
    response: SubAccountSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api-user/subAccount/resetPassword',
    access: 'main',
    json: SubAccountPasswordRequestSchema,
    permission: { menu: '/account/accountManage', button: 'resetPassword' },
    response: SubAccountSchema,
  }),
  setPermissions: defineEndpoint({
    method: 'POST',
    path: '/api-user/subAccount/permissions',
    access: 'main',
    json: SubAccountPermissionsRequestSchema,
    permission: { menu: '/account/accountManage', button: 'permissions' },
    response: SubAccountSchema,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: '/api-user/subAccount/delete',
    access: 'main',
    json: SubAccountIdSchema,
    permission: { menu: '/account/accountManage', button: 'delete' },
    response: z.object({ id: z.string() }),
  }),
};
