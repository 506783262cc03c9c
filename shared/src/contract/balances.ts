import * as v from 'valibot';
import { ListQueryEntries, queryFilter } from './common';
import { CUSTOMER_STATUSES, type CustomerStatus } from './customer-statuses';
import { sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';
import type { CustomerBalance } from './payments';

/** GET /customer-balances: page, limit, search (the customer's names) and status. */
export const CustomerBalanceListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: queryFilter(v.picklist(CUSTOMER_STATUSES, 'Invalid status')),
  ...sortEntries(LIST_SORTS.balances),
});
export type CustomerBalanceListQuery = v.InferOutput<typeof CustomerBalanceListQuerySchema>;

/** A row of GET /customer-balances: the customer with its balance figures. */
export interface CustomerBalanceRow extends CustomerBalance {
  _id: string;
  customerName: string;
  customerAlternateName: string | null;
  status: CustomerStatus;
}
