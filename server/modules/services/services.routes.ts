import enServices from '@locales/en/services.json';
import thServices from '@locales/th/services.json';
import zhServices from '@locales/zh/services.json';
import { endpoints } from '@shared/contracts/endpoints';
import type { Language } from '@shared/contracts/languages';
import type { ServiceRow } from '@shared/contracts/services';
import { EXPORT_ROW_LIMIT } from '@shared/contracts/wallet';
import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { AppError } from '../../lib/errors';
import { requestIdempotencyKey } from '../../lib/idempotency-key';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { fill, sheetFile, sheetResponse } from '../wallet/xlsx';
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

/** The services of the list's tab and filters as one sheet, in the reader's language. */
async function exportAnswer(
  c: Context<AppEnv>,
  found: Awaited<ReturnType<typeof servicesForExport>>,
): Promise<Response> {
  const words = SERVICE_WORDS[c.var.t.language];
  const { range } = found;
  const heads = words.columns;
  let file: Buffer;
  try {
    file = await sheetFile<ServiceRow>({
      name: words.export.sheet,
      zone: range.zone,
      rows: found.records,
      note:
        found.total > found.records.length
          ? fill(words.export.truncated, { kept: found.records.length, total: found.total })
          : undefined,
      columns: [
        { header: heads.serviceNo, width: 22, kind: 'text', value: (row) => row.serviceNo },
        {
          header: fill(words.export.timeZone, { zone: range.zone }),
          width: 21,
          kind: 'time',
          value: (row) => new Date(row.createdAt),
        },
        { header: heads.type, width: 20, kind: 'text', value: (row) => words.types[row.type] },
        { header: heads.status, width: 14, kind: 'text', value: (row) => words.status[row.status] },
        ...(['estimate', 'actual'] as const).map((key) => ({
          header: heads[key],
          width: 14,
          kind: 'money' as const,
          value: (row: ServiceRow) => row[key],
          currency: (row: ServiceRow) => row.currency,
        })),
        {
          header: heads.platformOrderNo,
          width: 22,
          kind: 'text',
          value: (row) => row.platformOrderNo,
        },
        {
          header: heads.currentStep,
          width: 24,
          kind: 'text',
          value: (row) => words.steps[row.currentStep],
        },
      ],
    });
  } catch (cause) {
    throw new AppError('ORDER_EXPORT_FAILED', { cause });
  }
  const days = { from: range.firstDay, to: range.lastDay };
  return sheetResponse(
    file,
    {
      name: `${fill(words.export.file, days)}.xlsx`,
      ascii: `services-${days.from}-${days.to}.xlsx`,
    },
    { total: found.total, kept: found.records.length },
  );
}

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
  defineRoute(calls.export, async ({ c, deps, actor, query }) =>
    exportAnswer(c, await servicesForExport(deps, actor, query, EXPORT_ROW_LIMIT)),
  ),
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
