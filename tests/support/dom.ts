import { createRequire } from 'node:module';

/** jsdom ships no types; tests need only a document parsed from a saved page. */
interface JsdomModule {
  JSDOM: new (html: string, options?: { url?: string }) => { window: { document: Document } };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as JsdomModule;

/** A saved page as a browser would hold it, at its address. */
export function parseDocument(html: string, url: string): Document {
  return new JSDOM(html, { url }).window.document;
}

/** jsdom's link between an object the page sees and its implementation. */
interface JsdomIdlUtils {
  implForWrapper(wrapper: unknown): {
    isTrusted: boolean;
    _dispatch(event: unknown): boolean;
  };
}
const idl = createRequire(import.meta.url)('jsdom/lib/generated/idl/utils.js') as JsdomIdlUtils;

/**
 * Dispatches `event` at `target` as the browser does for the user's own input (isTrusted true),
 * which no page script can: jsdom's own way of firing an event.
 */
export function dispatchTrusted(target: EventTarget, event: Event): boolean {
  const impl = idl.implForWrapper(event);
  impl.isTrusted = true;
  return idl.implForWrapper(target)._dispatch(impl);
}

/** The user's own click on an element. */
export function trustedClick(element: Element): boolean {
  const view = element.ownerDocument.defaultView;
  if (!view) throw new Error('the element has no window');
  return dispatchTrusted(
    element,
    new view.MouseEvent('click', { bubbles: true, cancelable: true, composed: true }),
  );
}
