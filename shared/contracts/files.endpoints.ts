import { defineEndpoint } from './define-endpoint';
import { UploadedFileSchema } from './third-party';

/** Uploaded files: avatars and purchase attachments. */
export const filesEndpoints = {
  /** An image (JPG, PNG or WebP, at most 2 MB), as the multipart field `file`. */
  upload: defineEndpoint({
    method: 'POST',
    path: '/api-user/file/upload',
    access: 'session',
    upload: true,
    response: UploadedFileSchema,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: '/files/:key',
    access: 'session',
    raw: true,
    /** Fetched with the session (the console shows it through a data: address). */
    download: true,
    summary:
      "An uploaded file (avatar, purchase attachment), to the uploader's main account and its sub-accounts, and a purchase's attachment to its operators; 404 to anyone else",
  }),
};
