import { LOOKUPS } from '@admin/shared/contract';
import { createKeys } from '@admin/shared/query';
import { customerCities, customerKinds, customerNationalities, productTypes } from './api';
import { createLookupPage, type LookupDefinition } from './lookup-page';

// Renaming a kind, nationality or city changes what the customers list shows; a type, the products list.
const customerLists = [createKeys('customers').all];
const productLists = [createKeys('products').all];

export const productTypesScreen: LookupDefinition<'productTypeName'> = {
  lookup: LOOKUPS.types,
  resource: productTypes,
  invalidates: productLists,
  history: 'product-type',
  texts: {
    title: 'lookups.types.title',
    noun: 'lookups.types.noun',
    addLabel: 'lookups.types.add',
    searchPlaceholder: 'lookups.types.search',
    emptyText: 'lookups.types.empty',
    nameLabel: 'lookups.types.name',
    dialogTitles: { create: 'lookups.types.dialog.create', edit: 'lookups.types.dialog.edit' },
  },
};

export const customerKindsScreen: LookupDefinition<'kindName'> = {
  lookup: LOOKUPS.customerKinds,
  resource: customerKinds,
  invalidates: customerLists,
  history: 'customer-kind',
  texts: {
    title: 'lookups.customerKinds.title',
    noun: 'lookups.customerKinds.noun',
    addLabel: 'lookups.customerKinds.add',
    searchPlaceholder: 'lookups.customerKinds.search',
    emptyText: 'lookups.customerKinds.empty',
    nameLabel: 'lookups.customerKinds.name',
    dialogTitles: { create: 'lookups.customerKinds.dialog.create', edit: 'lookups.customerKinds.dialog.edit' },
  },
};

export const customerNationalitiesScreen: LookupDefinition<'nationalityName'> = {
  lookup: LOOKUPS.customerNationalities,
  resource: customerNationalities,
  invalidates: customerLists,
  history: 'customer-nationality',
  texts: {
    title: 'lookups.customerNationalities.title',
    noun: 'lookups.customerNationalities.noun',
    addLabel: 'lookups.customerNationalities.add',
    searchPlaceholder: 'lookups.customerNationalities.search',
    emptyText: 'lookups.customerNationalities.empty',
    nameLabel: 'lookups.customerNationalities.name',
    dialogTitles: { create: 'lookups.customerNationalities.dialog.create', edit: 'lookups.customerNationalities.dialog.edit' },
  },
};

export const customerCitiesScreen: LookupDefinition<'cityName'> = {
  lookup: LOOKUPS.customerCities,
  resource: customerCities,
  invalidates: customerLists,
  history: 'customer-city',
  texts: {
    title: 'lookups.customerCities.title',
    noun: 'lookups.customerCities.noun',
    addLabel: 'lookups.customerCities.add',
    searchPlaceholder: 'lookups.customerCities.search',
    emptyText: 'lookups.customerCities.empty',
    nameLabel: 'lookups.customerCities.name',
    dialogTitles: { create: 'lookups.customerCities.dialog.create', edit: 'lookups.customerCities.dialog.edit' },
  },
};

export const ProductTypesPage = createLookupPage(productTypesScreen);
export const CustomerKindsPage = createLookupPage(customerKindsScreen);
export const CustomerNationalitiesPage = createLookupPage(customerNationalitiesScreen);
export const CustomerCitiesPage = createLookupPage(customerCitiesScreen);
