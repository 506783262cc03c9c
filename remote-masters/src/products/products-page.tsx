import { useQuery } from '@tanstack/react-query';
import { RESOURCES } from '@admin/shared/contract';
import { createdDateColumn, MoneyText, ResourceScreen } from '@admin/shared/ui-kit';
import { useMastersT } from '../i18n';
import { activeQuery, productTypes, toOptions } from '../common/lookups-api';
import { products } from './api';
import { productForm } from './product-form';

export function ProductsPage() {
  const t = useMastersT();
  // One request feeds both the Product Type filter and the dialog's choice.
  const types = toOptions(useQuery(activeQuery(productTypes)).data, (t) => t.productTypeName);
  return (
    <ResourceScreen
      resource={products}
      title={t('products.title')}
      noun={t(RESOURCES.products.noun)}
      addLabel={t('products.add')}
      searchPlaceholder={t('products.search')}
      emptyText={t('products.empty')}
      filters={[
        {
          name: 'productType',
          label: t('products.filters.type'),
          allLabel: t('products.filters.allTypes'),
          options: types,
        },
      ]}
      columns={[
        { header: t('products.columns.name'), cell: (p) => p.productName, sort: 'productName' },
        { header: t('products.columns.type'), cell: (p) => p.productType?.productTypeName, sort: 'productType' },
        {
          header: t('products.columns.price'),
          cell: (p) => <MoneyText fils={p.productPrice} />,
          numeric: true,
          sort: 'productPrice',
        },
        createdDateColumn(t('products.columns.created')),
      ]}
      itemName={(p) => p.productName}
      permissions={RESOURCES.products.permissions}
      history={RESOURCES.products.auditEntity}
      form={productForm(types, t)}
    />
  );
}
