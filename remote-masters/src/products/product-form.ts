import type { GenericSchema } from 'valibot';
import { ProductInputSchema, type Product, type ProductInput } from '@admin/shared/contract';
import type { MoneyValue, Option, ResourceFormConfig } from '@admin/shared/ui-kit';

/** The dialog's values: the price as its KD box holds it (fils, the text while it is not an amount, or null). */
export interface ProductFormValues {
  productName: string;
  productPrice: MoneyValue;
  productType: string;
}

// The contract schema reads null as a missing price ('Product price is required') and says what is
// wrong with text that is not an amount.
const schema = ProductInputSchema as unknown as GenericSchema<ProductFormValues, ProductInput>;

export function productForm(types: Option[]): ResourceFormConfig<Product, ProductFormValues, ProductInput, ProductInput> {
  return {
    titles: { create: 'Add New Product', edit: 'Edit Product' },
    schema,
    empty: () => ({ productName: '', productPrice: null, productType: '' }),
    fromRow: (row) => ({ productName: row.productName, productPrice: row.productPrice, productType: row.productType?._id ?? '' }),
    toInput: (values) => values,
    fields: [
      { name: 'productName', label: 'Product Name', required: true },
      { name: 'productPrice', label: 'Product Price (KD)', kind: 'money', required: true },
      {
        name: 'productType',
        label: 'Product Type',
        kind: 'select',
        required: true,
        options: [{ value: '', label: 'Select type' }, ...types],
      },
    ],
  };
}
