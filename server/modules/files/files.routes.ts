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
  // Served to the owner's accounts and the operators who need it (the service decides), with the
  // session; anyone else is told 404, as for a file that does not exist. The type is the one read
  // from the bytes at upload, never sniffed by the browser, and the file runs nothing.
  defineRoute(
    endpoints.files.file,
    // A file, not a row of the tenant tables: the owner check is the service's (tests/server/files).
    { notObjects: ['key'] },
    async ({ c, deps, actor }) => {
      const id = c.req.param('key') ?? '';
      const file = UUID.test(id) ? await readFile(deps, actor, id) : null;
      if (!file) throw new AppError('NOT_FOUND');
      return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
        'content-type': file.contentType,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      });
    },
  ),
];
