import type { CustomerBalanceListQuery, CustomerBalanceRow } from '@admin/shared/contract';
import { and, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { LIST_BLOCKS } from '../../db/list-blocks';
import { customers } from '../../db/schema';
import { LIST_FIGURES, listTotal } from '../../db/figures';
import { listing, sortOf, pageRows, picked, type Listing, type ListOrder } from '../../http/pagination';
import { customerNameSearch } from '../customers/service';
import { balanceFigures, toBalance } from '../ledger/balance-figures';

/** The customers list's order: newest first. */
const BALANCE_ORDER: ListOrder<NonNullable<CustomerBalanceListQuery['sort']>> = {
  columns: { customerName: customers.customerName, status: customers.status, createdAt: customers.createdAt },
  byDefault: { sort: ['createdAt'], order: 'desc' },
  id: customers.id,
  blocks: LIST_BLOCKS.customers,
};

function filterOf(query: CustomerBalanceListQuery): SQL | undefined {
  return and(customerNameSearch(query.search), picked(customers.status, query.status));
}

export class CustomerBalanceService {
  constructor(private readonly db: Database) {}

  /** A page of customers, in the customers list's order, each with its balance figures. */
  list(query: CustomerBalanceListQuery): Listing<CustomerBalanceRow> {
    const where = filterOf(query);
    const sort = sortOf(BALANCE_ORDER, query);
    return listing(
      query,
      () => listTotal(this.db, customers, query, where, LIST_FIGURES.customers),
      async (offset, limit, searchTotal) => {
        // The figures' subqueries run for the page's customers only, whatever the page.
        const select = this.db
          .select({
            id: customers.id,
            customerName: customers.customerName,
            customerAlternateName: customers.customerAlternateName,
            status: customers.status,
            ...balanceFigures,
          })
          .from(customers)
          .$dynamic();
        const rows = await pageRows(this.db, select, {
          id: customers.id,
          where,
          sort,
          offset,
          limit,
          searchTotal,
        });
        return rows.map(({ id, customerName, customerAlternateName, status, ...figures }) => ({
          _id: id,
          customerName,
          customerAlternateName,
          status,
          ...toBalance(figures),
        }));
      },
    );
  }
}
