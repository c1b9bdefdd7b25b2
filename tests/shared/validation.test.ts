import { toFieldIssues } from '@shared/contracts/validation';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';

const Schema = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1)),
  code: z.string().check(z.minLength(6), z.maxLength(8)),
  count: z.int().check(z.minimum(2), z.maximum(9)),
  email: z.email(),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string()).check(z.minLength(1), z.maxLength(2)),
  phone: z.string().check(z.regex(/^\d+$/, { error: 'phone' })),
});

function issuesOf(input: unknown) {
  const result = Schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return toFieldIssues(result.error.issues);
}

describe('toFieldIssues', () => {
  it('maps each kind of failure to a message key with its limit', () => {
    expect(
      issuesOf({
        name: ' ',
        code: 'abc',
        count: 1.5,
        email: 'x',
        kind: 'c',
        tags: [],
        phone: '12a',
        extra: 1,
      }),
    ).toEqual([
      { field: 'name', key: 'required', params: {} },
      { field: 'code', key: 'tooShort', params: { minimum: 6 } },
      { field: 'count', key: 'integer', params: {} },
      { field: 'email', key: 'email', params: {} },
      { field: 'kind', key: 'invalidOption', params: {} },
      { field: 'tags', key: 'tooFewItems', params: { minimum: 1 } },
      { field: 'phone', key: 'phone', params: {} },
      { field: 'extra', key: 'unknownFields', params: { fields: 'extra' } },
    ]);
  });

  it('tells a missing field from a field of the wrong type, and upper limits from lower ones', () => {
    const issues = issuesOf({
      code: 'abcdefghij',
      count: 10,
      email: 5,
      kind: 'a',
      tags: ['x', 'y', 'z'],
      phone: '1',
    });
    expect(issues).toEqual([
      { field: 'name', key: 'required', params: {} },
      { field: 'code', key: 'tooLong', params: { maximum: 8 } },
      { field: 'count', key: 'tooBig', params: { maximum: 9 } },
      { field: 'email', key: 'invalidType', params: {} },
      { field: 'tags', key: 'tooManyItems', params: { maximum: 2 } },
    ]);
  });

  it('keeps one entry per field and dotted paths for nested fields', () => {
    const Nested = z.object({
      items: z.array(z.object({ price: z.number().check(z.minimum(1)) })),
    });
    const result = Nested.safeParse({ items: [{ price: 5 }, { price: 0 }] }, { reportInput: true });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(toFieldIssues(result.error.issues)).toEqual([
        { field: 'items.1.price', key: 'tooSmall', params: { minimum: 1 } },
      ]);
    }
  });
});
