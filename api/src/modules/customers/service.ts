import type { Customer, CustomerInput, CustomerListQuery } from '@admin/shared/contract';
import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { AuditedKind } from '../../audit/changes';
import type { Actor } from '../../audit/trail';
import { AuditedWrites } from '../../audit/writes';
import type { Database } from '../../db/connect';
import { customerCities, customerKinds, customerNationalities, customers } from '../../db/schema';
import { notFound } from '../../http/errors';
import { defineList, LIST_BLOCKS, LIST_FIGURES, lowered, picked, searchAcross, type Listing } from '../../lists';
import type { ResourceService } from '../../http/resource-routes';
import { deleteUnlessUsed, usedBy, writeWithReferences, type RequiredRecord } from '../references';
import { onlyRow } from '../../db/rows';

const columns = {
  customer: customers,
  kind: { _id: customerKinds.id, kindName: customerKinds.name },
  nationality: { _id: customerNationalities.id, nationalityName: customerNationalities.name },
  city: { _id: customerCities.id, cityName: customerCities.name },
};
type Row = {
  customer: typeof customers.$inferSelect;
  kind: Customer['customerKind'];
  nationality: Customer['customerNationality'];
  city: Customer['customerCity'];
};

function toCustomer({ customer: c, kind, nationality, city }: Row): Customer {
  return {
    _id: c.id,
    customerName: c.customerName,
    customerAlternateName: c.customerAlternateName,
    customerOldName: c.customerOldName,
    customerNewName: c.customerNewName,
    dateOfCreation: c.dateOfCreation,
    customerKind: kind,
    customerNationality: nationality,
    customerCity: city,
    cityLocated: c.cityLocated,
    status: c.status,
    paymentTermsDays: c.paymentTermsDays,
    preferredLanguage: c.preferredLanguage,
    email: c.email,
    mobile: c.mobile,
    address: c.address,
    idNumber: c.idNumber,
    acceptsEmail: c.acceptsEmail,
    sendReminders: c.sendReminders,
    creditLimit: c.creditLimit,
    maxOverdueDays: c.maxOverdueDays,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** Empty optional names are stored as NULL, so "has an alternate name" means one thing. */
function toRow(input: CustomerInput) {
  return {
    customerName: input.customerName,
    customerAlternateName: input.customerAlternateName || null,
    customerOldName: input.customerOldName || null,
    customerNewName: input.customerNewName || null,
    dateOfCreation: input.dateOfCreation,
    customerKindId: input.customerKind,
    customerNationalityId: input.customerNationality,
    customerCityId: input.customerCity,
    cityLocated: input.cityLocated || null,
    status: input.status,
    paymentTermsDays: input.paymentTermsDays,
    preferredLanguage: input.preferredLanguage,
    email: input.email ?? null,
    mobile: input.mobile || null,
    address: input.address || null,
    idNumber: input.idNumber || null,
    acceptsEmail: input.acceptsEmail,
    sendReminders: input.sendReminders,
    creditLimit: input.creditLimit,
    maxOverdueDays: input.maxOverdueDays,
  };
}

function referencesOf(input: CustomerInput): RequiredRecord[] {
  return [
    { field: 'customerKind', table: customerKinds, id: input.customerKind, message: 'Customer kind not found' },
    {
      field: 'customerNationality',
      table: customerNationalities,
      id: input.customerNationality,
      message: 'Customer nationality not found',
    },
    { field: 'customerCity', table: customerCities, id: input.customerCity, message: 'Customer city not found' },
  ];
}

/**
 * Staff find a customer by any of its four names, in either case: each is kept lowered, with its own
 * trigram index (migration 0016_customer_names_lowered).
 */
export function customerNameSearch(search: string | undefined): SQL | undefined {
  return searchAcross(
    search,
    [
      customers.customerNameLower,
      customers.customerAlternateNameLower,
      customers.customerOldNameLower,
      customers.customerNewNameLower,
    ].map(lowered),
  );
}

/**
 * Rows whose customer's name matches. Written as `= any(array(…))`, not a join or IN, so that the
 * planner can OR it with the trigram indexes of the row's own numbers (one BitmapOr) instead of
 * scanning every row.
 */
export function customerNamed(customerId: Column, pattern: string): SQL {
  return sql`${customerId} = any(array(select ${customers.id} from ${customers} where ${lowered(customers.customerNameLower)(pattern)}))`;
}

export const CUSTOMER_AUDIT: AuditedKind<Customer> = {
  entityType: 'customer',
  label: (customer) => customer.customerName,
};

function selectCustomers(db: Database) {
  return db
    .select(columns)
    .from(customers)
    .innerJoin(customerKinds, eq(customerKinds.id, customers.customerKindId))
    .innerJoin(customerNationalities, eq(customerNationalities.id, customers.customerNationalityId))
    .innerJoin(customerCities, eq(customerCities.id, customers.customerCityId))
    .$dynamic();
}

const CUSTOMER_LIST = defineList({
  id: customers.id,
  select: selectCustomers,
  where: (query: CustomerListQuery) =>
    and(
      customerNameSearch(query.search),
      picked(customers.status, query.status),
      picked(customers.customerKindId, query.customerKind),
      picked(customers.customerNationalityId, query.customerNationality),
      picked(customers.customerCityId, query.customerCity),
    ),
  // Newest first, as created.
  order: {
    columns: {
      customerName: customers.customerName,
      customerKind: customerKinds.name,
      customerNationality: customerNationalities.name,
      customerCity: customerCities.name,
      status: customers.status,
      dateOfCreation: customers.dateOfCreation,
      createdAt: customers.createdAt,
    },
    byDefault: { sort: ['createdAt'], order: 'desc' },
    id: customers.id,
    blocks: LIST_BLOCKS.customers,
  },
  readWithJoins: ['customerKind', 'customerNationality', 'customerCity'],
  figures: () => LIST_FIGURES.customers,
  rows: (found) => found.map(toCustomer),
});

export class CustomerService implements ResourceService<Customer, CustomerInput, CustomerListQuery> {
  private readonly writes: AuditedWrites<Customer>;

  constructor(private readonly db: Database) {
    this.writes = new AuditedWrites(db, customers, CUSTOMER_AUDIT, (id, tx) => this.get(id, tx));
  }

  list(query: CustomerListQuery): Listing<Customer> {
    return CUSTOMER_LIST.read(this.db, query);
  }

  async get(id: string, db: Database = this.db): Promise<Customer> {
    const [row] = await selectCustomers(db).where(eq(customers.id, id));
    if (!row) throw notFound();
    return toCustomer(row);
  }

  create(actor: Actor, input: CustomerInput): Promise<Customer> {
    return this.writes.create(actor, async (tx) => {
      const inserted = await writeWithReferences(tx, referencesOf(input), (sp) =>
        sp.insert(customers).values(toRow(input)).returning({ id: customers.id }),
      );
      return onlyRow(inserted).id;
    });
  }

  update(actor: Actor, id: string, input: CustomerInput): Promise<Customer> {
    return this.writes.update(actor, id, (tx) =>
      writeWithReferences(tx, referencesOf(input), (sp) =>
        sp
          .update(customers)
          .set({ ...toRow(input), updatedAt: sql`now()` })
          .where(eq(customers.id, id)),
      ),
    );
  }

  remove(actor: Actor, id: string): Promise<void> {
    return this.writes.remove(actor, id, (tx) => deleteUnlessUsed(tx, customers, id, usedBy.customers, 'customer'));
  }
}
