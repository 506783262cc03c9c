import { LOOKUPS } from '@admin/shared/contract';
import { createKeys } from '@admin/shared/query';
import { customerCities, customerKinds, customerNationalities, productTypes } from './api';
import { createLookupPage, type LookupDefinition } from './LookupPage';

// Renaming a kind, nationality or city changes what the customers list shows; a type, the products list.
const customerLists = [createKeys('customers').all];
const productLists = [createKeys('products').all];

export const productTypesScreen: LookupDefinition<'productTypeName'> = {
  lookup: LOOKUPS.types,
  resource: productTypes,
  invalidates: productLists,
  texts: {
    title: 'Product Types',
    noun: 'Type',
    addLabel: 'Add Type',
    searchPlaceholder: 'Search types...',
    emptyText: 'No types found',
    nameLabel: 'Type Name',
    dialogTitles: { create: 'Add New Type', edit: 'Edit Type' },
  },
};

export const customerKindsScreen: LookupDefinition<'kindName'> = {
  lookup: LOOKUPS.customerKinds,
  resource: customerKinds,
  invalidates: customerLists,
  texts: {
    title: 'Customer Kinds',
    noun: 'Customer kind',
    addLabel: 'Add Customer Kind',
    searchPlaceholder: 'Search kinds...',
    emptyText: 'No customer kinds found',
    nameLabel: 'Kind Name',
    dialogTitles: { create: 'Add New Customer Kind', edit: 'Edit Customer Kind' },
  },
};

export const customerNationalitiesScreen: LookupDefinition<'nationalityName'> = {
  lookup: LOOKUPS.customerNationalities,
  resource: customerNationalities,
  invalidates: customerLists,
  texts: {
    title: 'Customer Nationalities',
    noun: 'Customer nationality',
    addLabel: 'Add Customer Nationality',
    searchPlaceholder: 'Search nationalities...',
    emptyText: 'No customer nationalities found',
    nameLabel: 'Nationality Name',
    dialogTitles: { create: 'Add New Customer Nationality', edit: 'Edit Customer Nationality' },
  },
};

export const customerCitiesScreen: LookupDefinition<'cityName'> = {
  lookup: LOOKUPS.customerCities,
  resource: customerCities,
  invalidates: customerLists,
  texts: {
    title: 'Customer Cities',
    noun: 'Customer city',
    addLabel: 'Add Customer City',
    searchPlaceholder: 'Search cities...',
    emptyText: 'No customer cities found',
    nameLabel: 'City Name',
    dialogTitles: { create: 'Add New Customer City', edit: 'Edit Customer City' },
  },
};

export const ProductTypesPage = createLookupPage(productTypesScreen);
export const CustomerKindsPage = createLookupPage(customerKindsScreen);
export const CustomerNationalitiesPage = createLookupPage(customerNationalitiesScreen);
export const CustomerCitiesPage = createLookupPage(customerCitiesScreen);
