/**
 * Leaving for the platform's consent page. An object, so that a screen test can watch where the
 * browser would have gone (jsdom does not navigate).
 */
export const consentPage = {
  open(url: string): void {
    const target = new URL(url, window.location.href);
    // Only a web page: never a script or data address, whatever the answer says.
    if (target.protocol !== 'https:' && target.protocol !== 'http:') {
      throw new Error('The consent address is not a web page');
    }
    window.location.assign(target.href);
  },
};
