import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** Default theme colour (spec section 9) and its scale; index 6 is the colour itself. */
const cmp: MantineColorsTuple = [
  '#f0f7ff',
  '#e0efff',
  '#c2e0ff',
  '#a0ceff',
  '#79bbff',
  '#5bacff',
  '#409eff',
  '#388be0',
  '#3178c2',
  '#2965a3',
];

/** Brand colour #eb5850 (spec section 9). */
const brand: MantineColorsTuple = [
  '#fdf2f1',
  '#fce4e3',
  '#f9cac7',
  '#f5aca8',
  '#f18a84',
  '#ee6f68',
  '#eb5850',
  '#cf4d46',
  '#b3433d',
  '#963833',
];

/** System fonts that carry Latin, Chinese and Thai well on Windows, macOS, Linux and Android. */
const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans SC"',
  '"Noto Sans Thai"',
  '"Leelawadee UI"',
  'Tahoma',
  'sans-serif',
].join(', ');

export const theme = createTheme({
  primaryColor: 'cmp',
  primaryShade: 6,
  colors: { cmp, brand },
  fontFamily: FONT_STACK,
  headings: { fontFamily: FONT_STACK, fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Dialogs, menus and drawers open and close at once for someone whose system asks for less
  // motion.
  respectReducedMotion: true,
});
