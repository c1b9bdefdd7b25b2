import { PanelNonceMessageSchema } from '@extension/messaging/schemas';
import { sourceSiteOf } from '@shared/contracts/source-sites';

/** How long a framed panel waits for its content script's nonce. */
export const ADMISSION_WAIT_MS = 15_000;

/** The parts of the page's window the admission looks at. */
export interface AdmissionWindow {
  readonly self: unknown;
  readonly top: unknown;
  readonly parent: unknown;
  readonly location: { readonly search: string; readonly ancestorOrigins?: ArrayLike<string> };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  setTimeout(handler: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** `top`: a page of its own (the side panel, the popup, a tab); `in-page`: the admitted in-page panel. */
export type Admission = 'top' | 'in-page' | 'refused';

/** Whether an origin is a source site's over https. */
function httpsSourceOrigin(origin: string): boolean {
  return origin.startsWith('https://') && sourceSiteOf(`${origin}/`) !== null;
}

/**
 * Whether the side panel page may work where it was loaded. On a page of its own it may. Framed,
 * it may only as the collector's in-page panel: opened with `?tab=<id>&inpage=1`, directly inside
 * a source site's page over https (where the browser names the frame's ancestors), and holding the
 * nonce its content script posts to it once it loaded, which the background takes back for this
 * frame of that tab (`attach`, the `panel:attach` request). Anything else (a supplier's page
 * framing it over http, a frame inside a frame, a page without the nonce) is refused: the panel
 * then shows nothing of the seller's and acts on nothing.
 */
export async function admitPanel(
  win: AdmissionWindow,
  attach: (request: { tabId: number; nonce: string }) => Promise<boolean>,
): Promise<Admission> {
  if (win.top === win.self) return 'top';
  const params = new URLSearchParams(win.location.search);
  const tab = params.get('tab');
  if (params.get('inpage') !== '1' || tab === null || !/^\d{1,10}$/.test(tab)) return 'refused';
  const tabId = Number(tab);
  const ancestors = win.location.ancestorOrigins;
  if (ancestors && (ancestors.length !== 1 || !httpsSourceOrigin(ancestors[0] ?? '')))
    return 'refused';
  const parentOrigin = ancestors?.[0] ?? null;

  return new Promise<Admission>((resolve) => {
    let settled = false;
    const finish = (admission: Admission) => {
      if (settled) return;
      settled = true;
      win.removeEventListener('message', onMessage);
      win.clearTimeout(timer);
      resolve(admission);
    };
    // The page may post anything too: each nonce is tried until one is taken or time runs out.
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win.parent) return;
      if (parentOrigin !== null && event.origin !== parentOrigin) return;
      const message = PanelNonceMessageSchema.safeParse(event.data);
      if (!message.success) return;
      attach({ tabId, nonce: message.data.nonce }).then(
        (taken) => {
          if (taken) finish('in-page');
        },
        () => undefined,
      );
    };
    const timer = win.setTimeout(() => finish('refused'), ADMISSION_WAIT_MS);
    win.addEventListener('message', onMessage);
  });
}
