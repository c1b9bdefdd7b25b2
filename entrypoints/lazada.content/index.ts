import { startCollector } from '@extension/collector/content';
import { matchPatternsOf } from '@shared/contracts/source-sites';
import { lazadaAdapter } from '@shared/sites/lazada/adapter';
import { defineContentScript } from 'wxt/utils/define-content-script';

/** Lazada and Daraz: the collect button on product pages, "collect this page" on lists. */
export default defineContentScript({
  matches: matchPatternsOf('lazada'),
  runAt: 'document_idle',
  main(ctx) {
    startCollector(ctx, { adapter: lazadaAdapter });
  },
});
