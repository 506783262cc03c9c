import type { Customer } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import { parse } from 'csv-parse/sync';
import { create, createCustomer, createProduct, customerLookups, setUpApp, setUpLedger, setUpSession } from '../test';

/**
 * Text anyone who creates records can type, opened in a spreadsheet, must stay text: every export
 * neutralises a cell that would start a formula (OWASP's leading apostrophe), and leaves numbers,
 * negative ones included, as numbers.
 */
const t = setUpApp();
const f = setUpLedger(t);
const auth = setUpSession(t);

const FORMULA = '=HYPERLINK("http://x","y")';
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

let customer: Customer;
beforeAll(async () => {
  customer = await createCustomer(t, await customerLookups(t, ' csv'), { customerName: FORMULA });
  const product = await createProduct(t, { productName: '@SUM(A1:A9)', productPrice: 30_000 });
  const lines = [{ product: product._id, quantity: 1, unitPrice: 30_000 }];
  await create(t, '/api/invoices', {
    customer: customer._id,
    dateOfCreation: f.day,
    credit: true,
    manualInvoiceNumber: '-2+3',
    referenceNumber: '+965 1234',
    products: lines,
    totalAmount: 30_000,
  });
  await f.advance(customer._id, 20_000, { referenceNumber: '@cmd' });
  await f.refund(customer._id, 5_000);
  await create(t, '/api/scheduled-invoices', {
    scheduleName: '=1+1',
    customer: customer._id,
    dateOfCreation: f.day,
    startDate: f.day,
    recurringPeriod: 1,
    products: lines,
    totalAmount: 30_000,
  });
});

const EXPORTS = () => [
  '/api/customers',
  '/api/invoices',
  '/api/payments',
  '/api/scheduled-invoices',
  '/api/products',
  '/api/customer-balances',
  '/api/receivables/aging',
  `/api/customers/${customer._id}/statement?from=2026-11-01&to=2026-11-30`,
  `/api/collections?from=${f.day}&to=${f.day}`,
  '/api/audit-log',
];

async function exported(url: string): Promise<Record<string, string>[]> {
  const response = await t.app.inject({ method: 'GET', url, headers: { ...auth, accept: 'text/csv' } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return parse(response.rawPayload, { bom: true, columns: true });
}

describe('CSV exports opened in a spreadsheet', () => {
  it('carry no cell that starts a formula, in any export', async () => {
    for (const url of EXPORTS()) {
      const rows = await exported(url);
      const cells = rows.flatMap((row) => Object.values(row));
      const live = cells.filter((cell) => FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell));
      expect(live, url).toEqual([]);
      // The customer's name is in every export that names customers; the statement is of one.
      if (!/products|statement/.test(url)) expect(cells, url).toContain(`'${FORMULA}`);
    }
  });

  it('neutralise text that looks like a formula however it starts, and keep numbers as numbers', async () => {
    const payments = await exported('/api/payments');
    expect(payments.map((row) => [row.Amount, row.Reference])).toEqual(
      expect.arrayContaining([
        ['-5.000', ''],
        ['20.000', "'@cmd"],
      ]),
    );
    const [invoice] = await exported(`/api/invoices?customer=${customer._id}`);
    expect(invoice).toMatchObject({ 'Manual #': "'-2+3", 'Reference #': "'+965 1234", Amount: '30.000' });
    const [balance] = await exported('/api/customer-balances');
    expect(balance).toMatchObject({ 'Net Balance': '-15.000' });
    const statement = await exported(`/api/customers/${customer._id}/statement?from=2026-11-01&to=2026-11-30`);
    expect(statement.map((line) => [line.Number, line['Balance (KD)']])).toEqual([
      ['', '0.000'],
      ["'-2+3", '30.000'],
      [expect.stringMatching(/^PAY-/), '10.000'],
      [expect.stringMatching(/^PAY-/), '15.000'],
      ['', '15.000'],
    ]);
    const [schedule] = await exported('/api/scheduled-invoices');
    expect(Object.values(schedule!)).toContain("'=1+1");
    const [product] = await exported('/api/products');
    expect(Object.values(product!)).toContain("'@SUM(A1:A9)");
  });
});
