/**
 * The window messages between the page-world script that watches a source site's own API answers
 * and the collector's content script. The page world cannot reach the extension, so it hands the
 * answers over through window.postMessage, marked with this channel.
 */
export const CAPTURE_CHANNEL = 'cmp-collector-capture';

/** Page world -> content script: one API answer, or "installed" (followed by what it kept so far). */
export type CaptureMessage =
  | { channel: typeof CAPTURE_CHANNEL; type: 'answer'; url: string; body: string }
  | { channel: typeof CAPTURE_CHANNEL; type: 'ready' };

/** Content script -> page world: say you are there and send again what you kept. */
export type CaptureRequest = { channel: typeof CAPTURE_CHANNEL; type: 'replay' };

/** Answers larger than this are not handed over (a product answer is well below it). */
export const CAPTURE_MAX_CHARS = 3_000_000;

/** How many answers each side keeps (a single-page site loads one per product visited). */
export const CAPTURE_KEEP = 8;

/** The API answers worth keeping on Shopee: the product page's own data. */
export const SHOPEE_CAPTURE_PATTERNS = [/\/api\/v4\/pdp\/get_pc\b/, /\/api\/v[24]\/item\/get\b/];

/** On AliExpress: the mtop product answer of the client-rendered item page. */
export const ALIEXPRESS_CAPTURE_PATTERNS = [/mtop\.aliexpress\.pdp\.pc\.query/i];
