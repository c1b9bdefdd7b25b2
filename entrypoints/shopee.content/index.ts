import { SHOPEE_CAPTURE_PATTERNS } from '@extension/collector/capture-channel';
import { startCollector } from '@extension/collector/content';
import { matchPatternsOf } from '@shared/contracts/source-sites';
import { shopeeAdapter } from '@shared/sites/shopee/adapter';
import { defineContentScript } from 'wxt/utils/define-content-script';

/**
 * Shopee: the collect button on product pages, "collect this page" on lists. The product comes
 * from the page's own get_pc answer, which shopee-capture hands over; it starts early so that it
 * can put that script into the page itself where the browser ignores `world: MAIN`.
 */
export default defineContentScript({
  matches: matchPatternsOf('shopee'),
  runAt: 'document_start',
  main(ctx) {
    startCollector(ctx, {
      adapter: shopeeAdapter,
      capture: { patterns: SHOPEE_CAPTURE_PATTERNS, script: '/content-scripts/shopee-capture.js' },
    });
  },
});
