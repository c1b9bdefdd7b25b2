import { join } from 'node:path';
import { SOURCE_SITES } from '@shared/contracts/product-draft';
import type { ExtractInput } from '@shared/sites/common/draft';
import { extract } from '@shared/sites/index';
import { describe, expect, it } from 'vitest';
import { expectationsOf, inputOf, LIST_ADDRESSES, savedPages } from './expectation';

const FIXTURES = join(process.cwd(), 'tests/fixtures/sites');

/**
 * The input with every read of its page data counted: the text of each script element, and the
 * body of each captured answer.
 */
function watched(input: ExtractInput): { input: ExtractInput; reads: () => number } {
  let reads = 0;
  const view = input.document.defaultView;
  if (!view) throw new Error('a document without its window');
  const prototype = view.Node.prototype;
  const descriptor = Object.getOwnPropertyDescriptor(prototype, 'textContent');
  const read = descriptor?.get;
  if (!descriptor || !read) throw new Error('no textContent getter');
  Object.defineProperty(prototype, 'textContent', {
    ...descriptor,
    get(this: Node) {
      if (this.nodeName === 'SCRIPT') reads += 1;
      return read.call(this);
    },
  });
  const captured = input.captured?.map(({ url, body }) => ({
    url,
    get body() {
      reads += 1;
      return body;
    },
  }));
  return { input: { ...input, ...(captured ? { captured } : {}) }, reads: () => reads };
}

describe('a list or search page is refused from its address, before its data is read', () => {
  for (const site of SOURCE_SITES) {
    const folder = join(FIXTURES, site);
    for (const name of savedPages(folder)) {
      it(`${site}/${name}, at a list address, is answered without reading a script or an answer`, async () => {
        const expectation = (await expectationsOf(site))[name];
        if (!expectation) throw new Error(`no expectation for ${name}`);
        const atList = { ...expectation, url: LIST_ADDRESSES[site] };
        const { input, reads } = watched(inputOf(join(folder, name), atList));
        const result = extract(input);
        if (!('failure' in result)) throw new Error(`${name}: a draft at a list address`);
        // A product page's document at a list address is no product; a captcha or a wall that
        // shows itself without reading the data may still say so.
        if (expectation.draft) expect(result.failure).toBe('notProduct');
        else expect(result.failure).not.toBe('layoutUnknown');
        expect(reads()).toBe(0);
      });
    }
  }

  it('the same pages at their own addresses are read (the count sees the reads)', async () => {
    const expected = await expectationsOf('lazada');
    const name = 'daraz-np-2024-capri-fullpage.html';
    const expectation = expected[name];
    if (!expectation) throw new Error(`no expectation for ${name}`);
    const { input, reads } = watched(inputOf(join(FIXTURES, 'lazada', name), expectation));
    expect('failure' in extract(input)).toBe(false);
    expect(reads()).toBeGreaterThan(0);
  });
});
