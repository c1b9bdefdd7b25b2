import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import type { Language } from '@shared/contracts/languages';
import dayjs from 'dayjs';
import buddhistEra from 'dayjs/plugin/buddhistEra';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/th';
import 'dayjs/locale/zh-cn';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);
dayjs.extend(buddhistEra);

/** The dayjs locale of each console language (month and weekday names of the calendar). */
const DAYJS_LOCALE: Record<Language, string> = { zh: 'zh-cn', th: 'th', en: 'en' };

/**
 * A day as the console writes it elsewhere (`formatDate`: "13 Nov 2026", "2026年11月13日",
 * "13 พ.ย. 2569", Thai years in the Buddhist era), so an input reads like the dates beside it.
 */
const DAY_FORMAT: Record<Language, string> = {
  zh: 'YYYY年M月D日',
  th: 'D MMM BBBB',
  en: 'D MMM YYYY',
};
const TIME_FORMAT = ' HH:mm:ss';

/** The calendar's own headings in the same language and era. */
const CALENDAR_LABELS: Record<
  Language,
  Pick<
    DateInputProps,
    'monthLabelFormat' | 'yearLabelFormat' | 'decadeLabelFormat' | 'yearsListFormat'
  >
> = {
  zh: { monthLabelFormat: 'YYYY年M月', yearLabelFormat: 'YYYY年' },
  th: {
    monthLabelFormat: 'MMMM BBBB',
    yearLabelFormat: 'BBBB',
    decadeLabelFormat: 'BBBB',
    yearsListFormat: 'BBBB',
  },
  en: {},
};

/** Weeks start on Monday in Chinese and English (day-first) calendars, on Sunday in Thai ones. */
const FIRST_DAY_OF_WEEK: Record<Language, 0 | 1> = { zh: 1, th: 0, en: 1 };

const ISO = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * Text typed into a date input as YYYY-MM-DD (or YYYY-MM-DD HH:mm:ss with `withTime`): either the
 * language's own format as the input shows it, or YYYY-MM-DD[ HH:mm[:ss]]. Null unless it names a
 * real day (and moment).
 */
function parseDateText(text: string, language: Language, withTime = false): string | null {
  const value = text.trim();
  if (!value) return null;
  const output = withTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
  let parsed: dayjs.Dayjs;
  if (ISO.test(value)) {
    const normal = value.replace('T', ' ').replace(/\.\d+$/, '');
    const formats = withTime
      ? ['YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm']
      : ['YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'YYYY-MM-DD HH:mm'];
    parsed = dayjs(normal, formats, true);
  } else {
    // Buddhist-era years (2400 and later) back to the common era before reading.
    const western =
      language === 'th'
        ? value.replace(/(^|\D)(2[4-9]\d\d)(?=\D|$)/, (_, before: string, year: string) => {
            return `${before}${Number(year) - 543}`;
          })
        : value;
    const format = DAY_FORMAT[language].replace('BBBB', 'YYYY');
    parsed = dayjs(
      western,
      withTime ? [`${format}${TIME_FORMAT}`, `${format} HH:mm`] : format,
      DAYJS_LOCALE[language],
      true,
    );
  }
  return parsed.isValid() ? parsed.format(output) : null;
}

/** A YYYY-MM-DD[ HH:mm:ss] value as the input shows it in the language. */
function formatDateText(value: string, language: Language, withTime = false): string {
  const parsed = dayjs(value);
  if (!parsed.isValid()) return value;
  return parsed
    .locale(DAYJS_LOCALE[language])
    .format(`${DAY_FORMAT[language]}${withTime ? TIME_FORMAT : ''}`);
}

type LocalDateInputProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'withTime' | 'locale'
> & {
  /** YYYY-MM-DD, or YYYY-MM-DD HH:mm:ss with `withTime`; '' when empty. */
  value: string;
  /**
   * The new value; '' when the field was emptied, null while the typed text names no complete
   * day (or moment).
   */
  onChange(value: string | null): void;
  withTime?: boolean;
};

/**
 * A date (or date and time) input in the console's language, whatever the browser's: the text
 * reads as the console writes dates, the calendar names months and weekdays in the language
 * (dayjs locales zh-cn, th, en). Typing the language's format or YYYY-MM-DD works; a day picked
 * in the calendar keeps the time of day already there.
 */
export function LocalDateInput({
  value,
  onChange,
  withTime = false,
  getDayProps,
  ...props
}: LocalDateInputProps) {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const picked = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, the address) is shown at once, even while the calendar is
  // open: the input starts afresh. Values it sent itself, or any while someone types in it, come
  // back without that (leaving the field shows the value it holds).
  const emitted = useRef(value);
  const shown = useRef({ value, generation: 0 });
  if (shown.current.value !== value) {
    const typing =
      input.current !== null && input.current.ownerDocument.activeElement === input.current;
    shown.current = {
      value,
      generation: shown.current.generation + (value === emitted.current || typing ? 0 : 1),
    };
  }
  const send = (next: string | null) => {
    if (next !== null) emitted.current = next;
    onChange(next);
  };
  return (
    <DateInput
      key={shown.current.generation}
      ref={input}
      {...CALENDAR_LABELS[language]}
      firstDayOfWeek={FIRST_DAY_OF_WEEK[language]}
      {...props}
      locale={DAYJS_LOCALE[language]}
      withTime={withTime}
      valueFormat={(date) => formatDateText(date, language, withTime)}
      dateParser={(text) => parseDateText(text, language, withTime)}
      value={value || null}
      data-locale={DAYJS_LOCALE[language]}
      getDayProps={(day) => ({
        ...getDayProps?.(day),
        onClick: () => {
          picked.current = true;
        },
      })}
      onInput={(event: FormEvent<HTMLInputElement>) => {
        const text = event.currentTarget.value;
        if (!text.trim()) send('');
        else if (!parseDateText(text, language, withTime)) send(null);
      }}
      onChange={(next) => {
        const fromCalendar = picked.current;
        picked.current = false;
        if (next === null) return send('');
        // A day picked in the calendar keeps the time of day the field had.
        if (withTime && fromCalendar && value) {
          return send(`${next.slice(0, 10)} ${value.slice(11, 19) || '00:00:00'}`);
        }
        send(withTime && next.length === 10 ? `${next} 00:00:00` : next);
      }}
    />
  );
}
