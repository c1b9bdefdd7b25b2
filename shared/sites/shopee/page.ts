/**
 * What the rendered Shopee document says without any product answer: the "page unavailable"
 * views (login wall, error), the SSR head (og tags, BreadcrumbList), or a generic shell.
 */
import { idsFromUrl } from './match';
import { isRecord } from './payload';

/** Phrases of the "not logged in" wall, as Shopee words it per country (lower case). */
const LOGIN_WALL = [
  'not logged in',
  'não está logado',
  'chưa đăng nhập',
  'belum login',
  'ยังไม่ได้เข้าสู่ระบบ',
  '尚未登入',
];

/** Phrases of the "page unavailable / something went wrong" view (lower case). */
const ERROR_VIEW = [
  'something went wrong',
  'page unavailable',
  'algo deu errado',
  'página indisponível',
  'đã xảy ra lỗi',
  'terjadi kesalahan',
  'เกิดข้อผิดพลาด',
  '發生錯誤',
];

const TEXT_NODE_FILTER = 4;
const HIDDEN_PARENTS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE']);

/** The visible text of the body (script and style contents left out), lower case. */
function visibleText(document: Document): string {
  if (!document.body) return '';
  const walker = document.createTreeWalker(document.body, TEXT_NODE_FILTER);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!HIDDEN_PARENTS.has(node.parentElement?.tagName ?? '')) parts.push(node.nodeValue ?? '');
  }
  return parts.join(' ').toLowerCase();
}

/** The login wall or error view Shopee shows instead of a product, if the page is one. */
export function unavailableView(document: Document): 'loginWall' | 'errorPage' | null {
  const text = visibleText(document);
  if (LOGIN_WALL.some((phrase) => text.includes(phrase))) return 'loginWall';
  if (ERROR_VIEW.some((phrase) => text.includes(phrase))) return 'errorPage';
  return null;
}

function meta(document: Document, property: string): string | null {
  const value = document
    .querySelector(`meta[property="${property}"], meta[name="${property}"]`)
    ?.getAttribute('content')
    ?.trim();
  return value || null;
}

/** Whether the SSR head (og:url) names this item: the head then belongs to the product. */
export function headNamesItem(document: Document, itemId: string): boolean {
  const ogUrl = meta(document, 'og:url');
  if (!ogUrl) return false;
  try {
    return idsFromUrl(new URL(ogUrl))?.itemId === itemId;
  } catch {
    return false;
  }
}

function jsonLd(document: Document): unknown[] {
  const blocks: unknown[] = [];
  for (const script of document.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      blocks.push(JSON.parse(script.textContent ?? ''));
    } catch {
      // A broken block is skipped.
    }
  }
  return blocks;
}

/**
 * The category names of the head's BreadcrumbList, without the home entry and the product itself
 * (`…-cat.<catid>.<subcatid>` entries); empty when the breadcrumb is not this item's.
 */
export function breadcrumbCategories(document: Document, itemId: string): string[] {
  for (const block of jsonLd(document)) {
    if (!isRecord(block) || block['@type'] !== 'BreadcrumbList') continue;
    const entries = (Array.isArray(block.itemListElement) ? block.itemListElement : [])
      .filter(isRecord)
      .sort((a, b) => Number(a.position) - Number(b.position))
      .map((entry) => (isRecord(entry.item) ? entry.item : {}));
    const last = entries.at(-1);
    const lastUrl = typeof last?.['@id'] === 'string' ? last['@id'] : '';
    if (!lastUrl.endsWith(`.${itemId}`)) continue;
    return entries
      .filter((entry) => typeof entry['@id'] === 'string' && /-cat\.\d+/.test(entry['@id']))
      .map((entry) => (typeof entry.name === 'string' ? entry.name.trim() : ''))
      .filter(Boolean);
  }
  return [];
}
