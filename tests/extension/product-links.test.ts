import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gatherProductLinks, productIdOf } from '@extension/collector/product-links';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../support/dom';

const FIXTURES = join(process.cwd(), 'tests/fixtures/sites');

const page = (body: string, url: string) =>
  parseDocument(
    `<!doctype html><html><head><title>list</title></head><body>${body}</body></html>`,
    url,
  );

describe('product links on list pages', () => {
  it('AliExpress: the saved aliexpress.ru listing gives its 42 items, each once', () => {
    const html = readFileSync(
      join(FIXTURES, 'aliexpress/ae-ru-2025-popular-search-nonpdp-negative.html'),
      'utf8',
    );
    const links = gatherProductLinks(
      parseDocument(html, 'https://aliexpress.ru/popular/naushniki'),
      'aliexpress',
    );
    expect(links).toHaveLength(42);
    for (const link of links)
      expect(link).toMatch(/^https:\/\/aliexpress\.ru\/item\/\d{13,}\.html/);
    expect(new Set(links.map((link) => productIdOf('aliexpress', link))).size).toBe(42);
  });

  it('AliExpress: cards without links become item addresses on the page host', () => {
    const links = gatherProductLinks(
      page(
        `<div data-product-id="1005001111111111"></div>
         <a href="//www.aliexpress.com/item/1005002222222222.html?spm=a"><img></a>
         <a href="https://www.aliexpress.com/store/1234">store</a>
         <div data-product-id="not-an-id"></div>`,
        'https://www.aliexpress.com/w/wholesale-cable.html',
      ),
      'aliexpress',
    );
    expect(links).toEqual([
      'https://www.aliexpress.com/item/1005002222222222.html?spm=a',
      'https://www.aliexpress.com/item/1005001111111111.html',
    ]);
  });

  it('1688: offer links and offer cards, once each, not the page itself nor other sites', () => {
    const links = gatherProductLinks(
      page(
        `<a href="https://detail.1688.com/offer/612345678901.html?spm=a26352.1">Cup</a>
         <a href="//detail.1688.com/offer/612345678901.html?spm=other#top">Cup again</a>
         <a href="https://detail.1688.com/offer/698765432109.html">Bottle</a>
         <div class="card" data-offerid="655555555555"></div>
         <div class="card" data-offer-id="612345678901"></div>
         <a href="https://detail.1688.com/offer/600000000001.html">this page</a>
         <a href="https://www.aliexpress.com/item/1005001.html">elsewhere</a>
         <a href="https://s.1688.com/selloffer/offer_search.htm?keywords=cup">search</a>
         <a href="javascript:void(0)">js</a>
         <a href="#">top</a>`,
        'https://detail.1688.com/offer/600000000001.html',
      ),
      '1688',
    );
    expect(links).toEqual([
      'https://detail.1688.com/offer/612345678901.html?spm=a26352.1',
      'https://detail.1688.com/offer/698765432109.html',
      'https://detail.1688.com/offer/655555555555.html',
    ]);
  });

  it('Shopee: -i.<shop>.<item> and /product/<shop>/<item>, relative to the page', () => {
    const links = gatherProductLinks(
      page(
        `<a href="/Glass-Cup-500ml-i.123456.987654321?sp_atk=abc&xptdk=def">Cup</a>
         <a href="/Glass-Cup-500ml-i.123456.987654321">Cup</a>
         <a href="/product/123456/555555555">Bottle</a>
         <a href="/shop/123456">shop</a>
         <a href="/search?keyword=cup&page=2">next</a>`,
        'https://shopee.co.th/search?keyword=cup',
      ),
      'shopee',
    );
    expect(links).toEqual([
      'https://shopee.co.th/Glass-Cup-500ml-i.123456.987654321?sp_atk=abc&xptdk=def',
      'https://shopee.co.th/product/123456/555555555',
    ]);
  });

  it('Lazada and Daraz: -i<id>.html product addresses', () => {
    const links = gatherProductLinks(
      page(
        `<a href="//www.lazada.co.th/products/glass-cup-i4711-s9001.html?search=1">Cup</a>
         <a href="https://www.lazada.co.th/products/bottle-i4712.html">Bottle</a>
         <a href="https://www.lazada.co.th/shop/glassworks/">shop</a>
         <a href="https://www.lazada.co.th/catalog/?q=cup">search</a>`,
        'https://www.lazada.co.th/catalog/?q=cup',
      ),
      'lazada',
    );
    expect(links).toEqual([
      'https://www.lazada.co.th/products/glass-cup-i4711-s9001.html?search=1',
      'https://www.lazada.co.th/products/bottle-i4712.html',
    ]);
  });

  it('Pinduoduo: goods pages by goods_id', () => {
    const links = gatherProductLinks(
      page(
        `<a href="goods.html?goods_id=167979795253&refer_page_name=search">Mask</a>
         <a href="/goods1.html?goods_id=200000000001">Cup</a>
         <a href="/goods.html?goods_id=abc">broken</a>
         <a href="/search_result.html?search_key=cup">search</a>`,
        'https://mobile.yangkeduo.com/search_result.html?search_key=cup',
      ),
      'pinduoduo',
    );
    expect(links).toEqual([
      'https://mobile.yangkeduo.com/goods.html?goods_id=167979795253&refer_page_name=search',
      'https://mobile.yangkeduo.com/goods1.html?goods_id=200000000001',
    ]);
  });

  it('stops at the limit', () => {
    const anchors = Array.from(
      { length: 30 },
      (_, index) => `<a href="https://detail.1688.com/offer/6000000000${10 + index}.html">o</a>`,
    ).join('');
    expect(gatherProductLinks(page(anchors, 'https://s.1688.com/'), '1688', 25)).toHaveLength(25);
  });

  it('tells product pages by address, as each adapter reads them', () => {
    expect(productIdOf('1688', 'https://detail.1688.com/offer/612345678901.html')).toBe(
      '612345678901',
    );
    expect(productIdOf('1688', 'https://s.1688.com/selloffer/offer_search.htm')).toBeNull();
    expect(productIdOf('aliexpress', 'https://www.aliexpress.us/item/3256801234567.html')).toBe(
      '3256801234567',
    );
    expect(productIdOf('shopee', 'https://shopee.vn/Ao-thun-i.11.22')).toBe('11.22');
    expect(productIdOf('lazada', 'https://www.daraz.com.np/products/capri-i123-s456.html')).toBe(
      '123',
    );
    expect(productIdOf('pinduoduo', 'https://mobile.yangkeduo.com/goods2.html?goods_id=9')).toBe(
      '9',
    );
    // The site must match too.
    expect(productIdOf('1688', 'https://www.aliexpress.com/item/1005001.html')).toBeNull();
    expect(productIdOf('shopee', 'not an address')).toBeNull();
  });
});
