import { ALIEXPRESS_CAPTURE_PATTERNS } from '@extension/collector/capture-channel';
import { installCaptureHook } from '@extension/collector/capture-hook';
import { matchPatternsOf } from '@shared/contracts/source-sites';
import { defineContentScript } from 'wxt/utils/define-content-script';

/** AliExpress, in the page's own world from the start: hands the product answers to the collector. */
export default defineContentScript({
  matches: matchPatternsOf('aliexpress'),
  world: 'MAIN',
  runAt: 'document_start',
  main() {
    installCaptureHook(window, ALIEXPRESS_CAPTURE_PATTERNS);
  },
});
