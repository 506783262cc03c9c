import type { GenericSchema } from 'valibot';
import { ProductInputSchema, type Product, type ProductInput } from '@admin/shared/contract';
import type { MoneyValue, Option, ResourceFormConfig } from '@admin/shared/ui-kit';
import type { Translate } from '../i18n';

/** The dialog's values: the price as its KD box holds it (fils, the text while it is not an amount, or null). */
export interface ProductFormValues {
  productName: string;
  productPrice: MoneyValue;
  productType: string;
}

// The contract schema reads null as a missing price ('Product price is required') and says what is
// wrong with text that is not an amount.
const schema = ProductInputSchema as unknown as GenericSchema<ProductFormValues, ProductInput>;

/** The add/edit dialog of a product; `t` gives its texts in the active language. */
export function productForm(types: Option[], t: Translate): ResourceFormConfig<Product, ProductFormValues, ProductInput, ProductInput> {
  return {
    titles: { create: t('products.dialog.create'), edit: t('products.dialog.edit') },
    schema,
    empty: () => ({ productName: '', productPrice: null, productType: '' }),
    fromRow: (row) => ({ productName: row.productName, productPrice: row.productPrice, productType: row.productType?._id ?? '' }),
    toInput: (values) => values,
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
