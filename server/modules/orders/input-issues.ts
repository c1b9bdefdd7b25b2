import type { ValidationMessageKey } from '@shared/contracts/validation';
import type * as z from 'zod/mini';

/**
 * Input a service found wrong after the schema passed it (a shop the actor does not hold, more
 * pieces than are returnable): each named by its field, answered as the schema's failures are.
 */
export class InputIssues extends Error {
  constructor(
    readonly issues: readonly {
      field: string;
      key: ValidationMessageKey;
      params?: Record<string, number>;
    }[],
  ) {
    super('invalid input');
    this.name = 'InputIssues';
  }

  /** As zod issues, for the validation error the routes answer. */
  zodIssues(): z.core.$ZodIssue[] {
    return this.issues.map((issue) => {
      const path = issue.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      const maximum = issue.params?.maximum;
      if (issue.key === 'tooBig' && maximum !== undefined)
        return {
          code: 'too_big',
          origin: 'number',
          maximum,
          inclusive: true,
          path,
          message: '',
          input: undefined,
        } as unknown as z.core.$ZodIssue;
      return {
        code: 'custom',
        message: issue.key,
        path,
        input: undefined,
      } as unknown as z.core.$ZodIssue;
    });
  }
}
