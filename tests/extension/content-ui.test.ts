import { type CollectorView, createCollectorUi } from '@extension/collector/content-ui';
import { mountInPagePanel } from '@extension/collector/in-page-panel';
import { collectWords } from '@extension/words';
import { readLocale } from '@tests/support/locales';
import { describe, expect, it } from 'vitest';
import { dispatchTrusted, parseDocument, trustedClick } from '../support/dom';

const base: CollectorView = {
  mode: 'product',
  state: 'idle',
  count: 0,
  panel: false,
  message: null,
  hint: null,
  link: null,
  collectedId: null,
};

function mounted() {
  const doc = parseDocument(
    '<!doctype html><html><head><style>button { display: none !important; color: red; }</style></head><body></body></html>',
    'https://detail.1688.com/offer/612345678901.html',
  );
  const clicks: string[] = [];
  const ui = createCollectorUi(doc, {
    collect: () => clicks.push('collect'),
    collectPage: () => clicks.push('collect-page'),
    panel: () => clicks.push('panel'),
  });
  ui.setWords(collectWords('en'));
  ui.render(base);
  ui.attach();
  const host = doc.querySelector('[data-cmp-collector]') as HTMLElement;
  // The root is closed: only the content script that made it holds it.
  const shadow = ui.root;
  const $ = (selector: string) => shadow.querySelector(selector) as HTMLElement;
  return { doc, ui, host, shadow, $, clicks };
}

describe('the collector button row', () => {
  it('is found by stable attributes, in its own shadow root, and answers clicks', () => {
    const { host, $, clicks } = mounted();
    expect(host.tagName.toLowerCase()).toBe('cmp-collector');
    expect(host.dataset.mode).toBe('product');
    expect(host.dataset.state).toBe('idle');
    const collect = $('[data-action="collect"]');
    expect(collect.tagName).toBe('BUTTON');
    expect(collect.textContent).toBe(readLocale('en', 'extension').collect.collect);
    expect($('[data-action="collect-page"]').hidden).toBe(true);
    expect($('[data-action="panel"]').hidden).toBe(true);
    trustedClick(collect);
    expect(clicks).toEqual(['collect']);
    // The page's styles stay outside: the row's own styles live in the shadow root.
    expect($('style').textContent).toContain('.primary');
    expect(host.getAttribute('style')).toContain('position: fixed !important');
  });

  it('shows working, collected (with the console link) and failed', () => {
    const { ui, host, $ } = mounted();
    ui.render({ ...base, state: 'working' });
    expect(host.dataset.state).toBe('working');
    expect(($('[data-action="collect"]') as HTMLButtonElement).disabled).toBe(true);
    ui.render({
      ...base,
      state: 'collected',
      message: 'Collected into your collection box',
      hint: 'Glass cup',
      link: 'http://localhost:8080/cmp/product/collectorDetails?id=row-1',
      collectedId: 'row-1',
    });
    expect(host.dataset.state).toBe('collected');
    expect(host.dataset.collectedId).toBe('row-1');
    const link = $('[data-action="open-console"]') as HTMLAnchorElement;
    expect(link.hidden).toBe(false);
    expect(link.getAttribute('href')).toBe(
      'http://localhost:8080/cmp/product/collectorDetails?id=row-1',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    ui.render({ ...base, state: 'failed', message: 'No product', hint: 'Open one' });
    expect($('[data-role="message"]').textContent).toBe('No product');
    expect($('[data-role="hint"]').textContent).toBe('Open one');
    expect(($('[data-action="open-console"]') as HTMLElement).hidden).toBe(true);
    expect(host.dataset.collectedId).toBeUndefined();
  });

  it('offers a list page’s products and the in-page panel, in the extension language', () => {
    const { ui, host, $, clicks } = mounted();
    ui.setWords(collectWords('zh'));
    ui.render({ ...base, mode: 'list', count: 37, panel: true });
    expect(host.dataset.mode).toBe('list');
    const bulk = $('[data-action="collect-page"]');
    expect(bulk.hidden).toBe(false);
    expect(bulk.dataset.count).toBe('37');
    expect(bulk.textContent).toBe('采集本页 37 个商品');
    expect($('[data-action="collect"]').hidden).toBe(true);
    trustedClick($('[data-action="panel"]'));
    trustedClick(bulk);
    expect(clicks).toEqual(['panel', 'collect-page']);
  });

  it('folds into a small launcher and back', () => {
    const { host, $ } = mounted();
    trustedClick($('[data-action="hide"]'));
    expect(host.hasAttribute('data-minimized')).toBe(true);
    expect($('.card').hidden).toBe(true);
    trustedClick($('[data-action="expand"]'));
    expect(host.hasAttribute('data-minimized')).toBe(false);
  });
});

describe('the collector button row, against the page', () => {
  it('sits in a closed shadow root the page cannot open', () => {
    const { host, shadow } = mounted();
    expect(host.shadowRoot).toBeNull();
    expect(shadow.mode).toBe('closed');
  });

  it('acts on no click or key the page’s script makes, only on the user’s', () => {
    const { doc, ui, host, $, clicks } = mounted();
    ui.render({ ...base, mode: 'list', count: 3, panel: true });
    const view = doc.defaultView as Window & typeof globalThis;
    for (const action of ['collect-page', 'panel', 'hide']) {
      const control = $(`[data-action="${action}"]`);
      control.click();
      control.dispatchEvent(
        new view.MouseEvent('click', { bubbles: true, cancelable: true, composed: true }),
      );
      control.dispatchEvent(new view.KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    }
    ui.render({ ...base });
    $('[data-action="collect"]').click();
    host.click();
    expect(clicks).toEqual([]);
    expect(host.hasAttribute('data-minimized')).toBe(false);

    trustedClick($('[data-action="collect"]'));
    expect(clicks).toEqual(['collect']);
    trustedClick($('[data-action="hide"]'));
    expect(host.hasAttribute('data-minimized')).toBe(true);
    $('[data-action="expand"]').click();
    expect(host.hasAttribute('data-minimized')).toBe(true);
  });
});

/** The in-page panel on a page, with what it posted to its frame. */
function panelOn(doc: Document) {
  let closed = 0;
  const panel = mountInPagePanel(doc, {
    src: 'chrome-extension://abc/sidepanel.html?tab=7&inpage=1',
    title: 'Collection box',
    closeLabel: 'Close the panel',
    nonce: 'n'.repeat(32),
    extensionOrigin: 'chrome-extension://abc',
    onClose: () => closed++,
  });
  const frame = panel.root.querySelector('iframe') as HTMLIFrameElement;
  // jsdom loads no extension page: the frame's window stands in, keeping what it was posted.
  const posted: [unknown, string][] = [];
  Object.defineProperty(frame, 'contentWindow', {
    value: { postMessage: (message: unknown, origin: string) => posted.push([message, origin]) },
  });
  return { panel, frame, posted, closed: () => closed };
}

describe('the in-page panel', () => {
  it('frames the side panel page for the tab and closes', () => {
    const { doc } = mounted();
    const { panel, frame, closed } = panelOn(doc);
    const host = doc.querySelector('[data-cmp-collector-panel]') as HTMLElement;
    expect(host).toBe(panel.host);
    expect(frame.getAttribute('src')).toBe('chrome-extension://abc/sidepanel.html?tab=7&inpage=1');
    trustedClick(panel.root.querySelector('[data-action="close-panel"]') as HTMLElement);
    expect(doc.querySelector('[data-cmp-collector-panel]')).toBeNull();
    expect(closed()).toBe(1);
  });

  it('sits in a closed shadow root, closed by the user alone', () => {
    const { doc } = mounted();
    const { panel, closed } = panelOn(doc);
    expect(panel.host.shadowRoot).toBeNull();
    const close = panel.root.querySelector('[data-action="close-panel"]') as HTMLElement;
    close.click();
    const view = doc.defaultView as Window & typeof globalThis;
    close.dispatchEvent(
      new view.KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    expect(panel.host.isConnected).toBe(true);
    dispatchTrusted(
      close,
      new view.KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }),
    );
    expect(panel.host.isConnected).toBe(false);
    expect(closed()).toBe(1);
  });

  it('tells the frame its nonce once it loaded, aimed at the extension, never in its address', () => {
    const { doc } = mounted();
    const { frame, posted } = panelOn(doc);
    expect(frame.getAttribute('src')).not.toContain('n'.repeat(32));
    expect(posted).toEqual([]);
    const view = doc.defaultView as Window & typeof globalThis;
    frame.dispatchEvent(new view.Event('load'));
    frame.dispatchEvent(new view.Event('load'));
    expect(posted).toEqual([
      [{ channel: 'cmp-collector-panel', nonce: 'n'.repeat(32) }, 'chrome-extension://abc'],
    ]);
  });
});
