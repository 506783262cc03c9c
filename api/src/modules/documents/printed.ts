import { RESOURCES, type Customer, type DocumentLanguage } from '@admin/shared/contract';
import type { CalendarDay, Day } from '@admin/shared/dates';
import type { Database } from '../../db/connect';
import { customerStatement, statementPeriod } from '../receivables/statement';
import type { SharedDocument } from './links';
import type { DocumentFacts } from './send';

/** What a document's PDF and link calls take: the language, a statement's period. */
export interface DocumentOptions {
  lang?: DocumentLanguage;
  from?: Day;
  to?: Day;
}

/**
 * A document found by its record's id: its print view's address, how it is named, whose it is,
 * and what its mail says of it (read only when it is sent).
 */
export type FoundDocument = Omit<SharedDocument, 'pdf'> & {
  page: string;
  query?: Record<string, string>;
  customerId: string;
  facts: () => Promise<DocumentFacts> | DocumentFacts;
};

/** The print view's address for a document language; none keeps the customer's preferred one. */
export function printPath({ page, query = {} }: FoundDocument, lang: DocumentLanguage | undefined): string {
  const params = new URLSearchParams(query);
  if (lang) params.set('print', lang);
  const search = params.toString();
  return search ? `${page}?${search}` : page;
}

/**
 * A customer's statement for the period asked (either end may be left to the default, the three
 * months up to the business day `today`); its mail names the balance at the period's end.
 */
export function statementDocument(
  db: Database,
  customer: Customer,
  asked: { from?: CalendarDay; to?: CalendarDay },
  today: CalendarDay,
): FoundDocument {
  const period = Object.fromEntries(
    Object.entries(asked).flatMap(([name, day]) => (day ? [[name, day]] : [])),
  ) as Record<string, string>;
  return {
    kind: 'statement',
    recordId: customer._id,
    entityType: 'customer',
    label: customer.customerName,
    filename: `statement-${customer.customerName}${period.to ? `-${period.to}` : ''}.pdf`,
    page: `${RESOURCES.receivables.page}/statement/${customer._id}`,
    query: period,
    customerId: customer._id,
    facts: async () => {
      // The period the page shows: the one asked for, or the default ending on the business day.
      const shown = statementPeriod(today, period);
      const statement = await customerStatement(db, customer._id, shown.from, shown.to);
      return { number: customer.customerName, amount: statement.closingBalance, period: shown };
    },
  };
}
