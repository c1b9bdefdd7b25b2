import type { Language } from '@shared/contracts/languages';
import { formatDay } from '@shared/i18n/format';
import { writeCookie } from '@shared/session/web-port';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole, renderSignedIn } from '../support/console';
import { readLocale } from '../support/locales';
import {
  PAGE,
  pad,
  registerHistoryMoneyTests,
  seller,
  setCurrent,
  t,
} from './history-money-harness';

registerHistoryMoneyTests();

const LANGUAGES = ['zh', 'th', 'en'] as const satisfies readonly Language[];

/** YYYY-MM-DD of a day `offset` days from today, on the reader's clock. */
function dayText(offset: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first weekday the calendar shows, and how it heads a month (dayjs zh-cn, th, en). */
const CALENDAR: Record<Language, { firstWeekday: string; monthLabel: RegExp }> = {
  zh: { firstWeekday: '一', monthLabel: /^\d{4}年\d{1,2}月$/ },
  th: { firstWeekday: 'อา.', monthLabel: /^[\u0E00-\u0E7F]+ 25\d\d$/ },
  en: { firstWeekday: 'Mo', monthLabel: /^[A-Z][a-z]+ 20\d\d$/ },
};

describe('the console’s language in its inputs', () => {
  for (const language of LANGUAGES) {
    it(`shows, reads and picks dates in ${language}, as the dates beside them, whatever the browser’s locale`, async () => {
      const s = await seller();
      writeCookie(document, 'cmp-language', language);
      const running = await renderSignedIn(
        PAGE,
        { username: s.email, password: s.password },
        { app: t },
      );
      setCurrent(running);
      await screen.findByRole('heading', { name: readLocale(language, 'wallet').title });
      const from = screen.getByTestId('range-from') as HTMLInputElement;
      const to = screen.getByTestId('range-to') as HTMLInputElement;
      // The day reads as formatDate writes it in the language (Thai years in the Buddhist era).
      expect(from.value).toBe(`${formatDay(dayText(-13), language)} 00:00:00`);
      expect(to.value).toBe(`${formatDay(dayText(0), language)} 23:59:59`);

      // The calendar names weekdays and months in the language.
      fireEvent.click(from);
      await waitFor(() =>
        expect(document.querySelector('.mantine-DateInput-weekday')?.textContent).toBe(
          CALENDAR[language].firstWeekday,
        ),
      );
      expect(document.querySelector('.mantine-DateInput-calendarHeaderLevel')?.textContent).toMatch(
        CALENDAR[language].monthLabel,
      );

      // What the input shows can be typed back, and it applies to the list.
      fireEvent.change(from, {
        target: { value: `${formatDay(dayText(-20), language)} 08:30:00` },
      });
      await waitFor(() =>
        expect(running.router.state.location.search).toMatchObject({
          beginTime: `${dayText(-20)} 08:30:00`,
        }),
      );

      // A day picked in the calendar keeps the time of day the field had.
      const day = Number(dayText(-19).slice(8));
      const pick = [...document.querySelectorAll<HTMLButtonElement>('[data-dates-dropdown] button')]
        .filter((button) => !button.hasAttribute('data-outside'))
        .find((button) => button.textContent === String(day));
      // Only where the 19th day back lies in the month shown (that of the 20th).
      if (dayText(-19).slice(0, 7) === dayText(-20).slice(0, 7)) {
        if (!pick) throw new Error(`no day ${day} in the calendar`);
        fireEvent.click(pick);
        await waitFor(() =>
          expect(running.router.state.location.search).toMatchObject({
            beginTime: `${dayText(-19)} 08:30:00`,
          }),
        );
      }

      // Text that names no moment says so, in the language.
      fireEvent.blur(from);
      fireEvent.input(to, { target: { value: '31 31 31' } });
      expect(
        await screen.findByText(readLocale(language, 'wallet').filters.invalidTime),
      ).toBeTruthy();
    });
  }

  for (const language of LANGUAGES) {
    it(`names the password's show/hide button in ${language}`, async () => {
      writeCookie(document, 'cmp-language', language);
      const running = await renderConsole('/cmp/login');
      setCurrent(running);
      const words = readLocale(language, 'common');
      await screen.findByRole('heading', { name: readLocale(language, 'auth').title });
      const toggle = document.querySelector<HTMLButtonElement>(
        '.mantine-PasswordInput-visibilityToggle',
      );
      expect(toggle?.getAttribute('aria-label')).toBe(words.actions.togglePassword);
      expect(toggle?.getAttribute('aria-label')).not.toBe('Toggle password visibility');
    });
  }
});
