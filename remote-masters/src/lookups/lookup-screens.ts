import { LOOKUPS, RESOURCES } from '@admin/shared/contract';
import { banks, customerCities, customerKinds, customerNationalities, productTypes } from '../common/lookups-api';
import { createLookupPage, type LookupDefinition } from './lookup-page';

export const productTypesScreen: LookupDefinition<'productTypeName'> = {
  lookup: LOOKUPS.types,
  resource: productTypes,
  history: RESOURCES.productTypes.auditEntity,
  texts: {
    title: 'lookups.types.title',
    noun: RESOURCES.productTypes.noun,
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
  history: RESOURCES.customerKinds.auditEntity,
  texts: {
    title: 'lookups.customerKinds.title',
    noun: RESOURCES.customerKinds.noun,
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
  history: RESOURCES.customerNationalities.auditEntity,
  texts: {
    title: 'lookups.customerNationalities.title',
    noun: RESOURCES.customerNationalities.noun,
    addLabel: 'lookups.customerNationalities.add',
    searchPlaceholder: 'lookups.customerNationalities.search',
    emptyText: 'lookups.customerNationalities.empty',
    nameLabel: 'lookups.customerNationalities.name',
    dialogTitles: {
      create: 'lookups.customerNationalities.dialog.create',
      edit: 'lookups.customerNationalities.dialog.edit',
    },
  },
};

export const customerCitiesScreen: LookupDefinition<'cityName'> = {
  lookup: LOOKUPS.customerCities,
  resource: customerCities,
  history: RESOURCES.customerCities.auditEntity,
  texts: {
    title: 'lookups.customerCities.title',
    noun: RESOURCES.customerCities.noun,
    addLabel: 'lookups.customerCities.add',
    searchPlaceholder: 'lookups.customerCities.search',
    emptyText: 'lookups.customerCities.empty',
    nameLabel: 'lookups.customerCities.name',
    dialogTitles: { create: 'lookups.customerCities.dialog.create', edit: 'lookups.customerCities.dialog.edit' },
  },
};

/** The banks cheques are drawn on, with each bank's Arabic name beside its name. */
export const banksScreen: LookupDefinition<'bankName', 'bankNameAr'> = {
  lookup: LOOKUPS.banks,
  resource: banks,
  history: RESOURCES.banks.auditEntity,
  texts: {
    title: 'lookups.banks.title',
    noun: 'lookups.banks.noun',
    addLabel: 'lookups.banks.add',
    searchPlaceholder: 'lookups.banks.search',
    emptyText: 'lookups.banks.empty',
    nameLabel: 'lookups.banks.name',
    alternateNameLabel: 'lookups.banks.nameAr',
    dialogTitles: { create: 'lookups.banks.dialog.create', edit: 'lookups.banks.dialog.edit' },
  },
};

export const ProductTypesPage = createLookupPage(productTypesScreen);
export const CustomerKindsPage = createLookupPage(customerKindsScreen);
export const CustomerNationalitiesPage = createLookupPage(customerNationalitiesScreen);
export const CustomerCitiesPage = createLookupPage(customerCitiesScreen);
export const BanksPage = createLookupPage(banksScreen);
