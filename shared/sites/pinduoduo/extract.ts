/**
 * Reads a Pinduoduo goods page: the inlined initDataObj (or an answer holding it) first, the
 * rendered DOM second. The goods id in the address is the source of truth.
 */
import { type ExtractInput, type ExtractResult, failure } from '../common/draft';
import { draftFromInit, isEmptyShell } from './data';
import { draftFromDom } from './dom';
import { goodsIdFromUrl, isLoginUrl } from './match';
import { findPddData, record } from './payload';

const SITE = 'pinduoduo';

function idOf(value: unknown): string | null {
  return typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value))
    ? String(value)
    : null;
}

/**
 * Reads a PDD page, cheapest signs first: the address (the login page, or no goods id: a list or
 * search page, whose scripts and answers are never read), then the page's data, then its DOM.
 */
export function extractPinduoduo(input: ExtractInput): ExtractResult {
  const url = new URL(input.url);
  if (isLoginUrl(url)) return failure('loginWall', SITE);
  const goodsId = goodsIdFromUrl(url);
  if (!goodsId) return failure('notProduct', SITE);
  const { init, listing } = findPddData(input);
  if (init?.needLogin === true) return failure('loginWall', SITE);
  if (listing && !init) return failure('notProduct', SITE);
  if (init) {
    const goods = record(init.goods);
    if (idOf(goods.goodsID ?? goods.goodsId) !== goodsId) {
      return failure('layoutUnknown', SITE, ['matching item id']);
    }
    if (isEmptyShell(goods)) return failure('errorPage', SITE);
    return draftFromInit(init, input.url, goodsId);
  }
  return draftFromDom(input.document, input.url, goodsId);
}
