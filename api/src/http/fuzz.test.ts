import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from '@rstest/core';
import { BODY_FIELDS, QUERY_FIELDS, setUpDemoApp, setUpSession } from '../test';
import { onlyRow, rowsOf } from '../db/rows';

/**
 * Every /api route, taken from the route table (a new route is covered by itself), answers
 * generated bodies, queries and ids (also raw, unencoded path segments: broken %-escapes,
 * over-long names) without a 5xx, every refusal as `{ message, requestId }`, and a request it
 * rejects changes nothing.
 */

// CI runs the file once on each database, each run with its own random inputs: 200 a route in all.
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE || 100);
// Signing out would end the session the other requests use; sign-in is fuzzed like the rest.
const SKIPPED = new Set(['POST /api/auth/logout']);
// Rejected sign-ins are recorded (throttling, audit) by design.
const RECORDS_REJECTIONS = new Set(['POST /api/auth/login']);

const FIELDS = [
  ...BODY_FIELDS,
  'invoice',
  'paidAmount',
  'paymentType',
  'product',
  'products',
  'quantity',
  'relatedInvoices',
  'typeName',
  'unitPrice',
  'invoiceDate',
  'schedulePeriod',
];

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(
    '',
    ' ',
    '2026-02-30',
    '2026-13-01',
    '2026-01-01 ',
    '2026-01-01T25:00:00Z',
    '2026-01-01T10:00:00+05:00',
    'abc',
    '1e3',
    '0x10',
    ' 5',
    '-1',
    'NaN',
    'Infinity',
    '\u202Eevil',
    'a\u200Bb',
    'Cafe\u0301',
    '%E0%A4%A',
  ),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.uuid(),
);
const scalar = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, 1, -1, 0.0001, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER),
  fc.boolean(),
  fc.constant(null),
);
const value = fc.oneof(
  { weight: 4, arbitrary: scalar },
  {
    weight: 1,
    arbitrary: fc.array(fc.dictionary(fc.constantFrom(...FIELDS), scalar, { maxKeys: 4 }), { maxLength: 3 }),
  },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
);
const body = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 10 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);
const query = fc.dictionary(fc.constantFrom(...QUERY_FIELDS), text, { maxKeys: 5 });
const id = fc.oneof(fc.uuid(), fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }));
/** A path segment as sent on the wire, not encoded by us: broken %-escapes, over-long names. */
const rawSegment = fc.oneof(
  fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%00', '..', '%2e%2e', '%2F'),
  fc.integer({ min: 101, max: 5000 }).map((length) => 'a'.repeat(length)),
  fc.string({ unit: fc.constantFrom('a', '%', 'E', '0', '/', '.'), minLength: 1, maxLength: 30 }),
);

const t = setUpDemoApp();
const headers = setUpSession(t);

const FINGERPRINTED = [
  'customers',
  'products',
  'product_types',
  'customer_kinds',
  'customer_nationalities',
  'customer_cities',
  'invoices',
  'invoice_lines',
  'scheduled_invoices',
  'scheduled_invoice_lines',
  'payments',
  'payment_allocations',
  'customer_accounts',
  'users',
];

/** Every business row's content in one value: any insert, update or delete changes it. */
async function fingerprint(): Promise<string> {
  const parts = FINGERPRINTED.map((table) =>
    sql.raw(`(select count(*) || ':' || coalesce(sum(hashtext(t::text)), 0) from ${table} t)`),
  );
  const result = await t.db.execute(sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as print`);
  return onlyRow(rowsOf<{ print: string }>(result)).print;
}

describe('any input to any route', () => {
  it(`gets no 5xx, and a rejected request changes nothing (${RUNS_PER_ROUTE} requests a route)`, async () => {
    const failures: string[] = [];
    const routes = t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && !SKIPPED.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const before = await fingerprint();
      let accepted = 0;
      await fc.assert(
        fc.asyncProperty(id, rawSegment, fc.boolean(), query, body, async (anId, aSegment, raw, aQuery, aBody) => {
          const url = route.url.replace(
            /:id\b/g,
            raw && route.url.includes(':id') ? aSegment : encodeURIComponent(anId),
          );
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            query: aQuery,
            headers,
            ...(['POST', 'PUT'].includes(route.method) ? { payload: aBody as object } : {}),
          });
          if (response.statusCode < 300) accepted += 1;
          if (response.statusCode >= 500)
            failures.push(
              `${name} ${url} ${JSON.stringify(aQuery)} ${JSON.stringify(aBody)} -> ${response.statusCode}`,
            );
          // Every refusal in our shape, with the id of the request that got it.
          if (response.statusCode >= 400 && route.method !== 'HEAD') {
            const answer = response.json() as { message?: unknown; requestId?: unknown };
            if (typeof answer.message !== 'string' || answer.requestId !== response.headers['x-request-id']) {
              failures.push(`${name} ${url} -> ${response.statusCode} ${response.body.slice(0, 200)}`);
            }
          }
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
      if (route.method !== 'GET' && !accepted && !RECORDS_REJECTIONS.has(name)) {
        expect({ route: name, changed: (await fingerprint()) !== before }).toEqual({ route: name, changed: false });
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  }, 600_000);
});
