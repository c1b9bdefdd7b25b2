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
