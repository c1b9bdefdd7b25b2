import type { Language } from '@shared/contracts/languages';
import {
  abbreviateNumber,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTimeAgo,
  intlLocale,
  toMillis,
} from '@shared/i18n/format';
import { createI18n } from '@shared/i18n/i18n';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';

const T: Record<Language, TFunction<'common'>> = {} as Record<Language, TFunction<'common'>>;
beforeAll(async () => {
  for (const language of ['zh', 'th', 'en'] as const) {
    const i18n = await createI18n(language);
    T[language] = i18n.getFixedT(language, 'common');
  }
});

/** "Now" in milliseconds, and the moment `seconds` before it as a ten-digit timestamp. */
const NOW = 1_800_000_000_000;
const ago = (seconds: number) => NOW / 1000 - seconds;

describe('toMillis', () => {
  it('reads ten-digit timestamps as seconds and thirteen-digit ones as milliseconds', () => {
    expect(toMillis(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMillis(1_700_000_000_123)).toBe(1_700_000_000_123);
    expect(toMillis(9_999_999_999)).toBe(9_999_999_999_000);
    expect(toMillis(10_000_000_000)).toBe(10_000_000_000);
    expect(toMillis('1700000000')).toBe(1_700_000_000_000);
    expect(toMillis(' 1700000000123 ')).toBe(1_700_000_000_123);
    expect(toMillis(1_700_000_000.5)).toBe(1_700_000_000_500);
  });

  it('reads dates and date strings as they are', () => {
    expect(toMillis(new Date(1_700_000_000_123))).toBe(1_700_000_000_123);
    expect(toMillis('2026-11-02T02:00:00.000Z')).toBe(Date.UTC(2026, 10, 2, 2));
    expect(toMillis('not a date')).toBeNaN();
    expect(toMillis(Number.POSITIVE_INFINITY)).toBeNaN();
  });
});

describe('formatTimeAgo', () => {
  const cases: [number, Record<Language, string>][] = [
    [0, { en: '0 minutes ago', zh: '0分钟前', th: '0 นาทีที่แล้ว' }],
    [59, { en: '0 minutes ago', zh: '0分钟前', th: '0 นาทีที่แล้ว' }],
    [60, { en: '1 minute ago', zh: '1分钟前', th: '1 นาทีที่แล้ว' }],
    [3599, { en: '59 minutes ago', zh: '59分钟前', th: '59 นาทีที่แล้ว' }],
    [3600, { en: '1 hour ago', zh: '1小时前', th: '1 ชั่วโมงที่แล้ว' }],
    [7200, { en: '2 hours ago', zh: '2小时前', th: '2 ชั่วโมงที่แล้ว' }],
    [86_399, { en: '23 hours ago', zh: '23小时前', th: '23 ชั่วโมงที่แล้ว' }],
    [86_400, { en: '1 day ago', zh: '1天前', th: '1 วันที่แล้ว' }],
    [172_800, { en: '2 days ago', zh: '2天前', th: '2 วันที่แล้ว' }],
    [30 * 86_400, { en: '30 days ago', zh: '30天前', th: '30 วันที่แล้ว' }],
  ];
  for (const [seconds, words] of cases) {
    for (const language of ['zh', 'th', 'en'] as const) {
      it(`${seconds} s ago in ${language}: ${words[language]}`, () => {
        expect(formatTimeAgo(T[language], ago(seconds), NOW)).toBe(words[language]);
        // The same moment as a thirteen-digit timestamp, and as a Date for "now".
        expect(formatTimeAgo(T[language], (NOW / 1000 - seconds) * 1000, new Date(NOW))).toBe(
          words[language],
        );
      });
    }
  }

  it('counts a moment slightly ahead of now as now', () => {
    expect(formatTimeAgo(T.en, ago(-120), NOW)).toBe('0 minutes ago');
  });
});

describe('formatRelative', () => {
  const cases: [number, Record<Language, string>][] = [
    [0, { en: 'just now', zh: '刚刚', th: 'เมื่อสักครู่' }],
    [29, { en: 'just now', zh: '刚刚', th: 'เมื่อสักครู่' }],
    [30, { en: '1 minute ago', zh: '1分钟前', th: '1 นาทีที่แล้ว' }],
    [61, { en: '2 minutes ago', zh: '2分钟前', th: '2 นาทีที่แล้ว' }],
    [3599, { en: '60 minutes ago', zh: '60分钟前', th: '60 นาทีที่แล้ว' }],
    [3600, { en: '1 hour ago', zh: '1小时前', th: '1 ชั่วโมงที่แล้ว' }],
    [3601, { en: '2 hours ago', zh: '2小时前', th: '2 ชั่วโมงที่แล้ว' }],
    [86_399, { en: '24 hours ago', zh: '24小时前', th: '24 ชั่วโมงที่แล้ว' }],
    [86_400, { en: '1 day ago', zh: '1天前', th: '1 วันที่แล้ว' }],
    [172_799, { en: '1 day ago', zh: '1天前', th: '1 วันที่แล้ว' }],
  ];
  for (const [seconds, words] of cases) {
    for (const language of ['zh', 'th', 'en'] as const) {
      it(`${seconds} s ago in ${language}: ${words[language]}`, () => {
        expect(formatRelative(T[language], ago(seconds), NOW)).toBe(words[language]);
        expect(formatRelative(T[language], ago(seconds) * 1000, NOW)).toBe(words[language]);
      });
    }
  }

  it('shows the date and time from 2 days on, in the language of the words', () => {
    const at = new Date(NOW - 172_800_000);
    const expected = (locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
    const en = formatRelative(T.en, ago(172_800), NOW);
    expect(en).toBe(expected('en-GB'));
    expect(en).toMatch(/2027/);
    expect(formatRelative(T.zh, ago(172_800), NOW)).toBe(expected('zh-CN'));
    expect(formatRelative(T.zh, ago(172_800), NOW)).toMatch(/2027年/);
    // Thai dates carry the Buddhist year, as everywhere else in the console.
    expect(formatRelative(T.th, ago(172_800), NOW)).toBe(expected('th-TH'));
    expect(formatRelative(T.th, ago(172_800), NOW)).toMatch(/2570/);
    // Ten and thirteen digits name the same moment.
    expect(formatRelative(T.en, ago(172_800) * 1000, NOW)).toBe(en);
  });
});

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [999.94, '999.9'],
    [999.96, '1k'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [1500, '1.5k'],
    [999_949, '999.9k'],
    [999_950, '1M'],
    [1_000_000, '1M'],
    [12_345_678, '12.3M'],
    [1e9, '1G'],
    [1e12, '1T'],
    [1e15, '1P'],
    [1e18, '1E'],
    [2.5e21, '2500E'],
    [-1500, '-1.5k'],
    [-0.01, '0'],
  ])('%d -> %s', (value, expected) => {
    for (const language of ['zh', 'th', 'en'] as const)
      expect(abbreviateNumber(value, language)).toBe(expected);
  });

  it('keeps as many decimals as asked', () => {
    expect(abbreviateNumber(1234, 'en', 2)).toBe('1.23k');
    expect(abbreviateNumber(1234, 'en', 0)).toBe('1k');
    expect(abbreviateNumber(Number.NaN)).toBe('NaN');
  });
});

describe('formatMoney', () => {
  it.each([
    [123_456, 'CNY', '¥1,234.56'],
    [5, 'USD', '$0.05'],
    [0, 'USD', '$0.00'],
    [123_450, 'THB', '฿1,234.50'],
    [-123_450, 'THB', '-฿1,234.50'],
    [99, 'MYR', 'RM0.99'],
    [1_000_000, 'PHP', '₱10,000.00'],
    [12_000, 'VND', '₫12,000'],
    [-12_000, 'VND', '-₫12,000'],
    [1_500_000, 'IDR', 'Rp1,500,000'],
    [7, 'IDR', 'Rp7'],
  ] as const)('%d minor units of %s -> %s', (minor, currency, expected) => {
    for (const language of ['zh', 'th', 'en'] as const)
      expect(formatMoney(minor, currency, language)).toBe(expected);
  });
});

describe('formatNumber', () => {
  it('formats in the console language, never in the environment’s own locale', () => {
    expect(formatNumber(1_234_567.5, 'zh')).toBe('1,234,567.5');
    expect(formatNumber(3, 'zh', { style: 'unit', unit: 'day', unitDisplay: 'long' })).toBe('3天');
    expect(formatNumber(3, 'th', { style: 'unit', unit: 'day', unitDisplay: 'long' })).toBe('3 วัน');
    expect(formatNumber(3, 'en', { style: 'unit', unit: 'day', unitDisplay: 'long' })).toBe(
      '3 days',
    );
    expect(formatNumber(12_000, 'zh', { notation: 'compact' })).toBe('1.2万');
    expect(formatNumber(12_000, 'en', { notation: 'compact' })).toBe('12k');
  });

  it('maps each language to its Intl locale and an unknown one to English', () => {
    expect(intlLocale('zh')).toBe('zh-CN');
    expect(intlLocale('th')).toBe('th-TH');
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('fr')).toBe('en-GB');
  });
});
