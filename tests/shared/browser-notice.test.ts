// @vitest-environment jsdom
import { BrowserNotice, browserNoticeFor } from '@console/components/browser-notice';
import { MantineProvider } from '@mantine/core';
import type { Language } from '@shared/contracts/languages';
import { createI18n } from '@shared/i18n/i18n';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readLocale } from '../support/locales';

/** Real user agents, as these browsers send them. */
const UA = {
  chrome79:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.130 Safari/537.36',
  chrome80:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.163 Safari/537.36',
  chrome156:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  chromeIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  headlessChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  se360:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/86.0.4240.198 Safari/537.36 QIHU 360SE',
  se360old:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/69.0.3497.100 Safari/537.36 QIHU 360SE',
  ee360old:
    'Mozilla/5.0 (Windows NT 10.0; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.108 Safari/537.36 QIHU 360EE',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  edge79:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.74 Safari/537.36 Edg/79.0.309.43',
  edgeHtml:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
  firefox83: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:83.0) Gecko/20100101 Firefox/83.0',
  firefox84: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:84.0) Gecko/20100101 Firefox/84.0',
  firefox121: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.1; Trident/6.0)',
  safari:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  safariIos:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  operaPresto: 'Opera/9.80 (Windows NT 6.1; WOW64) Presto/2.12.388 Version/12.18',
  jsdom: 'Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/26.1.0',
} as const;

describe('browserNoticeFor', () => {
  it.each([
    ['chrome79', 'outdated'],
    ['chrome80', null],
    ['chrome156', null],
    ['chromeIos', null],
    ['headlessChrome', null],
    ['se360', null],
    ['se360old', 'outdated'],
    ['ee360old', 'outdated'],
    ['edge', null],
    ['edge79', 'outdated'],
    ['edgeHtml', 'unsupported'],
    ['firefox83', 'outdated'],
    ['firefox84', null],
    ['firefox121', null],
    ['ie11', 'unsupported'],
    ['ie10', 'unsupported'],
    ['safari', 'unsupported'],
    ['safariIos', 'unsupported'],
    ['operaPresto', 'unsupported'],
    ['jsdom', null],
  ] as const)('%s -> %s', (browser, notice) => {
    expect(browserNoticeFor(UA[browser])).toBe(notice);
  });

  it('shows nothing for a user agent it cannot place', () => {
    expect(browserNoticeFor('')).toBeNull();
    expect(browserNoticeFor('curl/8.5.0')).toBeNull();
  });
});

describe('BrowserNotice', () => {
  const original = navigator.userAgent;
  const setUserAgent = (value: string) =>
    Object.defineProperty(window.navigator, 'userAgent', { value, configurable: true });

  beforeAll(() => {
    // jsdom has no matchMedia, which Mantine reads the colour scheme with.
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });
  afterEach(() => {
    cleanup();
    setUserAgent(original);
    sessionStorage.clear();
  });

  async function show(language: Language) {
    const i18n = await createI18n(language);
    // The notice's words loaded first: a notice that is due shows in the first render, so one
    // that is not due is known to be absent as soon as rendering returns.
    await i18n.loadNamespaces('browser');
    return render(
      createElement(
        MantineProvider,
        null,
        createElement(I18nextProvider, { i18n }, createElement(BrowserNotice)),
      ),
    );
  }

  it('warns an outdated browser in its language, and stays closed for the session once dismissed', async () => {
    const zh = readLocale('zh', 'browser');
    setUserAgent(UA.chrome79);
    const first = await show('zh');
    expect(await screen.findByText(zh.outdated.title)).toBeTruthy();
    expect(screen.getByText(zh.outdated.message)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: zh.dismiss }));
    expect(screen.queryByTestId('browser-notice')).toBeNull();
    first.unmount();
    // The next page of the same session: still closed.
    await show('zh');
    expect(screen.queryByTestId('browser-notice')).toBeNull();
    // A new session: shown again.
    cleanup();
    sessionStorage.clear();
    await show('zh');
    expect(await screen.findByText(zh.outdated.title)).toBeTruthy();
  });

  it('tells Internet Explorer and Safari users that their browser is not supported', async () => {
    for (const [agent, language] of [
      [UA.ie11, 'th'],
      [UA.safari, 'en'],
    ] as const) {
      setUserAgent(agent);
      await show(language);
      const words = readLocale(language, 'browser');
      expect(await screen.findByText(words.unsupported.title)).toBeTruthy();
      expect(screen.getByText(words.unsupported.message)).toBeTruthy();
      cleanup();
    }
  });

  it('shows nothing on a current Chromium or Firefox browser', async () => {
    for (const agent of [UA.chrome156, UA.se360, UA.edge, UA.firefox84]) {
      setUserAgent(agent);
      await show('en');
      expect(screen.queryByTestId('browser-notice')).toBeNull();
      cleanup();
    }
  });
});
