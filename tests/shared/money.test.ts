import { decimalToMinor, minorToDecimal } from '@shared/contracts/money';
import { describe, expect, it } from 'vitest';

describe('decimal amounts to minor units', () => {
  it('reads platform amounts exactly, whatever their form', () => {
    expect(decimalToMinor('12.5', 'THB')).toBe(1250);
    expect(decimalToMinor(12.5, 'THB')).toBe(1250);
    expect(decimalToMinor('1,234.00', 'MYR')).toBe(123_400);
    expect(decimalToMinor('0.07', 'USD')).toBe(7);
    expect(decimalToMinor('.5', 'SGD')).toBe(50);
    expect(decimalToMinor('199', 'PHP')).toBe(19_900);
    // 0.1 + 0.2 style values never pass through floating point.
    expect(decimalToMinor('19.99', 'THB')).toBe(1999);
    expect(decimalToMinor(1.005, 'USD')).toBe(101);
  });

  it('uses the currency exponent: none for VND and IDR', () => {
    expect(decimalToMinor('150000', 'VND')).toBe(150_000);
    expect(decimalToMinor('15000.6', 'IDR')).toBe(15_001);
    expect(minorToDecimal(150_000, 'VND')).toBe('150000');
  });

  it('rounds half away from zero beyond the currency decimals', () => {
    expect(decimalToMinor('2.345', 'THB')).toBe(235);
    expect(decimalToMinor('2.344', 'THB')).toBe(234);
    expect(decimalToMinor('-2.345', 'THB')).toBe(-235);
  });

  it('refuses what is not a number', () => {
    for (const bad of ['', 'abc', '1.2.3', '12a', '.', '-'])
      expect(decimalToMinor(bad, 'THB')).toBeNull();
  });

  it('writes minor units back as decimal text', () => {
    expect(minorToDecimal(1250, 'THB')).toBe('12.50');
    expect(minorToDecimal(5, 'USD')).toBe('0.05');
    expect(minorToDecimal(-199, 'MYR')).toBe('-1.99');
    for (const minor of [0, 1, 99, 100, 12_345, 987_654_321])
      expect(decimalToMinor(minorToDecimal(minor, 'SGD'), 'SGD')).toBe(minor);
  });
});
