import { parseAcceptLanguage, parseLanguage } from '@shared/contracts/languages';
import { describe, expect, it } from 'vitest';

describe('parseLanguage', () => {
  it.each([
    ['zh', 'zh'],
    ['zh-CN', 'zh'],
    ['zh_TW', 'zh'],
    ['TH', 'th'],
    ['th-TH', 'th'],
    ['en-US', 'en'],
    [' en ', 'en'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseLanguage(input)).toBe(expected);
  });

  it.each(['', 'ph', 'id', 'my', 'fr-FR', null, undefined])('does not claim %s', (input) => {
    expect(parseLanguage(input)).toBeNull();
  });
});

describe('parseAcceptLanguage', () => {
  it('picks the highest-weighted language we support', () => {
    expect(parseAcceptLanguage('fr-FR,fr;q=0.9,th;q=0.8,en;q=0.7')).toBe('th');
    expect(parseAcceptLanguage('en;q=0.2, zh-CN;q=0.9')).toBe('zh');
    expect(parseAcceptLanguage('en, th')).toBe('en');
  });

  it('returns null when nothing matches', () => {
    expect(parseAcceptLanguage('fr, de;q=0.5')).toBeNull();
    expect(parseAcceptLanguage(undefined)).toBeNull();
  });
});
