import { z } from 'zod';

/** resp_code of a successful response. */
export const SUCCESS_CODE = 0;

/** Every JSON response: `{ resp_code, resp_msg, datas, key? }` (decisions.md, Envelope). */
export const EnvelopeSchema = z.object({
  resp_code: z.number().int(),
  resp_msg: z.string(),
  datas: z.unknown(),
  key: z.string().optional(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof EnvelopeSchema>, 'datas'> & { datas: T };

/** One field that failed validation, as sent in `datas.fields` of VALIDATION_FAILED. */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;
export const ValidationErrorDataSchema = z.object({ fields: z.array(FieldErrorSchema) });
