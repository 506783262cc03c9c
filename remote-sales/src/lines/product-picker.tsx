import { api } from '@admin/shared/api';
import type { ListResponse, Product } from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { createKeys } from '@admin/shared/query';
import { SearchSelect, type SearchSelectProps } from '@admin/shared/ui-kit';
import { SALES_NAMESPACE } from '../i18n';

/** Products a picker's search offers at a time (pickers read up to 1000). */
export const PRODUCT_SEARCH_LIMIT = 1000;

const productKeys = createKeys('products');

type ProductPickerProps = Omit<SearchSelectProps<Product>, 'queryKey' | 'search' | 'itemValue' | 'itemLabel' | 'itemDetail'>;

/** Chooses a product by searching the server; each option shows the product's price. */
export function ProductPicker(props: ProductPickerProps) {
  const t = useT(SALES_NAMESPACE);
  return (
    <SearchSelect<Product>
      placeholder={t('products.searchPlaceholder')}
      emptyText={t('products.empty')}
      {...props}
      queryKey={(search) => productKeys.list({ limit: PRODUCT_SEARCH_LIMIT, search })}
      search={(search, signal) =>
        api
          .get<ListResponse<Product>>('/products', { params: { limit: PRODUCT_SEARCH_LIMIT, search: search || undefined }, signal })
          .then((r) => r.data.data)
      }
      itemValue={(p) => p._id}
      itemLabel={(p) => p.productName}
      itemDetail={(p) => <bdi dir="ltr">{formatKd(p.productPrice)}</bdi>}
    />
  );
}
