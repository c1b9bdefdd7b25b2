import enServices from '@locales/en/services.json';
import thServices from '@locales/th/services.json';
import zhServices from '@locales/zh/services.json';
import { endpoints } from '@shared/contracts/endpoints';
import type { Language } from '@shared/contracts/languages';
import type { ServiceRow } from '@shared/contracts/services';
import { EXPORT_ROW_LIMIT } from '@shared/contracts/wallet';
import { AppError } from '../../lib/errors';
import { requestIdempotencyKey } from '../../lib/idempotency-key';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { sheetAnswer } from '../wallet/xlsx';
import {
  abortService,
  buyService,
  cancelServiceOrder,
  completeService,
  listServices,
  moveService,
  operatorQueue,
  operatorServiceDetail,
  priceList,
  readProof,
  serviceDetail,
  servicesForExport,
  uploadProof,
} from './services.service';

const calls = endpoints.services;

/** The services pages' words, also on the server: the exported file. */
const SERVICE_WORDS = { zh: zhServices, th: thServices, en: enServices } satisfies Record<
  Language,
  typeof enServices
>;

// A service is named by its number, checked against the actor by the service (its owner and a
// sub-account's shops; every seller's for the service operator): another's answers RECORD_NOT_FOUND.
const serviceObject = {
  objects: [{ type: 'service', field: 'serviceNo' }],
  example: (ids: { serviceNo: string }) => ({ query: { serviceNo: ids.serviceNo } }),
} as const;

export const servicesRoutes = [
  defineRoute(calls.prices, async ({ c, deps, actor }) => ok(c, await priceList(deps, actor))),
  defineRoute(
    calls.buy,
    // The coupon is checked against the actor's main account by the money functions.
    { notObjects: ['couponId'] },
    async ({ c, deps, actor, json }) =>
      ok(c, await buyService(deps, actor, { ...json, idempotencyKey: requestIdempotencyKey(c) })),
  ),
  defineRoute(calls.list, async ({ c, deps, actor, query }) =>
    ok(c, await listServices(deps, actor, query)),
  ),
  defineRoute(calls.export, async ({ c, deps, actor, query }) => {
    const words = SERVICE_WORDS[c.var.t.language];
    const found = await servicesForExport(deps, actor, query, EXPORT_ROW_LIMIT);
    const heads = words.columns;
    return sheetAnswer<ServiceRow>(
      words.export,
      words.export,
      'services',
      found,
      ({ text, money, time }) => [
        text(heads.serviceNo, 22, (row) => row.serviceNo),
        time(words.export.timeZone, (row) => row.createdAt),
        text(heads.type, 20, (row) => words.types[row.type]),
        text(heads.status, 14, (row) => words.status[row.status]),
        { ...money((row) => row.estimate), header: heads.estimate },
        { ...money((row) => row.actual), header: heads.actual },
        text(heads.platformOrderNo, 22, (row) => row.platformOrderNo),
        text(heads.currentStep, 24, (row) => words.steps[row.currentStep]),
      ],
    );
  }),
  defineRoute(calls.detail, serviceObject, async ({ c, deps, actor, query }) =>
    ok(c, await serviceDetail(deps, actor, query)),
  ),
  defineRoute(
    calls.cancel,
    {
      objects: [{ type: 'service', field: 'serviceNo' }],
      example: (ids) => ({ json: { serviceNo: ids.serviceNo } }),
    },
    async ({ c, deps, actor, json }) => ok(c, await cancelServiceOrder(deps, actor, json)),
  ),
  defineRoute(calls.queue, async ({ c, deps, actor, query }) =>
    ok(c, await operatorQueue(deps, actor, query)),
  ),
  defineRoute(calls.operatorDetail, async ({ c, deps, actor, query }) =>
    ok(c, await operatorServiceDetail(deps, actor, query)),
  ),
  defineRoute(calls.proof, async ({ c, deps, actor }) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File))
      throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'JPG, PNG' } });
    return ok(
      c,
      await uploadProof(deps, actor, {
        bytes: new Uint8Array(await file.arrayBuffer()),
        name: file.name,
      }),
    );
  }),
  // Served to the operators and the accounts that see the service, as the type read from the
  // bytes, never sniffed by the browser.
  defineRoute(
    calls.proofFile,
    // A proof of a service: the owner check is the service's.
    { notObjects: ['key'] },
    async ({ c, deps, actor }) => {
      const file = await readProof(deps, actor, c.req.param('key') ?? '');
      if (!file) throw new AppError('RECORD_NOT_FOUND');
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': file.mime,
        'cache-control': 'private, max-age=86400',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    },
  ),
  defineRoute(calls.move, async ({ c, deps, actor, json }) =>
    ok(c, await moveService(deps, actor, json)),
  ),
  defineRoute(calls.complete, async ({ c, deps, actor, json }) =>
    ok(c, await completeService(deps, actor, json)),
  ),
  defineRoute(calls.abort, async ({ c, deps, actor, json }) =>
    ok(c, await abortService(deps, actor, json)),
  ),
];
