import { defineContentScript } from 'wxt/utils/define-content-script';
import { startBridgeRelay } from './bridge-relay';

/** The session bridge; wxt.config.ts narrows `matches` to the configured console origin. */
export default defineContentScript({
  matches: ['http://localhost/*'],
  runAt: 'document_idle',
  main(ctx) {
    startBridgeRelay(window, (cleanup) => ctx.onInvalidated(cleanup));
  },
});
