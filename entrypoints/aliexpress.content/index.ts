import { ALIEXPRESS_CAPTURE_PATTERNS } from '@extension/collector/capture-channel';
import { startCollector } from '@extension/collector/content';
import { matchPatternsOf } from '@shared/contracts/source-sites';
import { aliexpressAdapter } from '@shared/sites/aliexpress/adapter';
import { defineContentScript } from 'wxt/utils/define-content-script';

/**
 * AliExpress: the collect button on item pages, "collect this page" on lists; client-rendered
 * item pages are read from the product answer aliexpress-capture hands over.
 */
export default defineContentScript({
  matches: matchPatternsOf('aliexpress'),
  runAt: 'document_start',
  main(ctx) {
    startCollector(ctx, {
      adapter: aliexpressAdapter,
      capture: {
        patterns: ALIEXPRESS_CAPTURE_PATTERNS,
        script: '/content-scripts/aliexpress-capture.js',
      },
    });
  },
});
