import { ProductInputSchema, type Product, type ProductInput } from '@admin/shared/contract';
import { formSchema, type MoneyValue, type Option, type ResourceFormConfig } from '@admin/shared/ui-kit';
import type { Translate } from '../i18n';

/** The dialog's values: the price as its KD box holds it (fils, the text while it is not an amount, or null). */
export interface ProductFormValues {
  productName: string;
  productPrice: MoneyValue;
  productType: string;
}

// An empty price box is the empty text, which the contract's money schema calls missing ('Product
// price is required'); it says what is wrong with text that is not an amount.
const schema = formSchema(
  (values: ProductFormValues) => ({ ...values, productPrice: values.productPrice ?? '' }),
  ProductInputSchema,
);

/** The add/edit dialog of a product; `t` gives its texts in the active language. */
export function productForm(
  types: Option[],
  t: Translate,
): ResourceFormConfig<Product, ProductFormValues, ProductInput> {
  return {
    titles: { create: t('products.dialog.create'), edit: t('products.dialog.edit') },
    schema,
    empty: () => ({ productName: '', productPrice: null, productType: '' }),
    fromRow: (row) => ({
      productName: row.productName,
      productPrice: row.productPrice,
      productType: row.productType?._id ?? '',
    }),
    fields: [
      { name: 'productName', label: t('products.fields.name'), required: true },
      { name: 'productPrice', label: t('products.fields.price'), kind: 'money', required: true },
      {
        name: 'productType',
        label: t('products.fields.type'),
        kind: 'select',
        required: true,
        options: [{ value: '', label: t('products.fields.selectType') }, ...types],
      },
    ],
  };
}
