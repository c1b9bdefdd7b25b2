import { ProductEditor } from './product-editor';
import { ProductPage } from './product-editor-page';

/** /product/shopeeProductDetail: a Shopee product's editor. */
export function ShopeeEditorPage() {
  return (
    <ProductPage platform="shopee">
      {(detail) => <ProductEditor key={detail.id} detail={detail} platform="shopee" />}
    </ProductPage>
  );
}
