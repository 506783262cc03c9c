import { RESOURCES, type Product } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { createKeys, findIn } from '@admin/shared/query';
import { SearchSelect, type SearchSelectProps } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../../i18n';

/** Products a picker's search offers at a time (pickers read up to 1000). */
export const PRODUCT_SEARCH_LIMIT = 1000;

const productKeys = createKeys(RESOURCES.products);

type ProductPickerProps = Omit<
  SearchSelectProps<Product>,
  'queryKey' | 'search' | 'itemValue' | 'itemLabel' | 'itemDetail'
>;

/** Chooses a product by searching the server; each option shows the product's price. */
export function ProductPicker(props: ProductPickerProps) {
  const t = useT(SALES_NAMESPACE);
  return (
    <SearchSelect<Product>
      placeholder={t('products.searchPlaceholder')}
      emptyText={t('products.empty')}
      {...props}
      queryKey={(search) => productKeys.list({ limit: PRODUCT_SEARCH_LIMIT, search })}
      search={(search, signal) => findIn<Product>(RESOURCES.products.path, search, signal, PRODUCT_SEARCH_LIMIT)}
      itemValue={(p) => p._id}
      itemLabel={(p) => p.productName}
      itemDetail={(p) => <bdi dir="ltr">{formatKd(p.productPrice)}</bdi>}
    />
  );
}
