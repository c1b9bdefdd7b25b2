/**
 * A draft from the rendered PDD goods page when it carries no rawData: the title heading, the
 * gallery, the 商品详情 attribute list and detail images (lazy: `data-src`), and the open SKU
 * dialog, whose price (split across spans) is that of the selected option only. What the DOM
 * does not show (per-SKU prices, stock, shop) stays unknown. The page is walked once, and
 * elements are told apart by roles, labels, text anchors and document order.
 */
import type { ProductDraft } from '@shared/contracts/product-draft';
import { HIGH, low, medium } from '../common/confidence';
import { boundedRaw, type ExtractResult, failure } from '../common/draft';
import { toMinor } from '../common/money';
import {
  BUTTON_ROLE,
  DETAILS_HEADING,
  DIALOG_IMAGE_LABEL,
  DIALOG_ROLE,
  GALLERY_LABEL,
  PRICE_TEXT,
  SELECTED_PREFIX,
} from './selectors';

const SITE = 'pinduoduo';
const CURRENCY = 'CNY';

/** The page's elements in document order, with the landmarks the reader needs. */
interface PageScan {
  elements: Element[];
  /** Index range of the dialog's descendants in `elements` (empty when there is no dialog). */
  dialog: { start: number; end: number };
  /** Index of the 商品详情 heading; -1 when absent. */
  details: number;
  goodsId: string | null;
  heading: string | null;
}

function scan(document: Document): PageScan {
  const elements = [...document.getElementsByTagName('*')];
  const dialog = { start: 0, end: 0 };
  let details = -1;
  let goodsId: string | null = null;
  let heading: string | null = null;
  elements.forEach((element, index) => {
    if (dialog.end === 0 && element.getAttribute('role') === DIALOG_ROLE) {
      dialog.start = index + 1;
      dialog.end = index + 1 + element.getElementsByTagName('*').length;
    }
    goodsId ??= element.getAttribute('data-goods-id');
    if (heading === null && element.tagName === 'H1') heading = element.textContent?.trim() || null;
    if (
      details < 0 &&
      element.firstElementChild === null &&
      element.textContent?.trim() === DETAILS_HEADING
    ) {
      details = index;
    }
  });
  return { elements, dialog, details, goodsId, heading };
}

function inDialog(page: PageScan, index: number): boolean {
  return index >= page.dialog.start && index < page.dialog.end;
}

function dialogElements(page: PageScan): Element[] {
  return page.elements.slice(page.dialog.start, page.dialog.end);
}

function compact(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, '');
}

function isOption(element: Element): boolean {
  return element.getAttribute('role') === BUTTON_ROLE && element.hasAttribute('aria-label');
}

/** An image's address (lazy `data-src` first), without PDD's resize query. */
function imageAddress(image: Element): string | null {
  const address = (image.getAttribute('data-src') || image.getAttribute('src') || '').trim();
  if (!/^(?:https?:)?\/\//.test(address)) return null;
  const absolute = address.startsWith('//') ? `https:${address}` : address;
  return absolute.replace(/[?#].*$/, '');
}

function unique(addresses: (string | null)[]): string[] {
  return [...new Set(addresses.filter((address): address is string => address !== null))];
}

function titleOf(document: Document, page: PageScan): string | null {
  if (page.heading) return page.heading;
  const og = document.querySelector('meta[property="og:title"]')?.getAttribute('content')?.trim();
  return og || null;
}

const TEXT_NODE = 3;
/** How far above the yuan sign the whole price ("¥" + "0" + ".99" in spans) may be assembled. */
const PRICE_DEPTH = 3;

/** Whether the element itself (not a descendant) holds the yuan sign in a text node. */
function holdsYuanSign(element: Element): boolean {
  for (let node = element.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === TEXT_NODE && /[¥￥]/.test(node.nodeValue ?? '')) return true;
  }
  return false;
}

/** The first visible price in the dialog (else the page), in fen, and its text. */
function priceOf(page: PageScan): { minor: number; shown: string } | null {
  for (const elements of [dialogElements(page), page.elements]) {
    for (const element of elements) {
      if (!holdsYuanSign(element)) continue;
      let node: Element | null = element;
      for (let depth = 0; node && depth < PRICE_DEPTH; depth += 1, node = node.parentElement) {
        const shown = compact(node);
        const amount = PRICE_TEXT.exec(shown)?.[1];
        const minor = amount ? toMinor(amount, CURRENCY) : null;
        if (minor) return { minor, shown };
      }
    }
  }
  return null;
}

interface SpecGroup {
  name: string;
  options: string[];
}

/** Spec groups: a label followed by a container whose children are all option buttons. */
function specGroups(page: PageScan): SpecGroup[] {
  const groups: SpecGroup[] = [];
  for (const container of dialogElements(page)) {
    const first = container.firstElementChild;
    if (!first || !isOption(first)) continue;
    const options = [...container.children];
    if (!options.every(isOption)) continue;
    const label = container.previousElementSibling;
    if (!label || isOption(label) || [...label.getElementsByTagName('*')].some(isOption)) continue;
    const name = label.textContent?.trim();
    if (!name) continue;
    groups.push({
      name,
      options: options.map((option) => option.getAttribute('aria-label') ?? ''),
    });
  }
  return groups;
}

/** The text after "已选：" in the dialog. */
function selectedText(page: PageScan): string {
  for (const element of dialogElements(page)) {
    const value = element.firstElementChild ? '' : (element.textContent?.trim() ?? '');
    if (value.startsWith(SELECTED_PREFIX)) {
      return value.slice(SELECTED_PREFIX.length).replace(/^[：:]\s*/, '');
    }
  }
  return '';
}

/** Elements after the details heading in document order, outside the dialog. */
function afterDetails(page: PageScan): Element[] {
  if (page.details < 0) return [];
  return page.elements.filter((_, index) => index > page.details && !inDialog(page, index));
}

/** Attribute pairs: an element labelled with exactly its two children's texts ("品牌" + "添彩"). */
function attributesOf(elements: Element[]): ProductDraft['attributes'] {
  const attributes: ProductDraft['attributes'] = [];
  for (const element of elements) {
    if (!element.hasAttribute('aria-label') || element.childElementCount !== 2) continue;
    const [name = '', value = ''] = [...element.children].map(
      (child) => child.textContent?.trim() ?? '',
    );
    if (name && value && element.getAttribute('aria-label') === `${name}${value}`) {
      attributes.push({ name, value });
    }
  }
  return attributes;
}

function isImage(element: Element, label?: string): boolean {
  return (
    element.tagName === 'IMG' &&
    (label === undefined || element.getAttribute('aria-label') === label)
  );
}

export function draftFromDom(document: Document, url: string, goodsId: string): ExtractResult {
  const page = scan(document);
  if (page.goodsId && page.goodsId !== goodsId) {
    return failure('layoutUnknown', SITE, ['matching item id']);
  }
  const title = titleOf(document, page);
  const price = priceOf(page);
  const missing = [...(title ? [] : ['title']), ...(price ? [] : ['price'])];
  if (!title || !price) return failure('layoutUnknown', SITE, missing);

  const groups = specGroups(page);
  const selected = selectedText(page);
  const skuProperties = groups.map((group) => ({
    id: group.name,
    name: group.name,
    values: group.options.map((option) => ({ id: option, name: option, image: null })),
  }));
  const dialogImage = dialogElements(page).find((element) => isImage(element, DIALOG_IMAGE_LABEL));
  const chosen = groups.map(
    (group) =>
      group.options
        .filter((option) => option && selected.includes(option))
        .sort((a, b) => b.length - a.length)[0],
  );
  const skus =
    groups.length > 0 && chosen.every(Boolean)
      ? [
          {
            id: groups.map((group, index) => `${group.name}:${chosen[index]}`).join(';'),
            values: Object.fromEntries(
              groups.map((group, index) => [group.name, chosen[index] ?? '']),
            ),
            price: price.minor,
            originalPrice: null,
            stock: null,
            available: true,
            image: dialogImage ? imageAddress(dialogImage) : null,
          },
        ]
      : [];

  const images = unique(
    page.elements
      .filter((element, index) => isImage(element, GALLERY_LABEL) && !inDialog(page, index))
      .map(imageAddress),
  );
  const details = afterDetails(page);
  const detail = unique(
    details
      .filter((element) => isImage(element) && element.getAttribute('aria-label') !== GALLERY_LABEL)
      .map(imageAddress),
  );
  const attributes = attributesOf(details);

  const confidence: ProductDraft['confidence'] = {
    itemId: HIGH,
    title: medium('fromPageHeading', 'from the page heading (visible text)'),
    currency: HIGH,
    price: low(
      'selectedOptionPrice',
      `the visible price (${price.shown}) of the option selected in the SKU dialog; other options may differ`,
      { shown: price.shown },
    ),
    skuProperties:
      groups.length > 0
        ? medium('optionNamesFromPage', 'option names from the SKU dialog; the page shows no ids')
        : low('noSkuModel', 'no SKU dialog on the page'),
    skus: low('selectedOptionOnly', 'only the selected option is priced; the page shows no stock'),
    images:
      images.length > 0
        ? medium('imagesFromGallery', 'from the rendered gallery')
        : low('noImages', 'no gallery on the page'),
    description:
      detail.length > 0
        ? medium('descriptionFromPage', 'detail images from the rendered page')
        : low('noDescription', 'no detail images on the page'),
    shop: low('noShop', 'no shop on the page'),
    categoryPath: low('noCategory', 'no category on the page'),
  };
  if (attributes.length > 0) {
    confidence.attributes = medium('attributesFromPage', 'from the rendered 商品详情 list');
  }

  return {
    site: SITE,
    itemId: goodsId,
    url,
    title,
    currency: CURRENCY,
    price: { min: price.minor, max: price.minor },
    tiers: [],
    skuProperties,
    skus,
    images,
    description:
      detail.length > 0 ? { html: detail.map((src) => `<img src="${src}">`).join('') } : null,
    shop: null,
    categoryPath: [],
    weightGrams: null,
    dimensionsCm: null,
    attributes,
    minOrderQuantity: null,
    raw: boundedRaw({ source: 'dom', title, price: price.shown, selected, groups }),
    confidence,
  };
}
