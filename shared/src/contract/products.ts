import * as v from 'valibot';
import { FilsField, ListQueryEntries, moneySchema, nameSchema, queryFilter, refSchema, StampEntries } from './common';
import { sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';

/** POST /products and PUT /products/{id}. productPrice is integer fils (1.500 KD = 1500). */
export const ProductInputSchema = v.strictObject({
  productName: nameSchema({ required: 'Product name is required', max: 'Product name cannot exceed 100 characters' }),
  productPrice: moneySchema('Product price is required', 0, 'Product price cannot be negative'),
  productType: refSchema('Product type is required'),
});
export type ProductInput = v.InferOutput<typeof ProductInputSchema>;

/** GET /products: page, limit, search (product name) and product type. */
export const ProductListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  productType: queryFilter(v.pipe(v.string(), v.uuid('Invalid product type'))),
  ...sortEntries(LIST_SORTS.products),
});
export type ProductListQuery = v.InferOutput<typeof ProductListQuerySchema>;

/** A product as the API answers it, its type named. */
export const ProductSchema = v.strictObject({
  ...StampEntries,
  productName: v.string(),
  productPrice: FilsField,
  productType: v.strictObject({ _id: v.string(), productTypeName: v.string() }),
});
export type Product = v.InferOutput<typeof ProductSchema>;
