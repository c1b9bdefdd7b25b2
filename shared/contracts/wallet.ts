import * as z from 'zod/mini';
import { CURRENCIES } from './money';

/** datas of resp_code -10: what the operation needs beyond the available balance. */
export const InsufficientBalanceDataSchema = z.object({
  messages: z._default(z.array(z.string()), []),
  shortfall: z.int().check(z.nonnegative()),
  currency: z.enum(CURRENCIES),
});
