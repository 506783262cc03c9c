import * as v from 'valibot';
import { ListQueryEntries, nameSchema, optionalNameSchema, StampEntries } from './common';
import { sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';
import { RESOURCES } from './resources';

/**
 * The lookup masters: the four name-only ones and the banks, which also carry an Arabic name. One
 * description each, used by the API's generic lookup module and by the master screens: path, name
 * field (and alternate name field) and the messages.
 */
export const ProductTypeInputSchema = v.strictObject({
  productTypeName: nameSchema({ required: 'Type name is required', max: 'Type name cannot exceed 100 characters' }),
});
export const CustomerKindInputSchema = v.strictObject({
  kindName: nameSchema(
    {
      required: 'Kind name is required',
      min: 'Kind name must be at least 2 characters',
      max: 'Kind name cannot exceed 100 characters',
    },
    2,
  ),
});
export const CustomerNationalityInputSchema = v.strictObject({
  nationalityName: nameSchema(
    {
      required: 'Nationality name is required',
      min: 'Nationality name must be at least 2 characters',
      max: 'Nationality name cannot exceed 100 characters',
    },
    2,
  ),
});
export const CustomerCityInputSchema = v.strictObject({
  cityName: nameSchema(
    {
      required: 'City name is required',
      min: 'City name must be at least 2 characters',
      max: 'City name cannot exceed 100 characters',
    },
    2,
  ),
});

export const BankInputSchema = v.strictObject({
  bankName: nameSchema(
    {
      required: 'Bank name is required',
      min: 'Bank name must be at least 2 characters',
      max: 'Bank name cannot exceed 100 characters',
    },
    2,
  ),
  bankNameAr: optionalNameSchema('Arabic name cannot exceed 100 characters'),
});

export type ProductTypeInput = v.InferOutput<typeof ProductTypeInputSchema>;
export type CustomerKindInput = v.InferOutput<typeof CustomerKindInputSchema>;
export type CustomerNationalityInput = v.InferOutput<typeof CustomerNationalityInputSchema>;
export type CustomerCityInput = v.InferOutput<typeof CustomerCityInputSchema>;
export type BankInput = v.InferOutput<typeof BankInputSchema>;

/** Lists of a lookup: page, limit, search, and sorting by name or creation. */
export const LookupListQuerySchema = v.strictObject({ ...ListQueryEntries, ...sortEntries(LIST_SORTS.lookups) });
export type LookupListQuery = v.InferOutput<typeof LookupListQuerySchema>;

/** The lookups as the API answers them: exactly these fields (a bank's Arabic name is null when none). */
export const ProductTypeSchema = v.strictObject({ ...StampEntries, productTypeName: v.string() });
export const CustomerKindSchema = v.strictObject({ ...StampEntries, kindName: v.string() });
export const CustomerNationalitySchema = v.strictObject({ ...StampEntries, nationalityName: v.string() });
export const CustomerCitySchema = v.strictObject({ ...StampEntries, cityName: v.string() });
export const BankSchema = v.strictObject({ ...StampEntries, bankName: v.string(), bankNameAr: v.nullable(v.string()) });
export type ProductType = v.InferOutput<typeof ProductTypeSchema>;
export type CustomerKind = v.InferOutput<typeof CustomerKindSchema>;
export type CustomerNationality = v.InferOutput<typeof CustomerNationalitySchema>;
export type CustomerCity = v.InferOutput<typeof CustomerCitySchema>;
export type Bank = v.InferOutput<typeof BankSchema>;

export const LOOKUPS = {
  types: {
    path: RESOURCES.productTypes.path,
    nameField: 'productTypeName',
    noun: 'product type',
    schema: ProductTypeInputSchema,
  },
  customerKinds: {
    path: RESOURCES.customerKinds.path,
    nameField: 'kindName',
    noun: 'customer kind',
    schema: CustomerKindInputSchema,
  },
  customerNationalities: {
    path: RESOURCES.customerNationalities.path,
    nameField: 'nationalityName',
    noun: 'customer nationality',
    schema: CustomerNationalityInputSchema,
  },
  customerCities: {
    path: RESOURCES.customerCities.path,
    nameField: 'cityName',
    noun: 'customer city',
    schema: CustomerCityInputSchema,
  },
  banks: {
    path: RESOURCES.banks.path,
    nameField: 'bankName',
    /** A second, optional name: the bank's name in Arabic. */
    alternateNameField: 'bankNameAr',
    noun: 'bank',
    schema: BankInputSchema,
  },
} as const;
export type LookupName = keyof typeof LOOKUPS;
