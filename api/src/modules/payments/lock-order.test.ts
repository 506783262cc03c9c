import type { Product } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { count, eq } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { onlyRow } from '../../db/rows';
import { createProduct, ledgerViolations, runPool, setUpApp, setUpLedger } from '../../test';

/**
 * Cash invoices and invoice payments of one customer at once, through two instances. Each takes
 * the customer's account, invoices and figures; taken in different orders they deadlocked on
 * PostgreSQL and answered 500. PGlite runs them one after another, which must give the same
 * answers.
 */
const t = setUpApp();
const f = setUpLedger(t);

const CLIENTS = 16;
const EACH = 6;

let product: Product;
beforeAll(async () => {
  product = await createProduct(t, { productName: 'Cable', productPrice: 1_000 });
});

const cashInvoice = (customer: string, totalAmount: number) => ({
  customer,
  dateOfCreation: f.day,
  credit: false,
  products: [{ product: product._id, quantity: 1, unitPrice: totalAmount }],
  totalAmount,
});

describe('one lock order for every money write', () => {
  it(`${CLIENTS} clients × ${EACH} Cash invoices and invoice payments on one customer: no 5xx, the ledger and the trail hold`, async () => {
    const other = await t.anotherInstance();
    const headers = await t.login();
    const customer = (await f.customer())._id;
    const owed: string[] = [];
    for (let i = 0; i < 4; i++) owed.push((await f.invoice(customer, 1_000_000)).id);

    const responses = await runPool(CLIENTS * EACH, CLIENTS, (i) => {
      const client = i % CLIENTS;
      const [first, second] = [owed[i % owed.length]!, owed[(i + 1) % owed.length]!];
      return (client % 4 < 2 ? t.app : other).inject({
        method: 'POST',
        url: client % 2 ? '/api/invoices' : '/api/payments/invoice',
        headers: { ...headers, 'idempotency-key': `mixed-${i}` },
        // Two invoices per payment, named in either order: the ledger locks them by id whatever the order.
        payload:
          client % 2
            ? cashInvoice(customer, 1_000 + i)
            : f.payBody(customer, [
                [first, 100],
                [second, 100],
              ]),
      });
    });

    expect(responses.filter((r) => r.statusCode !== 201).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    const invoicePayments = (CLIENTS / 2) * EACH;
    const cashSettlements = (CLIENTS / 2) * EACH;
    const { n } = onlyRow(await t.db.select({ n: count() }).from(payments).where(eq(payments.customerId, customer)));
    expect(n).toBe(invoicePayments + cashSettlements);
    expect(await ledgerViolations(t.db)).toEqual([]);
    expect((await f.balance(customer)).totalDue).toBe(4 * 1_000_000 - invoicePayments * 200);
    const verify = await t.request('GET', '/api/audit-log/verify');
    expect(verify.json().data.ok).toBe(true);
  });
});
