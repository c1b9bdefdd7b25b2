/**
 * The one rich-text policy for announcements and help articles. The server sanitises with it
 * before storing (DOMPurify over jsdom) and the browser sanitises again before rendering
 * (DOMPurify over the page's window), so stored HTML that somehow escaped the first pass still
 * cannot run. Written without DOM types, so the server (no DOM lib) and the browser share it.
 */

/** Ordinary rich-text tags: text, headings, lists, tables, links, images. Nothing that runs or embeds. */
const ALLOWED_TAGS = [
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'del',
  'div',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  's',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];

/** Attributes kept on those tags; every `on*` handler, `style`, `srcset`, `xlink:*` and form attribute goes. */
const ALLOWED_ATTR = [
  'alt',
  'colspan',
  'height',
  'href',
  'rel',
  'rowspan',
  'src',
  'target',
  'title',
  'width',
];

/** Links may go to the web, mail and phone; nothing else (no javascript:, data:, vbscript:...). */
const SAFE_LINK = /^(?:https?:|mailto:|tel:)/i;
/** Images come from the web or are inline raster data; no data:image/svg+xml (it can carry script). */
const SAFE_IMAGE = /^(?:https?:\/\/|data:image\/(?:png|jpe?g|gif|webp);base64,)/i;

/**
 * The DOMPurify configuration (a plain object that satisfies DOMPurify's `Config`). SVG and
 * MathML are off through the tag allow-list; `data-*` and ARIA attributes are dropped too.
 */
export const RICH_TEXT_CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|data:image\/(?:png|jpe?g|gif|webp);base64,)/i,
  FORBID_TAGS: ['style', 'script', 'iframe', 'form', 'svg', 'math', 'template', 'object', 'embed'],
  FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'xmp', 'noembed', 'noframes'],
  KEEP_CONTENT: true,
};

/** What the hook needs of an element: its name and attributes. */
interface RichTextElement {
  nodeName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * DOMPurify's `afterSanitizeAttributes` hook: links with a safe protocol open in a new tab with
 * `rel` fixed (and any other link loses its href); images keep only an http(s) or raster data
 * source. Register it on the DOMPurify instance before sanitising with RICH_TEXT_CONFIG.
 */
export function richTextAttributeHook(node: RichTextElement): void {
  const name = node.nodeName.toLowerCase();
  if (name === 'a') {
    const href = node.getAttribute('href');
    if (href !== null && !SAFE_LINK.test(href.trim())) node.removeAttribute('href');
    if (node.getAttribute('href') === null) {
      node.removeAttribute('target');
      node.removeAttribute('rel');
    } else {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    return;
  }
  if (name === 'img') {
    const src = node.getAttribute('src');
    if (src !== null && !SAFE_IMAGE.test(src.trim())) node.removeAttribute('src');
    return;
  }
  // Only links carry target and rel.
  node.removeAttribute('target');
  node.removeAttribute('rel');
  // Only images (and links) carry a URL.
  node.removeAttribute('src');
  node.removeAttribute('href');
}
