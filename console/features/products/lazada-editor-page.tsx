import { ProductEditor } from './product-editor';
import { ProductPage } from './product-editor-page';

/** /product/lazadaProductDetail: a Lazada product's editor. */
export function LazadaEditorPage() {
  return (
    <ProductPage platform="lazada">
      {(detail) => <ProductEditor key={detail.id} detail={detail} platform="lazada" />}
    </ProductPage>
  );
}
