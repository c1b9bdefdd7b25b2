import * as z from 'zod/mini';

/** resp_code of a successful response. */
export const SUCCESS_CODE = 0;

/** Every JSON response: `{ resp_code, resp_msg, datas, key? }` (decisions.md, Envelope). */
export const EnvelopeSchema = z.object({
  resp_code: z.int(),
  resp_msg: z.string(),
  datas: z.optional(z.unknown()),
  key: z.optional(z.string()),
});

/** One field that failed validation, as sent in `datas.fields` of VALIDATION_FAILED. */
const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export const ValidationErrorDataSchema = z.object({ fields: z.array(FieldErrorSchema) });
