import { onTestFinished } from 'vitest';

/** Catches what the page hands to the browser's downloads. */
export function catchDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const urls = new Map<string, Blob>();
  const realCreate = URL.createObjectURL;
  const realRevoke = URL.revokeObjectURL;
  const realClick = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${urls.size}`;
    urls.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    const blob = urls.get(this.href);
    if (blob && this.download) saved.push({ name: this.download, blob });
  };
  onTestFinished(() => {
    URL.createObjectURL = realCreate;
    URL.revokeObjectURL = realRevoke;
    HTMLAnchorElement.prototype.click = realClick;
  });
  return saved;
}
