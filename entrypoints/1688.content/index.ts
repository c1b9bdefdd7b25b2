import { startCollector } from '@extension/collector/content';
import { matchPatternsOf } from '@shared/contracts/source-sites';
import { site1688Adapter } from '@shared/sites/1688/adapter';
import { defineContentScript } from 'wxt/utils/define-content-script';

/** 1688: the collect button on offer pages, "collect this page" on lists. */
export default defineContentScript({
  matches: matchPatternsOf('1688'),
  runAt: 'document_idle',
  main(ctx) {
    startCollector(ctx, { adapter: site1688Adapter });
  },
});
