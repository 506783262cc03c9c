// pnpm bench:api: the API's speed at a realistic size, measured, not asserted. Builds the app on
// a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), fills it with 10,000
// customers, 20,000 invoices and 20,000 payments, then times the calls staff make all day
// through app.inject (handler + database, no network) and writes docs/benchmarks-api.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { customerAccounts, customers, invoiceLines, invoices, payments, products } from '../db/schema';
import { createTestApp } from '../test/harness';

const CUSTOMERS = 10_000;
const INVOICES = 20_000;
const ADVANCES = 20_000;
const WARMUP = 5;
const RUNS = 50;
const OUTPUT = fileURLToPath(new URL('../../../docs/benchmarks-api.md', import.meta.url));

const t = await createTestApp();
const ok = async (method: 'GET' | 'POST', url: string, body?: object) => {
  const response = await t.request(method, url, body);
  if (response.statusCode >= 300) throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  return response.json();
};

console.log(`Filling the ${t.dbKind} database…`);
const filled = performance.now();
const kind = await ok('POST', '/api/customer-kinds', { kindName: 'Individual' });
const nationality = await ok('POST', '/api/customer-nationalities', { nationalityName: 'Kuwaiti' });
const city = await ok('POST', '/api/customer-cities', { cityName: 'Hawalli' });
const type = await ok('POST', '/api/types', { productTypeName: 'Hardware' });
const [product] = await t.db
  .insert(products)
  .values({ productName: 'Router', productPrice: 12_500, productTypeId: type._id })
  .returning({ id: products.id });

const statuses = ['high', 'medium', 'low'] as const;
const customerIds: string[] = [];
for (let start = 0; start < CUSTOMERS; start += 1000) {
  const rows = await t.db
    .insert(customers)
    .values(
      Array.from({ length: 1000 }, (_, k) => ({
        customerName: (start + k) % 10 === 0 ? `Sample Trader ${start + k}` : `Customer ${start + k}`,
        customerAlternateName: (start + k) % 10 === 0 ? `تاجر ${start + k}` : null,
        dateOfCreation: '2026-01-01',
        customerKindId: kind._id,
        customerNationalityId: nationality._id,
        customerCityId: city._id,
        status: statuses[(start + k) % 3],
      })),
    )
    .returning({ id: customers.id });
  customerIds.push(...rows.map((r) => r.id));
}
for (let start = 0; start < INVOICES; start += 1000) {
  const rows = await t.db
    .insert(invoices)
    .values(
      Array.from({ length: 1000 }, (_, k) => ({
        invoiceNumber: `BENCH-${start + k}`,
        customerId: customerIds[(start + k) % CUSTOMERS],
        dateOfCreation: '2026-10-01',
        dueDate: '2026-10-31',
        totalAmount: 25_000,
        status: 'unpaid' as const,
      })),
    )
    .returning({ id: invoices.id });
  await t.db
    .insert(invoiceLines)
    .values(rows.map((r) => ({ parentId: r.id, position: 0, productId: product.id, quantity: 2, unitPrice: 12_500, lineTotal: 25_000 })));
}
for (let start = 0; start < ADVANCES; start += 1000) {
  await t.db.insert(payments).values(
    Array.from({ length: 1000 }, (_, k) => ({
      paymentNumber: `BENCH-PAY-${start + k}`,
      customerId: customerIds[(start + k) % CUSTOMERS],
      paymentType: 'advance' as const,
      paymentMode: 'Cash' as const,
      amount: 5_000,
      paymentDate: '2026-10-02',
    })),
  );
}
// Keep the ledger's invariant: each customer's balance is the sum of its advances.
await t.db.execute(sql`
  insert into ${customerAccounts} (customer_id, advance_balance)
  select customer_id, sum(amount) from ${payments} group by customer_id
  on conflict (customer_id) do update set advance_balance = excluded.advance_balance`);
await t.db.execute(sql`analyze`);
const fillSeconds = ((performance.now() - filled) / 1000).toFixed(1);

const someCustomer = customerIds[4242];
const unpaid = (await ok('GET', `/api/invoices?customer=${someCustomer}&status=unpaid&limit=10`)).data as { _id: string }[];
let payIndex = 0;

const cases: { name: string; run: () => Promise<unknown> }[] = [
  { name: 'customers, page 1 of 1,000', run: () => ok('GET', '/api/customers?page=1&limit=10') },
  { name: 'customers, page 500 (deep offset)', run: () => ok('GET', '/api/customers?page=500&limit=10') },
  { name: 'customers, search "trader" (all four names)', run: () => ok('GET', '/api/customers?search=trader') },
  { name: 'customers, search in Arabic', run: () => ok('GET', `/api/customers?search=${encodeURIComponent('تاجر 99')}`) },
  { name: 'customers, status + kind filters', run: () => ok('GET', `/api/customers?status=high&customerKind=${kind._id}`) },
  { name: 'invoices, page 1 of 2,000', run: () => ok('GET', '/api/invoices?page=1&limit=10') },
  { name: 'invoices, search by number', run: () => ok('GET', '/api/invoices?search=BENCH-1999') },
  { name: 'payments, page 1 of 2,000', run: () => ok('GET', '/api/payments?page=1&limit=10') },
  { name: 'customer balances, page 1 (one query)', run: () => ok('GET', '/api/customer-balances?page=1&limit=10') },
  { name: 'one customer balance', run: () => ok('GET', `/api/payments/customer/${someCustomer}/balance`) },
  { name: 'dashboard summary (all rows)', run: () => ok('GET', '/api/dashboard/summary') },
  {
    name: 'record an invoice payment (1 fils, locks)',
    run: () =>
      ok('POST', '/api/payments/invoice', {
        customer: someCustomer,
        paymentDate: '2026-11-21',
        paymentMode: 'Knet',
        relatedInvoices: [{ invoice: unpaid[payIndex++ % unpaid.length]._id, paidAmount: 1 }],
      }),
  },
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const results: string[] = [];
for (const c of cases) {
  for (let i = 0; i < WARMUP; i++) await c.run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await c.run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const row = `| ${c.name} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${times[times.length - 1].toFixed(1)} |`;
  console.log(row);
  results.push(row);
}
const rssMb = (process.memoryUsage().rss / 1e6).toFixed(0);
await t.close();

const label = t.dbKind === 'pglite' ? 'PGlite (embedded, in memory)' : 'PostgreSQL';
const section = `<!-- ${t.dbKind} -->
## ${label}

${new Date().toISOString().slice(0, 10)}, Node ${process.version}; filled in ${fillSeconds} s; process memory (RSS) at the end: ${rssMb} MB.

| call | median | p95 | max |
| --- | ---: | ---: | ---: |
${results.join('\n')}
<!-- /${t.dbKind} -->`;

const intro = `# API benchmark

Measured by \`pnpm bench:api\` on a 2-core machine: the app on a fresh database holding
${CUSTOMERS.toLocaleString('en')} customers, ${INVOICES.toLocaleString('en')} invoices (one line each) and
${ADVANCES.toLocaleString('en')} advance payments. Each call runs through the real app (\`app.inject\`: routing,
auth, validation, SQL), ${WARMUP} warm-up calls then ${RUNS} timed calls, one at a time; times in milliseconds.
Lists count their rows exactly on every page (pagination.total), which is most of a list's time at
this size; deep pages also pay for OFFSET. Run it on PostgreSQL with
\`TEST_DATABASE_URL=postgres://… pnpm bench:api\`; each database keeps its own section below.
`;
// Replace this database's section, keep the other's.
const previous = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
const sections = [...previous.matchAll(/<!-- (\w+) -->[\s\S]*?<!-- \/\1 -->/g)]
  .filter((m) => m[1] !== t.dbKind)
  .map((m) => m[0]);
writeFileSync(OUTPUT, [intro, ...[...sections, section].sort()].join('\n') + '\n');
console.log(`Written to ${OUTPUT}`);
