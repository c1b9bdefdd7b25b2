import {
  EMAIL_PATTERN,
  isValidMobile,
  NewPasswordSchema,
  normaliseMobile,
  PASSWORD_PATTERN,
} from '@shared/contracts/accounts';
import { describe, expect, it } from 'vitest';

describe('new passwords (decisions.md)', () => {
  it.each(['abcdef12', 'A1-*/+.~!@#$%^&()', 'z9z9z9z9z9z9z9z9z9z9'])('accepts %s', (password) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(true);
  });
  it.each([
    ['too short', 'abc1234'],
    ['too long', 'abcdefghij12345678901'],
    ['no digit', 'abcdefgh'],
    ['no letter', '12345678'],
    ['a space', 'abcd 1234'],
    ['a character outside the list', 'abcd1234?'],
    ['non-ASCII', 'pässwort1'],
  ])('refuses a password with %s', (_why, password) => {
    expect(NewPasswordSchema.safeParse(password).success).toBe(false);
  });
});

describe('e-mail (spec section 5)', () => {
  it.each(['a@b.co', 'first.last_1-x@mail.example.co.th', 'x@y.museum'])('accepts %s', (email) => {
    expect(EMAIL_PATTERN.test(email)).toBe(true);
  });
  it.each(['a@b', 'a b@c.com', 'a@b.c', 'a@b.toolongtld', 'a+tag@b.com', '@b.com'])(
    'refuses %s',
    (email) => {
      expect(EMAIL_PATTERN.test(email)).toBe(false);
    },
  );
});

describe('mobiles', () => {
  it.each([
    ['+86', '13812345678', true],
    ['+86', '19912345678', true],
    ['+86', '12012345678', false],
    ['+86', '1381234567', false],
    ['+86', '+86 138 1234 5678', true],
    ['+63', '9171234567', true],
    ['+63', '+639171234567', true],
    ['+63', '0639171234567', true],
    ['+63', '09171234567', true],
    ['+63', '917123456', false],
    ['+66', '0812345678', true],
    ['+66', '+66812345678', true],
    ['+66', '0660812345678', true],
    ['+66', '081234567', false],
    ['+66', '08123456789', false],
  ] as const)('%s %s is %s', (code, number, valid) => {
    expect(isValidMobile(code, number)).toBe(valid);
  });

  it('stores one form whatever was typed', () => {
    expect(normaliseMobile('+66', '081-234-5678')).toBe('+66812345678');
    expect(normaliseMobile('+66', '+66812345678')).toBe('+66812345678');
    expect(normaliseMobile('+63', '09171234567')).toBe('+639171234567');
    expect(normaliseMobile('+63', '0639171234567')).toBe('+639171234567');
    expect(normaliseMobile('+86', '13812345678')).toBe('+8613812345678');
  });
});
