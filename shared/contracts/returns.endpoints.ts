import { defineEndpoint } from './define-endpoint';
import { RETURNS_MENU } from './orders';
import {
  CreateReturnSchema,
  ProcessReturnSchema,
  ReturnIdSchema,
  ReturnListQuerySchema,
  ReturnPageSchema,
  ReturnSchema,
} from './returns';

/**
 * Returns (spec section 2, returnManage): the seller registers one from an order and decides on
 * it; the warehouse (an operator) signs for it.
 */
export const returnsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/order/return/list',
    access: 'session',
    query: ReturnListQuerySchema,
    permission: { menu: RETURNS_MENU },
    response: ReturnPageSchema,
    summary:
      "One tab of returns, newest first, by keyset, with each tab's count (the warehouse sees every seller's)",
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/order/return/create',
    access: 'session',
    json: CreateReturnSchema,
    permission: { menu: RETURNS_MENU, button: 'register' },
    response: ReturnSchema,
    summary:
      'Registers a return of an order: logistics company, shipment number and at least one item, each at most what is returnable',
  }),
  sign: defineEndpoint({
    method: 'POST',
    path: '/order/return/sign',
    access: 'session',
    json: ReturnIdSchema,
    permission: { menu: RETURNS_MENU, button: 'sign' },
    response: ReturnSchema,
    summary:
      'The warehouse signs for a return that arrived (an operator step): it waits for the seller',
  }),
  process: defineEndpoint({
    method: 'POST',
    path: '/order/return/process',
    access: 'session',
    json: ProcessReturnSchema,
    permission: { menu: RETURNS_MENU, button: 'process' },
    response: ReturnSchema,
    summary: 'The seller restocks or disposes of a signed return: it is completed',
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/order/return/cancel',
    access: 'session',
    json: ReturnIdSchema,
    permission: { menu: RETURNS_MENU, button: 'cancel' },
    response: ReturnSchema,
    summary: 'Cancels a return before the warehouse signed for it',
  }),
};
