import { describe, expect, it } from '@rstest/core';
import { fils } from '@admin/shared/money';
import type { SQL } from 'drizzle-orm';
import { invoices, nextInvoiceNumber } from '../db/schema';
import { setUpApp, setUpLedger } from '../test';

// A search reads the numbers the API gave out (INV-000042, PAY-000042) by their form
// (conditions.ts, IssuedNumber) instead of matching each one. Whatever the term, it must find
// exactly the rows where a searched field contains it, letter case aside, as ILIKE does (a term
// with other than ASCII letters, digits and "-" is matched by ILIKE itself).

const t = setUpApp();
const f = setUpLedger(t);

const TERMS = [
  ...['INV', 'inv', 'I', 'nv-', '-', 'INV-', 'INV-00000', 'inv-000001', 'V-0000', 'NV-00000', 'INV-0000011'],
  ...['PAY', 'pay-00000', 'Y-0', 'A', 'PAY-000012', 'PAY-0000121', 'y-000003'],
  ...['0000', '1', '12', 'INV-000001x', 'X', '2026', '2026/00', 'MY-INV', 'REF-INV', 'Beta', 'trader', '%'],
];

/** An invoice of 1 KD with these numbers, written as the sales module writes one. */
const invoiceWith = (
  customerId: string,
  numbers: { invoiceNumber: string | SQL; manualInvoiceNumber: string | null; referenceNumber?: string | null },
) =>
  t.db
    .insert(invoices)
    .values({
      ...numbers,
      customerId,
      totalAmount: fils(1_000),
      status: 'unpaid',
      dateOfCreation: f.day,
      dueDate: f.day,
      credit: true,
    })
    .returning();

const holds = (term: string, fields: (string | null | undefined)[]) =>
  fields.some((field) => field?.toLowerCase().includes(term.toLowerCase()));

describe('searching by an issued number', () => {
  it('finds exactly the invoices and payments a field of which holds the term', async () => {
    const alpha = await f.customer('Alpha Trader');
    const beta = await f.customer('Beta INV Holdings');
    const rows: { number: string; manual: string | null; reference: string | null; customer: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const customer = i % 3 ? alpha : beta;
      const reference = i === 4 ? 'REF-INV-9' : null;
      const manual = [null, '2026/0042', 'inv-000001', 'MY-INV-0001', 'PAY-000001'][i % 5 === 0 ? 0 : i % 5] ?? null;
      const useManual = i % 4 === 1 ? manual : null;
      const [row] = await invoiceWith(customer._id, {
        invoiceNumber: useManual ?? nextInvoiceNumber(),
        manualInvoiceNumber: useManual,
        referenceNumber: reference,
      });
      rows.push({ number: row!.invoiceNumber, manual: useManual, reference, customer: customer.customerName });
    }
    const paid: { number: string; reference: string | null; customer: string }[] = [];
    for (let i = 0; i < 12; i++) {
      const customer = i % 2 ? alpha : beta;
      const reference = i === 7 ? 'INV-000003' : null;
      const payment = await f.advance(customer._id, 1_000, reference ? { referenceNumber: reference } : {});
      paid.push({ number: payment.paymentNumber, reference, customer: customer.customerName });
    }
    expect(rows.some((row) => row.manual)).toBe(true);

    for (const term of TERMS) {
      const search = encodeURIComponent(term);
      const invoiceList = await t.request('GET', `/api/invoices?search=${search}&limit=100`);
      expect(invoiceList.statusCode, invoiceList.body).toBe(200);
      const expectedInvoices = rows
        .filter((row) => holds(term, [row.number, row.manual, row.reference, row.customer]))
        .map((row) => row.number);
      const foundInvoices = invoiceList.json().data.map((invoice: { invoiceNumber: string }) => invoice.invoiceNumber);
      expect({ term, found: foundInvoices.sort() }).toEqual({ term, found: expectedInvoices.sort() });
      expect({ term, total: invoiceList.json().pagination.total }).toEqual({ term, total: expectedInvoices.length });
      // Every invoice here is unpaid: with another filter the search counts none, whatever it matches.
      const paidOnly = await t.request('GET', `/api/invoices?search=${search}&status=paid&limit=100`);
      expect({ term, total: paidOnly.json().pagination.total }).toEqual({ term, total: 0 });

      const paymentList = await t.request('GET', `/api/payments?search=${search}&limit=100`);
      expect(paymentList.statusCode, paymentList.body).toBe(200);
      const expectedPayments = paid
        .filter((row) => holds(term, [row.number, row.reference, row.customer]))
        .map((row) => row.number);
      const foundPayments = paymentList.json().data.map((payment: { paymentNumber: string }) => payment.paymentNumber);
      expect({ term, found: foundPayments.sort() }).toEqual({ term, found: expectedPayments.sort() });
      expect({ term, total: paymentList.json().pagination.total }).toEqual({ term, total: expectedPayments.length });
    }
  });

  it('refuses a number that is not of the form the search relies on', async () => {
    const customer = await f.customer();
    const invoice = (invoiceNumber: string, manualInvoiceNumber: string | null) =>
      invoiceWith(customer._id, { invoiceNumber, manualInvoiceNumber });
    await expect(invoice('INV-12a', null)).rejects.toThrow();
    await expect(invoice('2026/7', '2026/8')).rejects.toThrow();
    await invoice('2026/7', '2026/7');
  });
});
