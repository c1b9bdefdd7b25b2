import { MENU_LABELS } from '@console/features/account/members-menu-titles';
import { LANGUAGES } from '@shared/contracts/languages';
import { describe, expect, it } from 'vitest';
import { readLocale } from '../support/locales';

describe('the permission list’s money menus', () => {
  it('name each page by its own title in every language (补充余额 is not 充值记录)', () => {
    for (const language of LANGUAGES) {
      const menus = readLocale(language, 'members').menus as Record<string, string>;
      const routes = readLocale(language, 'common').routes as Record<string, string>;
      for (const url of ['/other/addMoney', '/other/historyMoney', '/other/couponCenter'] as const)
        expect(menus[MENU_LABELS[url].title], `${language} ${url}`).toBe(
          routes[url.split('/').at(-1) ?? ''],
        );
      expect(menus[MENU_LABELS['/other/addMoney'].title]).toBe(
        readLocale(language, 'pay').addMoney.title,
      );
    }
    expect(readLocale('zh', 'members').menus[MENU_LABELS['/other/addMoney'].title]).toBe(
      '补充余额',
    );
  });
});
