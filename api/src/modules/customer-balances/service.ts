import type { CustomerBalanceListQuery, CustomerBalanceRow } from '@admin/shared/contract';
import { and } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { defineList, LIST_BLOCKS, LIST_FIGURES, picked, type Listing } from '../../lists';
import { customerNameSearch } from '../customers/service';
import { balanceFigures, toBalance } from '../ledger/balance-figures';

/** Customers, in the customers list's order (newest first), each with its balance figures. */
const BALANCE_LIST = defineList({
  id: customers.id,
  // The figures' subqueries run for the page's customers only, whatever the page.
  select: (db: Database) =>
    db
      .select({
        id: customers.id,
        customerName: customers.customerName,
        customerAlternateName: customers.customerAlternateName,
        status: customers.status,
        ...balanceFigures,
      })
      .from(customers)
      .$dynamic(),
  where: (query: CustomerBalanceListQuery) =>
    and(customerNameSearch(query.search), picked(customers.status, query.status)),
  order: {
    columns: { customerName: customers.customerName, status: customers.status, createdAt: customers.createdAt },
    byDefault: { sort: ['createdAt'], order: 'desc' },
    id: customers.id,
    blocks: LIST_BLOCKS.customers,
  },
  figures: () => LIST_FIGURES.customers,
  rows: (found): CustomerBalanceRow[] =>
    found.map(({ id, customerName, customerAlternateName, status, ...figures }) => ({
      _id: id,
      customerName,
      customerAlternateName,
      status,
      ...toBalance(figures),
    })),
});

export class CustomerBalanceService {
  constructor(private readonly db: Database) {}

  /** A page of customers, in the customers list's order, each with its balance figures. */
  list(query: CustomerBalanceListQuery): Listing<CustomerBalanceRow> {
    return BALANCE_LIST.read(this.db, query);
  }
}
