import * as v from 'valibot';
import { ListQueryEntries, queryFilter } from './common';
import { CUSTOMER_STATUSES } from './customer-statuses';
import { sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';
import { CustomerBalanceSchema } from './payments';

/** GET /customer-balances: page, limit, search (the customer's names) and status. */
export const CustomerBalanceListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: queryFilter(v.picklist(CUSTOMER_STATUSES, 'Invalid status')),
  ...sortEntries(LIST_SORTS.balances),
});
export type CustomerBalanceListQuery = v.InferOutput<typeof CustomerBalanceListQuerySchema>;

/** A row of GET /customer-balances: the customer with its balance figures. */
export const CustomerBalanceRowSchema = v.strictObject({
  _id: v.string(),
  customerName: v.string(),
  customerAlternateName: v.nullable(v.string()),
  status: v.picklist(CUSTOMER_STATUSES),
  ...CustomerBalanceSchema.entries,
});
export type CustomerBalanceRow = v.InferOutput<typeof CustomerBalanceRowSchema>;
