import { LANGUAGES } from '@admin/shared/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, day, id, listSql, money, trigramIndex, updatedAt } from './columns';

/**
 * A name-only master (product types, customer kinds, nationalities, cities): one shape for all
 * four, names unique regardless of case. Lists read newest first through (created_at, id),
 * scanned backwards.
 */
function lookupTable(tableName: string, nameColumn: string) {
  return pgTable(
    tableName,
    { id: id(), name: text(nameColumn).notNull(), createdAt: createdAt(), updatedAt: updatedAt() },
    (t) => [
      uniqueIndex(`${tableName}_name_key`).on(sql`lower(${t.name})`),
      index(`${tableName}_created_idx`).on(t.createdAt, t.id),
    ],
  );
}

export const productTypes = lookupTable('product_types', 'product_type_name');
export const customerKinds = lookupTable('customer_kinds', 'kind_name');
export const customerNationalities = lookupTable('customer_nationalities', 'nationality_name');
export const customerCities = lookupTable('customer_cities', 'city_name');
export type LookupTable = typeof productTypes;

/** The banks cheques are drawn on: a lookup that also carries the bank's Arabic name. */
export const banks = pgTable(
  'banks',
  {
    id: id(),
    name: text('bank_name').notNull(),
    nameAr: text('bank_name_ar'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('banks_name_key').on(sql`lower(${t.name})`), index('banks_created_idx').on(t.createdAt, t.id)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    productName: text('product_name').notNull(),
    productPrice: money('product_price').notNull(),
    productTypeId: uuid('product_type_id')
      .notNull()
      .references(() => productTypes.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_product_type_idx').on(t.productTypeId),
    trigramIndex('products_name_trgm_idx', t.productName),
    check('products_price_not_negative', sql`${t.productPrice} >= 0`),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: id(),
    customerName: text('customer_name').notNull(),
    customerAlternateName: text('customer_alternate_name'),
    customerOldName: text('customer_old_name'),
    customerNewName: text('customer_new_name'),
    // Each name lowered, kept by the database, for the search (migration 0016_customer_names_lowered).
    customerNameLower: text('customer_name_lower').generatedAlwaysAs(sql`lower(customer_name)`),
    customerAlternateNameLower: text('customer_alternate_name_lower').generatedAlwaysAs(
      sql`lower(customer_alternate_name)`,
    ),
    customerOldNameLower: text('customer_old_name_lower').generatedAlwaysAs(sql`lower(customer_old_name)`),
    customerNewNameLower: text('customer_new_name_lower').generatedAlwaysAs(sql`lower(customer_new_name)`),
    dateOfCreation: day('date_of_creation').notNull(),
    customerKindId: uuid('customer_kind_id')
      .notNull()
      .references(() => customerKinds.id),
    customerNationalityId: uuid('customer_nationality_id')
      .notNull()
      .references(() => customerNationalities.id),
    customerCityId: uuid('customer_city_id')
      .notNull()
      .references(() => customerCities.id),
    cityLocated: text('city_located'),
    status: text('status', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    /** Days after a Credit invoice's date until it is due, unless staff pick another due date. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** The language the customer's invoices and statements are printed in by default. */
    preferredLanguage: text('preferred_language', { enum: LANGUAGES }).notNull().default('en'),
    // Contacts (migration 0024_customer_contacts): e-mails as 'a@x.com, b@y.com'.
    email: text('email'),
    mobile: text('mobile'),
    address: text('address'),
    idNumber: text('id_number'),
    acceptsEmail: boolean('accepts_email').notNull().default(true),
    /** Off: the reminders job passes the customer's invoices over (migration 0028_reminders). */
    sendReminders: boolean('send_reminders').notNull().default(true),
    // Credit control (migration 0029_credit_limits): null is no limit, no overdue rule.
    creditLimit: money('credit_limit'),
    maxOverdueDays: integer('max_overdue_days'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('customers_created_idx').on(t.createdAt, t.id),
    // The list's sorts, each ending on the id (migration 0004_list_orders).
    index('customers_name_idx').on(t.customerName, t.id),
    index('customers_status_idx').on(t.status, t.id),
    index('customers_date_idx').on(t.dateOfCreation, t.id),
    // A filter by kind, nationality or city, with or without a status, counts from the index alone;
    // statistics on each pair keep a pair no customer has from being planned as thousands of rows
    // (migration 0010_customer_filter_statistics).
    index('customers_kind_idx').on(t.customerKindId, t.status),
    index('customers_nationality_idx').on(t.customerNationalityId, t.status),
    index('customers_city_idx').on(t.customerCityId, t.status),
    // Search matches any of the four names anywhere in the text, in either case, Arabic included.
    trigramIndex('customers_name_lower_trgm_idx', t.customerNameLower),
    trigramIndex('customers_alternate_name_lower_trgm_idx', t.customerAlternateNameLower),
    trigramIndex('customers_old_name_lower_trgm_idx', t.customerOldNameLower),
    trigramIndex('customers_new_name_lower_trgm_idx', t.customerNewNameLower),
    check('customers_status_check', sql`${t.status} in ('high', 'medium', 'low')`),
    check('customers_payment_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
    check('customers_preferred_language_check', sql`${t.preferredLanguage} in ${listSql(LANGUAGES)}`),
    check('customers_email_length_check', sql`char_length(${t.email}) <= 320`),
    check('customers_address_length_check', sql`char_length(${t.address}) <= 500`),
    check('customers_credit_limit_check', sql`${t.creditLimit} >= 0`),
    check('customers_max_overdue_days_check', sql`${t.maxOverdueDays} between 0 and 3650`),
  ],
);
