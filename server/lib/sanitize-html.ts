import { createRequire } from 'node:module';
import { RICH_TEXT_CONFIG, richTextAttributeHook } from '@shared/contracts/rich-text';
import createDOMPurify from 'dompurify';

/** jsdom ships no types; the server needs only a window to hand DOMPurify. */
type JsdomModule = { JSDOM: new (html: string) => { window: object } };
const { JSDOM } = createRequire(import.meta.url)('jsdom') as JsdomModule;

type Purifier = ReturnType<typeof createDOMPurify>;
let purifier: Purifier | null = null;

/** One DOMPurify over one jsdom window for the whole process, made on first use. */
function richTextPurifier(): Purifier {
  if (!purifier) {
    const { window } = new JSDOM('<!DOCTYPE html>');
    purifier = createDOMPurify(window as Parameters<typeof createDOMPurify>[0]);
    // Without the DOM lib on the server, DOMPurify's Element type is opaque here; jsdom's is real.
    purifier.addHook('afterSanitizeAttributes', (node) =>
      richTextAttributeHook(node as unknown as Parameters<typeof richTextAttributeHook>[0]),
    );
  }
  return purifier;
}

/**
 * Announcement and help-article HTML as it may be stored: ordinary rich text, links with a safe
 * protocol (opening in a new tab, rel fixed), images from http(s) or raster data only; no script,
 * style, frames, forms, event handlers, javascript: URLs, SVG or MathML. The console sanitises
 * again with the same policy (shared/contracts/rich-text.ts) before rendering.
 */
export function sanitizeHtml(html: string): string {
  return richTextPurifier().sanitize(html, RICH_TEXT_CONFIG).trim();
}
