/**
 * What the in-page panel's content script posts to the frame it made, once the frame loaded, aimed
 * at the extension's origin: `{ channel: PANEL_NONCE_CHANNEL, nonce }`, the nonce the background
 * gave it (`panel:open`). The page itself never learns it: the frame sits in a closed shadow root
 * and its address carries no secret. (Apart from schemas.ts, so that a content script carries no
 * schema for it.)
 */
export const PANEL_NONCE_CHANNEL = 'cmp-collector-panel';
