import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  LOOKUPS,
  RESOURCES,
  type AuditEntityType,
  type LookupName,
  type ResourceDefinition,
} from '@admin/shared/contract';
import type { CrudPermissions } from '../../http/access';
import {
  banks,
  customerCities,
  customerKinds,
  customerNationalities,
  productTypes,
  type LookupTable,
} from '../../db/schema';
import { usedBy, type Reference } from '../references';

/** One lookup master: its contract entry (path, name field, messages), its table, its users. */
export interface LookupDefinition {
  contract: (typeof LOOKUPS)[LookupName];
  /** Its registry entry: the collection's path and the permissions of its routes. */
  resource: ResourceDefinition & { permissions: CrudPermissions };
  table: LookupTable;
  /** A second, optional name: its wire field (the contract's alternateNameField), column and CSV header. */
  alternateName?: { field: string; column: PgColumn; property: 'nameAr'; header: string };
  references: Reference[];
  entityType: AuditEntityType;
  /** How a delete refusal names it: 'Cannot delete: 3 customers use this city'. */
  thing: string;
  /** The name column's header in the CSV export, as the list titles it. */
  nameHeader: string;
}

export const LOOKUP_DEFINITIONS: LookupDefinition[] = [
  {
    contract: LOOKUPS.types,
    resource: RESOURCES.productTypes,
    table: productTypes,
    references: usedBy.productTypes,
    entityType: 'product-type',
    thing: 'product type',
    nameHeader: 'Type Name',
  },
  {
    contract: LOOKUPS.customerKinds,
    resource: RESOURCES.customerKinds,
    table: customerKinds,
    references: usedBy.customerKinds,
    entityType: 'customer-kind',
    thing: 'kind',
    nameHeader: 'Kind Name',
  },
  {
    contract: LOOKUPS.customerNationalities,
    resource: RESOURCES.customerNationalities,
    table: customerNationalities,
    references: usedBy.customerNationalities,
    entityType: 'customer-nationality',
    thing: 'nationality',
    nameHeader: 'Nationality Name',
  },
  {
    contract: LOOKUPS.customerCities,
    resource: RESOURCES.customerCities,
    table: customerCities,
    references: usedBy.customerCities,
    entityType: 'customer-city',
    thing: 'city',
    nameHeader: 'City Name',
  },
  {
    contract: LOOKUPS.banks,
    resource: RESOURCES.banks,
    // The lookups' columns, and the Arabic name, which only this definition reads and writes.
    table: banks as unknown as LookupTable,
    alternateName: {
      field: LOOKUPS.banks.alternateNameField,
      column: banks.nameAr,
      property: 'nameAr',
      header: 'Arabic Name',
    },
    references: usedBy.banks,
    entityType: 'bank',
    thing: 'bank',
    nameHeader: 'Bank Name',
  },
];
