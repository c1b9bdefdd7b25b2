import { PANEL_NONCE_CHANNEL } from '@extension/messaging/panel-channel';
import { onTrusted } from './content-ui';

/** The host element's tag of the in-page panel. */
const PANEL_TAG = 'cmp-collector-panel';

const STYLE = `
:host { all: initial; }
.frame-box {
  position: relative; width: 100%; height: 100%; background: #fff;
  border-left: 1px solid #d0d7de; box-shadow: -6px 0 24px rgba(0, 0, 0, 0.18);
}
iframe { display: block; width: 100%; height: 100%; border: 0; background: #fff; }
button {
  all: unset; position: absolute; top: 8px; right: 10px; width: 28px; height: 28px;
  display: flex; align-items: center; justify-content: center; border-radius: 50%;
  background: #f1f3f5; color: #1f2328; cursor: pointer; font: 18px/1 system-ui, sans-serif;
}
button:hover { background: #e9ecef; }
button:focus-visible { outline: 2px solid #1971c2; outline-offset: 2px; }
`;

const HOST_STYLE = [
  'all: initial',
  'position: fixed',
  'top: 0',
  'right: 0',
  'bottom: 0',
  'width: min(420px, 100vw)',
  'z-index: 2147483647',
  'display: block',
]
  .map((rule) => `${rule} !important`)
  .join('; ');

/**
 * The side panel inside the page, for browsers without the side panel API: the extension's
 * `sidepanel.html?tab=<id>&inpage=1` in an iframe on the right, in a closed shadow root, with a
 * close button that answers the user's own clicks and Escape. Once the frame has loaded, the
 * background's nonce is posted to it, aimed at the extension's origin: the panel shows nothing
 * until the background has taken that nonce back from it (`panel:attach`). The host carries
 * `data-cmp-collector-panel`; the close button `data-action="close-panel"`.
 */
export function mountInPagePanel(
  doc: Document,
  options: {
    src: string;
    title: string;
    closeLabel: string;
    /** The background's nonce for this tab's panel, and the origin of the extension's pages. */
    nonce: string;
    extensionOrigin: string;
    onClose(): void;
  },
): { host: HTMLElement; root: ShadowRoot; close(): void } {
  const host = doc.createElement(PANEL_TAG);
  host.setAttribute('data-cmp-collector-panel', '');
  host.setAttribute('style', HOST_STYLE);
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = STYLE;
  const box = doc.createElement('div');
  box.className = 'frame-box';
  const frame = doc.createElement('iframe');
  frame.src = options.src;
  frame.title = options.title;
  const close = doc.createElement('button');
  close.type = 'button';
  close.setAttribute('data-action', 'close-panel');
  close.setAttribute('aria-label', options.closeLabel);
  close.title = options.closeLabel;
  close.textContent = '\u00d7';
  box.append(frame, close);
  root.append(style, box);

  // Told once, to the first document the frame loads, and only if it is the extension's.
  frame.addEventListener(
    'load',
    () =>
      frame.contentWindow?.postMessage(
        { channel: PANEL_NONCE_CHANNEL, nonce: options.nonce },
        options.extensionOrigin,
      ),
    { once: true },
  );

  const remove = () => {
    doc.removeEventListener('keydown', onKey, true);
    host.remove();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.isTrusted && event.key === 'Escape' && event.composedPath().includes(host)) {
      remove();
      options.onClose();
    }
  };
  onTrusted(close, 'click', () => {
    remove();
    options.onClose();
  });
  doc.addEventListener('keydown', onKey, true);
  (doc.body ?? doc.documentElement).append(host);
  close.focus();
  return { host, root, close: remove };
}
