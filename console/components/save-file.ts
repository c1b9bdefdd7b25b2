/** How long the browser gets to start reading a saved file before its address is let go. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Hands a file to the browser's downloads, under `filename`: a hidden link to the bytes, clicked
 * once. The bytes' address is released a while later (an immediate release can cut a large file).
 */
export function saveFile(blob: Blob, filename: string, doc: Document = document): void {
  const view = doc.defaultView ?? window;
  const url = view.URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    view.setTimeout(() => view.URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
