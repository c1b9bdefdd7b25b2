import { endpoints } from '@shared/contracts/endpoints';
import { AppError } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { defineRoute } from '../../lib/route';
import { readFile, storeImage } from './files.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const filesRoutes = [
  defineRoute(endpoints.files.upload, async ({ c, deps, actor }) => {
    const body = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const file = body.file;
    if (!(file instanceof File))
      throw new AppError('FILE_TYPE_UNSUPPORTED', { params: { types: 'JPG, PNG, WebP' } });
    return ok(c, await storeImage(deps, actor, Buffer.from(await file.arrayBuffer())));
  }),
  // Files are addressed by a random UUID, unguessable, so they can sit in <img> tags without a token.
  defineRoute(endpoints.files.file, { notObjects: ['id'] }, async ({ c, deps }) => {
    const id = c.req.param('id') ?? '';
    const file = UUID.test(id) ? await readFile(deps, null, id) : null;
    if (!file) throw new AppError('NOT_FOUND');
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
  }),
];
