/**
 * The anchors the rendered PDD goods page is read by. Class names are obfuscated and change with
 * each build, so only ARIA roles and labels, text anchors and structure are used.
 */

/** Role of the open SKU dialog. */
export const DIALOG_ROLE = 'dialog';
/** Role of an option (or a control) of the dialog; options carry their name as aria-label. */
export const BUTTON_ROLE = 'button';
/** aria-label of the goods gallery images ("large image of the goods"). */
export const GALLERY_LABEL = '商品大图';
/** aria-label of the SKU image at the top of the dialog ("tap to see the large image"). */
export const DIALOG_IMAGE_LABEL = '点击查看大图';
/** Heading of the details section; the attribute list and detail images follow it. */
export const DETAILS_HEADING = '商品详情';
/** Start of the dialog's "selected: …" line. */
export const SELECTED_PREFIX = '已选';
/** A visible price: an optional short label ("首件"), the yuan sign, the amount. */
export const PRICE_TEXT = /^[^\d¥￥]{0,4}[¥￥](\d+(?:\.\d{1,2})?)$/;
