import { ERROR_KEYS, TOKEN_ERROR_KEYS } from '@shared/contracts/errors';
import { VALIDATION_MESSAGE_KEYS } from '@shared/contracts/validation';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, namespaces, readLocale } from '../support/locales';

/** Every leaf of a nested message object as "a.b.c" -> value. */
function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of leaves(child, prefix ? `${prefix}.${key}` : key))
        out.set(path, leaf);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has the same namespaces in zh, th and en', () => {
    const [first, ...rest] = LANGUAGES.map(namespaces);
    expect(first?.length).toBeGreaterThan(0);
    for (const other of rest) expect(other).toEqual(first);
  });

  for (const namespace of namespaces('en')) {
    it(`${namespace}: same keys in every language, no empty value, same placeholders`, () => {
      const tables = LANGUAGES.map((language) => leaves(readLocale(language, namespace)));
      const [en] = tables;
      if (!en) throw new Error('no English table');
      for (const [index, table] of tables.entries()) {
        expect([...table.keys()].sort(), LANGUAGES[index]).toEqual([...en.keys()].sort());
        for (const [key, value] of table) {
          expect(typeof value, `${LANGUAGES[index]}:${namespace}.${key}`).toBe('string');
          expect(String(value).trim(), `${LANGUAGES[index]}:${namespace}.${key}`).not.toBe('');
          expect(placeholders(String(value)), `${LANGUAGES[index]}:${namespace}.${key}`).toEqual(
            placeholders(String(en.get(key))),
          );
        }
      }
    });
  }

  it('words every error key and every validation message key', () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(readLocale(language, 'errors')).sort()).toEqual([...ERROR_KEYS].sort());
      expect(Object.keys(readLocale(language, 'validation')).sort()).toEqual(
        [...VALIDATION_MESSAGE_KEYS].sort(),
      );
    }
  });

  it('keeps the word "token" in every session-ending message, as the client rule of spec section 8 reads it', () => {
    for (const language of LANGUAGES) {
      for (const key of TOKEN_ERROR_KEYS)
        expect(readLocale(language, 'errors')[key]).toContain('token');
    }
  });

  /** Names that stay as they are in every language: marketplaces, apps, example addresses. */
  const PROPER_NAMES = new Set([
    'Lazada',
    'Shopee',
    'TikTok Shop',
    'Taobao',
    'Tmall',
    'Pinduoduo',
    'AliExpress',
    'WeChat',
    'PromptPay',
    'you@example.com',
  ]);

  it('really translates: zh and th differ from en wherever the text has letters', () => {
    for (const namespace of namespaces('en')) {
      const en = leaves(readLocale('en', namespace));
      for (const language of ['zh', 'th'] as const) {
        const table = leaves(readLocale(language, namespace));
        const words = (text: unknown) => String(text).replace(/\{\{\s*\w+\s*\}\}/g, '');
        const same = [...en].filter(
          ([key, value]) =>
            /[a-z]{3}/i.test(words(value)) &&
            !PROPER_NAMES.has(String(value)) &&
            table.get(key) === value,
        );
        expect(same.map(([key]) => `${language}:${namespace}.${key}`)).toEqual([]);
      }
    }
  });
});
