import { useQuery } from '@tanstack/react-query';
import { createdDateColumn, MoneyText, ResourceScreen } from '@admin/shared/ui-kit';
import { activeQuery, productTypes, toOptions } from '../lookups/api';
import { PRODUCT_DEPENDENTS } from '../related-keys';
import { products } from './api';
import { productForm } from './product-form';

export function ProductsPage() {
  // One request feeds both the Product Type filter and the dialog's choice.
  const types = toOptions(useQuery(activeQuery(productTypes)).data, (t) => t.productTypeName);
  return (
    <ResourceScreen
      resource={products}
      title="Products"
      noun="Product"
      addLabel="Add Product"
      searchPlaceholder="Search products..."
      emptyText="No products found"
      filters={[{ name: 'productType', label: 'Product Type', allLabel: 'All Types', options: types }]}
      columns={[
        { header: 'Product Name', cell: (p) => p.productName, sort: 'productName' },
        { header: 'Product Type', cell: (p) => p.productType?.productTypeName, sort: 'productType' },
        { header: 'Product Price', cell: (p) => <MoneyText fils={p.productPrice} />, numeric: true, sort: 'productPrice' },
        createdDateColumn(),
      ]}
      itemName={(p) => p.productName}
      permissions={{ create: 'products.create', update: 'products.update', delete: 'products.delete' }}
      history="product"
      form={productForm(types)}
      invalidates={PRODUCT_DEPENDENTS}
    />
  );
}
