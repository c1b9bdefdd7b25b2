import { backgroundMessenger } from '@extension/messaging/messengers';
import { startExtensionPage } from '@extension/pages/page-runtime';
import { admitPanel } from '@extension/pages/panel-admission';
import { collectWords } from '@extension/words';
import { DEFAULT_LANGUAGE, parseLanguage } from '@shared/contracts/languages';
import { browser } from 'wxt/browser';
import { SidePanelApp } from './sidepanel-app';

const root = document.getElementById('root');

/** Framed anywhere but as the collector's own in-page panel: says so, and starts nothing. */
function refuse(element: HTMLElement | null) {
  const language = parseLanguage(browser.i18n.getUILanguage()) ?? DEFAULT_LANGUAGE;
  const note = document.createElement('p');
  note.setAttribute('role', 'alert');
  note.setAttribute('data-testid', 'panel-refused');
  note.textContent = collectWords(language).panelRefused;
  element?.replaceChildren(note);
}

void admitPanel(
  {
    self: window.self,
    top: window.top,
    parent: window.parent,
    location: window.location,
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
    setTimeout: (handler, ms) => window.setTimeout(handler, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
  (request) =>
    backgroundMessenger.sendMessage('panel:attach', request).then(
      () => true,
      () => false,
    ),
).then((admission) =>
  admission === 'refused' ? refuse(root) : startExtensionPage(root, () => <SidePanelApp />),
);
