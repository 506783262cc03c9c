// The benchmark's data, written by SQL in bulk (minutes through the API become seconds) with every
// figure the API derives kept as the API keeps it: invoices' paid amounts and statuses from their
// allocations, payments' amounts from theirs, advance balances from advances − used − refunds.
// ledgerCheck() recomputes those from the rows afterwards; a fill that breaks one stops the bench.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { onlyRow, rowsOf } from '../db/rows';

export interface Sizes {
  customers: number;
  invoices: number;
  payments: number;
}

/** Shares of the payments: half advances, four in ten invoice payments, the rest refunds. */
export function paymentMix(sizes: Sizes) {
  const advances = Math.floor(sizes.payments * 0.5);
  const invoicePayments = Math.floor(sizes.payments * 0.4);
  return { advances, invoicePayments, refunds: sizes.payments - advances - invoicePayments };
}

export async function fill(db: Database, sizes: Sizes): Promise<void> {
  const { advances, invoicePayments, refunds } = paymentMix(sizes);
  if (refunds > 10 * Math.min(sizes.customers, advances))
    throw new Error('Too many refunds for the advances: each takes 1 KD of a 10 KD advance');
  const hasDueDate =
    onlyRow(
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from information_schema.columns where table_name = 'invoices' and column_name = 'due_date'`,
        ),
      ),
    ).n > 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into customer_kinds (kind_name) values ('Individual'), ('Company'), ('Government')`);
    await tx.execute(
      sql`insert into customer_nationalities (nationality_name) values ('Kuwaiti'), ('Egyptian'), ('Indian')`,
    );
    await tx.execute(
      sql`insert into customer_cities (city_name) values ('Hawalli'), ('Salmiya'), ('Jahra'), ('Farwaniya'), ('Kuwait City')`,
    );
    await tx.execute(sql`insert into product_types (product_type_name) values ('Hardware')`);
    await tx.execute(
      sql`insert into products (product_name, product_price, product_type_id) select 'Router', 12500, id from product_types`,
    );
    // Customer n was created n seconds after the base time, so "newest first" is a known order.
    await tx.execute(sql`
      insert into customers (customer_name, customer_alternate_name, date_of_creation, customer_kind_id,
        customer_nationality_id, customer_city_id, status, created_at, updated_at)
      select case when g % 10 = 0 then 'Sample Trader ' || g else 'Customer ' || g end,
             case when g % 10 = 0 then 'تاجر ' || g end,
             date '2026-01-01', k.ids[1 + g % 3], n.ids[1 + g % 3], c.ids[1 + g % 5],
             (array['high', 'medium', 'low'])[1 + g % 3],
             timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second',
             timestamptz '2025-01-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, ${sizes.customers}) g,
        (select array_agg(id order by kind_name) ids from customer_kinds) k,
        (select array_agg(id order by nationality_name) ids from customer_nationalities) n,
        (select array_agg(id order by city_name) ids from customer_cities) c`);
    await tx.execute(sql`create temp table bench_customer on commit drop as
      select id, row_number() over (order by created_at) as n from customers`);
    await tx.execute(sql`create index on bench_customer (n)`);
    // Invoice g belongs to customer 1 + (g - 1) % customers; one in twenty is a draft, one cancelled,
    // one sent, one overdue, the rest unpaid (some are paid below). Dates spread over a year.
    await tx.execute(sql`
      insert into invoices (invoice_number, customer_id, credit, date_of_creation, ${sql.raw(hasDueDate ? 'due_date,' : '')}
        total_amount, status, created_at, updated_at)
      select 'INV-' || lpad(g::text, 6, '0'), bc.id, true, date '2026-11-20' - (g % 365),
        ${sql.raw(hasDueDate ? `date '2026-11-20' - (g % 365) + 30,` : '')}
        25000,
        case g % 20 when 0 then 'draft' when 1 then 'cancelled' when 2 then 'sent' when 3 then 'overdue' else 'unpaid' end,
        timestamptz '2025-06-01 00:00:00+00' + g * interval '1 second',
        timestamptz '2025-06-01 00:00:00+00' + g * interval '1 second'
      from generate_series(1, ${sizes.invoices}) g join bench_customer bc on bc.n = 1 + (g - 1) % ${sizes.customers}`);
    await tx.execute(sql`select setval('invoice_number_seq', ${Math.max(1, sizes.invoices)})`);
    await tx.execute(sql`
      insert into invoice_lines (invoice_id, position, product_id, quantity, unit_price, line_total)
      select i.id, 0, p.id, 2, 12500, 25000 from invoices i, (select id from products limit 1) p`);
    // Payment rows in creation order: advances, invoice payments (each settles one payable invoice in
    // full) and refunds interleaved; numbers follow that order.
    await tx.execute(sql`create temp table bench_payable on commit drop as
      select id, customer_id, row_number() over (order by created_at) as n from invoices
      where status in ('sent', 'unpaid', 'overdue') order by created_at limit ${invoicePayments}`);
    await tx.execute(sql`create index on bench_payable (n)`);
    await tx.execute(sql`
      insert into payments (payment_number, customer_id, payment_type, payment_mode, amount, advance_used,
        payment_date, created_at, updated_at)
      select 'PAY-' || lpad((row_number() over (order by at))::text, 6, '0'), customer_id, type, mode, amount, 0, day, at, at
      from (
        select bc.id as customer_id, 'advance' as type, (array['Cash', 'Knet', 'Check'])[1 + g % 3] as mode, 10000 as amount,
          date '2026-11-20' - (g % 365) as day, timestamptz '2025-09-01 00:00:00+00' + (3 * g) * interval '1 second' as at
        from generate_series(1, ${advances}) g join bench_customer bc on bc.n = 1 + (g - 1) % ${sizes.customers}
        union all
        select bp.customer_id, 'invoice_payment', (array['Cash', 'Knet', 'Check'])[1 + g % 3], 25000,
          date '2026-11-20' - (g % 365), timestamptz '2025-09-01 00:00:00+00' + (3 * g + 1) * interval '1 second'
        from generate_series(1, ${invoicePayments}) g join bench_payable bp on bp.n = g
        union all
        select bc.id, 'refund', 'Cash', -1000,
          date '2026-11-20' - (g % 365), timestamptz '2025-09-01 00:00:00+00' + (3 * g + 2) * interval '1 second'
        from generate_series(1, ${refunds}) g join bench_customer bc on bc.n = 1 + (g - 1) % ${Math.max(1, Math.min(sizes.customers, advances))}
      ) p`);
    await tx.execute(sql`select setval('payment_number_seq', ${Math.max(1, sizes.payments)})`);
    // The n-th invoice payment (by creation time) settles the n-th payable invoice.
    await tx.execute(sql`
      insert into payment_allocations (payment_id, invoice_id, amount)
      select p.id, bp.id, p.amount
      from (select id, amount, row_number() over (order by created_at) as n from payments where payment_type = 'invoice_payment') p
      join bench_payable bp on bp.n = p.n`);
    await tx.execute(sql`
      update invoices i set paid_amount = a.total, status = case when a.total = i.total_amount then 'paid' else i.status end
      from (select invoice_id, sum(amount) as total from payment_allocations group by invoice_id) a
      where a.invoice_id = i.id`);
    await tx.execute(sql`
      insert into customer_accounts (customer_id, advance_balance)
      select customer_id, sum(case when payment_type = 'invoice_payment' then -advance_used else amount end)
      from payments group by customer_id`);
  });
}

/**
 * The ledger's invariants recomputed from the rows, in grouped queries that stay fast at
 * hundreds of thousands of rows; returns a description of each kind that fails (empty when all hold).
 */
export async function ledgerCheck(db: Database): Promise<string[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'invoices whose paid amount differs from their allocations',
      sql`select count(*)::int as n from invoices i
        left join (select invoice_id, sum(amount) as s from payment_allocations group by invoice_id) a on a.invoice_id = i.id
        where i.paid_amount <> coalesce(a.s, 0)`,
    ],
    [
      'invoices whose status disagrees with their paid amount',
      sql`select count(*)::int as n from invoices
        where status not in ('draft', 'cancelled') and total_amount > 0 and (status = 'paid') <> (paid_amount = total_amount)`,
    ],
    [
      'invoice payments whose amount differs from their allocations',
      sql`select count(*)::int as n from payments p
        left join (select payment_id, sum(amount) as s from payment_allocations group by payment_id) a on a.payment_id = p.id
        where p.payment_type = 'invoice_payment' and p.amount <> coalesce(a.s, 0)`,
    ],
    [
      'customers whose advance balance differs from advances − used − refunds',
      sql`select count(*)::int as n from customers c
        left join customer_accounts ca on ca.customer_id = c.id
        left join (select customer_id, sum(case when payment_type = 'invoice_payment' then -advance_used else amount end) as s
                   from payments group by customer_id) p on p.customer_id = c.id
        where coalesce(ca.advance_balance, 0) <> coalesce(p.s, 0)`,
    ],
  ];
  const problems: string[] = [];
  for (const [label, query] of checks) {
    const { n } = onlyRow(rowsOf<{ n: number }>(await db.execute(query)), label);
    if (n > 0) problems.push(`${n} ${label}`);
  }
  return problems;
}
