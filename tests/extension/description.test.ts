import {
  decodeDescription,
  descriptionAddress,
  fetchDescription,
  readStringLiteral,
  unwrapDescription,
} from '@entrypoints/background/description';
import { describe, expect, it } from 'vitest';

const DESC_1688 = 'https://itemcdn.tmall.com/1688offer/icoss12345678.txt';
const DESC_AE =
  'https://aeproductsourcesite.alicdn.com/product/description/pc/v2/en_US/desc.htm?productId=1005001&key=k&token=t';

/** A fetch that answers every address with `body` and records what was asked. */
function answering(body: BodyInit | null, init: ResponseInit = {}) {
  const asked: string[] = [];
  const fetcher = (async (input: RequestInfo | URL) => {
    asked.push(String(input));
    return new Response(body, init);
  }) as typeof fetch;
  return { fetcher, asked };
}

describe('description unwrapping', () => {
  it('unwraps 1688 descriptions wrapped in a script assignment', () => {
    const wrapped =
      'var offer_details={"content":"<p>\\u6c34\\u676f 500ml<\\/p><img src=\\"https://cbu01.alicdn.com/img/a.jpg\\">"};';
    expect(unwrapDescription(wrapped)).toBe(
      '<p>水杯 500ml</p><img src="https://cbu01.alicdn.com/img/a.jpg">',
    );
  });

  it('reads the unquoted and single-quoted spellings, with escapes and line continuations', () => {
    const wrapped =
      "var offer_details = {\n  content: '<div class=\\'spec\\'>\\x41\\tB\\\n</div>',\n  other: 1\n};";
    expect(unwrapDescription(wrapped)).toBe("<div class='spec'>A\tB</div>");
    expect(readStringLiteral('  "a\\u{1F600}b" tail')).toBe('a😀b');
    expect(readStringLiteral('"never closed')).toBeNull();
    expect(readStringLiteral('{content: 1}')).toBeNull();
  });

  it('keeps AliExpress HTML fragments, and the body of a whole document, without scripts', () => {
    const fragment =
      '<div class="detailmodule_html"><p>Cable</p><img src="//ae01.alicdn.com/kf/x.jpg"></div>';
    expect(unwrapDescription(fragment)).toBe(fragment);
    const page =
      '<html><head><title>d</title></head><body><p>Cable</p><script>track()</script><p>2m</p></body></html>';
    expect(unwrapDescription(page)).toBe('<p>Cable</p><p>2m</p>');
  });

  it('gives nothing for an empty answer or a wrapper without content', () => {
    expect(unwrapDescription('   ')).toBeNull();
    expect(unwrapDescription('var offer_details = {};')).toBeNull();
    expect(unwrapDescription('var offer_details={"content":""};')).toBeNull();
  });

  it('decodes GBK answers that do not name their charset, and honours a named one', () => {
    const gbk = new Uint8Array([0x3c, 0x70, 0x3e, 0xcb, 0xae, 0xb1, 0xad, 0x3c, 0x2f, 0x70, 0x3e]);
    expect(decodeDescription(gbk, 'application/javascript')).toBe('<p>水杯</p>');
    expect(decodeDescription(gbk, 'text/html; charset=GBK')).toBe('<p>水杯</p>');
    expect(decodeDescription(new TextEncoder().encode('<p>水杯</p>'), null)).toBe('<p>水杯</p>');
  });
});

describe('description fetching', () => {
  it('fetches only from the description hosts', async () => {
    expect(descriptionAddress(DESC_1688)?.hostname).toBe('itemcdn.tmall.com');
    expect(descriptionAddress('//aeproductsourcesite.alicdn.com/d.htm')?.protocol).toBe('https:');
    expect(
      descriptionAddress('https://pdp.aliexpress-media.com/product/description'),
    ).not.toBeNull();
    for (const refused of [
      'http://localhost:8080/admin',
      'https://example.com/desc.htm',
      'https://alicdn.com.example.com/x',
      'file:///etc/passwd',
      'javascript:alert(1)',
    ]) {
      expect(descriptionAddress(refused), refused).toBeNull();
    }
    const { fetcher, asked } = answering('<p>x</p>');
    await expect(fetchDescription('https://example.com/d', { fetch: fetcher })).resolves.toBeNull();
    expect(asked).toEqual([]);
  });

  it('returns the unwrapped HTML of a 1688 answer and an AliExpress one', async () => {
    const wrapped = answering('var offer_details={"content":"<p>Cup<\\/p>"};', {
      headers: { 'content-type': 'application/x-javascript' },
    });
    await expect(fetchDescription(DESC_1688, { fetch: wrapped.fetcher })).resolves.toBe(
      '<p>Cup</p>',
    );
    expect(wrapped.asked).toEqual([DESC_1688]);
    const plain = answering('<div><p>Cable</p></div>', {
      headers: { 'content-type': 'text/html;charset=UTF-8' },
    });
    await expect(fetchDescription(DESC_AE, { fetch: plain.fetcher })).resolves.toBe(
      '<div><p>Cable</p></div>',
    );
  });

  it('bounds the size, whether the answer declares it or streams it', async () => {
    const big = 'x'.repeat(2_000);
    const declared = answering(big, { headers: { 'content-length': '2000' } });
    await expect(
      fetchDescription(DESC_AE, { fetch: declared.fetcher, maxBytes: 1_000 }),
    ).resolves.toBeNull();
    const chunk = new TextEncoder().encode('y'.repeat(400));
    const streamed = answering(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          controller.enqueue(chunk);
        },
      }),
    );
    await expect(
      fetchDescription(DESC_AE, { fetch: streamed.fetcher, maxBytes: 1_000 }),
    ).resolves.toBeNull();
    const small = answering('<p>ok</p>');
    await expect(
      fetchDescription(DESC_AE, { fetch: small.fetcher, maxBytes: 1_000 }),
    ).resolves.toBe('<p>ok</p>');
  });

  it('gives up on errors and on answers that take too long', async () => {
    const failing = answering('nope', { status: 404 });
    await expect(fetchDescription(DESC_AE, { fetch: failing.fetcher })).resolves.toBeNull();
    const broken = (async () => {
      throw new TypeError('network');
    }) as typeof fetch;
    await expect(fetchDescription(DESC_AE, { fetch: broken })).resolves.toBeNull();
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
      })) as typeof fetch;
    const started = Date.now();
    await expect(fetchDescription(DESC_AE, { fetch: hanging, timeoutMs: 30 })).resolves.toBeNull();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
