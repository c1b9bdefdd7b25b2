import { startCollector } from '@extension/collector/content';
import { matchPatternsOf } from '@shared/contracts/source-sites';
import { pinduoduoAdapter } from '@shared/sites/pinduoduo/adapter';
import { defineContentScript } from 'wxt/utils/define-content-script';

/** Pinduoduo: the collect button on goods pages, "collect this page" on lists. */
export default defineContentScript({
  matches: matchPatternsOf('pinduoduo'),
  runAt: 'document_idle',
  main(ctx) {
    startCollector(ctx, { adapter: pinduoduoAdapter });
  },
});
