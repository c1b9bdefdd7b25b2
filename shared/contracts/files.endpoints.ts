import { defineEndpoint } from './define-endpoint';
import { UploadedFileSchema } from './third-party';

/** Uploaded images. */
export const filesEndpoints = {
  /** An image (JPG, PNG or WebP, at most 2 MB), as the multipart field `file`. */
  upload: defineEndpoint({
    method: 'POST',
    path: '/api-user/file/upload',
    access: 'session',
    upload: true,
    response: UploadedFileSchema,
  }),
  /**
   * A stored file. Files are addressed by a random UUID, unguessable, so they can sit in <img>
   * tags without a token.
   */
  file: defineEndpoint({ method: 'GET', path: '/files/:id', access: 'public', raw: true }),
};
