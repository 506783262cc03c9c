import { AGING_SORTS, LIST_SORTS, PERMISSIONS, permissionDenied } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { AuthService } from '../modules/auth/service';
import {
  create,
  createProduct,
  customerLookups,
  createCustomer,
  TEST_USER,
  setUpApp,
  setUpLedger,
  setUpSession,
  BODY_FIELDS,
  QUERY_FIELDS,
} from '../test';
import { localizedError } from './answer-language';
import { LONE_SURROGATE_MESSAGE, NUL_CHARACTER } from './validate';
import { EXPORTS_BUSY, FASTIFY_MESSAGES, PG_ANSWERS, REPORT_TOO_SLOW, WRITE_CONTENDED } from './errors';

/**
 * The API answers in the language of Accept-Language. Every refusal the API can give is provoked
 * here in Arabic, route by route from the route table (a new route is covered by itself), and no
 * message may keep an English word: only quoted user input, field names and codes stay Latin.
 */

const AR = { 'accept-language': 'ar' };
const ANY_ID = '00000000-0000-4000-8000-000000000000';
// Identifiers an answer may name as they are: sortable columns and the formats the API speaks.
const CODES = new Set<string>([...Object.values(LIST_SORTS).flat(), ...AGING_SORTS, 'JSON', 'PNG', 'SVG']);

/** The Latin words of a message once quoted parts, record numbers and codes are set aside. */
function latinWords(message: string): string[] {
  const unquoted = message.replace(/"[^"]*"/g, '').replace(/\b[A-Z]{2,}-\d+\b/g, '');
  return (unquoted.match(/[A-Za-z][A-Za-z0-9_]*/g) ?? []).filter(
    (word) => !CODES.has(word) && /[A-Za-z]{3,}/.test(word),
  );
}

const answers: { label: string; response: LightMyRequestResponse }[] = [];

async function send(
  label: string,
  options: {
    method: string;
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
    query?: Record<string, string>;
  },
): Promise<LightMyRequestResponse> {
  const response = await t.app.inject({
    method: options.method as 'GET',
    url: options.url,
    query: options.query,
    headers: { ...admin, ...AR, ...options.headers },
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
  answers.push({ label, response });
  return response;
}

const t = setUpApp({ loginFailuresPerAccountIp: 3 });
const admin = setUpSession(t);
const viewer = setUpSession(t, 'viewer');
const f = setUpLedger(t);

const WRONG_VALUES: unknown[] = [
  12345,
  'text',
  null,
  true,
  -5,
  1.5,
  'x'.repeat(2100),
  [],
  {},
  '',
  '\u202Eevil',
  '2026-02-30',
];
const FIELDS = [
  ...BODY_FIELDS,
  'dueDate',
  'paymentTermsDays',
  'scheduleName',
  'language',
  'area',
  'version',
  'kind',
  'message',
  'period',
  'preferredLanguage',
];
const LIST_QUERY_FIELDS = [...QUERY_FIELDS, 'sort', 'order', 'asOf', 'kind', 'city'];

function badBodies(): unknown[] {
  const bodies: unknown[] = [{}, [], { unexpected: 1 }, { language: 'fr' }];
  for (const value of WRONG_VALUES) {
    bodies.push(Object.fromEntries(FIELDS.map((field) => [field, value])));
    bodies.push({
      products: [{ product: value, quantity: value, unitPrice: value }],
      relatedInvoices: [{ invoice: value, paidAmount: value }],
    });
  }
  bodies.push({
    products: [{ product: ANY_ID, quantity: 0, unitPrice: '1,5' }],
    relatedInvoices: [{ invoice: ANY_ID, paidAmount: '1.2345' }],
  });
  bodies.push({ products: [], relatedInvoices: [], amount: '99999999999', productPrice: -1, totalAmount: 'abc' });
  return bodies;
}

function badQueries(): Record<string, string>[] {
  return [
    { page: '0', limit: '5000' },
    { page: 'abc', limit: '1.5' },
    { page: '99999999', limit: '0' },
    { search: 'x'.repeat(300), from: '2026-02-30', to: 'soon' },
    { unexpected: '1' },
    Object.fromEntries(LIST_QUERY_FIELDS.map((field) => [field, 'bogus'])),
  ];
}

describe('every refusal in Arabic', () => {
  it('has no English word left in any message or field message', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.method !== 'HEAD' && r.url !== '/api/auth/logout');
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const url = route.url.replace(/:id\b/g, ANY_ID);
      if (route.method === 'GET') {
        for (const query of badQueries()) await send(`${name} ${JSON.stringify(query)}`, { method: 'GET', url, query });
      } else if (route.method !== 'DELETE') {
        for (const payload of badBodies()) await send(`${name} body`, { method: route.method, url, payload });
        await send(`${name} not JSON`, {
          method: route.method,
          url,
          payload: '{',
          headers: { 'content-type': 'application/json' },
        });
        await send(`${name} xml`, {
          method: route.method,
          url,
          payload: '<a/>',
          headers: { 'content-type': 'application/xml' },
        });
        await send(`${name} too large`, { method: route.method, url, payload: { notes: 'x'.repeat(70_000) } });
      }
      if (route.url.includes(':id')) {
        await send(`${name} unknown id`, {
          method: route.method,
          url,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        await send(`${name} malformed id`, { method: route.method, url: route.url.replace(/:id\b/g, 'not-an-id') });
      }
      if ('permission' in route.access)
        await send(`${name} as a viewer`, { method: route.method, url, headers: viewer, payload: {} });
    }
    await provokeConflicts();

    const refusals = answers.filter(({ response }) => response.statusCode >= 400);
    const statuses = new Set(refusals.map(({ response }) => response.statusCode));
    const english = refusals.flatMap(({ label, response }) => {
      const body = response.json() as { message: string; errors?: Record<string, string> };
      return [body.message, ...Object.values(body.errors ?? {})]
        .filter((message) => latinWords(message).length)
        .map((message) => `${label} -> ${response.statusCode} ${message}`);
    });
    expect([...new Set(english)].slice(0, 60)).toEqual([]);
    expect([...statuses].sort()).toEqual([400, 401, 403, 404, 409, 413, 415, 429]);
    for (const { response } of refusals) {
      expect(response.headers['content-language']).toBe('ar');
      expect(String(response.headers.vary)).toContain('Accept-Language');
    }
  }, 600_000);
});

/** The refusals that need records in a given state: duplicates, money over what is due, steps out of turn. */
async function provokeConflicts(): Promise<void> {
  const lookups = await customerLookups(t, ' A');
  for (const [url, body] of [
    ['/api/customer-kinds', { kindName: lookups.kind.kindName }],
    ['/api/customer-cities', { cityName: lookups.city.cityName }],
    ['/api/customer-nationalities', { nationalityName: lookups.nationality.nationalityName }],
    ['/api/types', { productTypeName: 'Routers' }],
    ['/api/types', { productTypeName: 'Routers' }],
    ['/api/users', { username: TEST_USER.username, name: 'Again', role: 'viewer' }],
  ] as const) {
    await send(`duplicate ${url}`, { method: 'POST', url, payload: body });
  }
  const customer = await createCustomer(t, lookups, { customerName: 'Nasser' });
  const other = await f.customer('Other');
  const product = await createProduct(t);
  await send('delete a used city', { method: 'DELETE', url: `/api/customer-cities/${lookups.city._id}` });
  await send('delete a used kind', { method: 'DELETE', url: `/api/customer-kinds/${lookups.kind._id}` });
  await send('delete a used product type', { method: 'DELETE', url: `/api/types/${product.productType._id}` });

  const invoiceBody = {
    customer: customer._id,
    dateOfCreation: f.day,
    products: [{ product: product._id, quantity: 1, unitPrice: 10_000 }],
    manualInvoiceNumber: 'M-1',
  };
  const invoice = await create(t, '/api/invoices', invoiceBody);
  await send('duplicate manual number', { method: 'POST', url: '/api/invoices', payload: invoiceBody });
  const post = (label: string, url: string, payload: object, headers?: Record<string, string>) =>
    send(label, { method: 'POST', url, payload, headers });
  const payments = '/api/payments';
  await post('payment over the remaining', `${payments}/invoice`, f.payBody(customer._id, [[invoice._id, 20_000]]));
  await post('invoice of another customer', `${payments}/invoice`, f.payBody(other._id, [[invoice._id, 1_000]]));
  await f.pay(customer._id, [[invoice._id, 5_000]]);
  await send('delete a paid invoice', { method: 'DELETE', url: `/api/invoices/${invoice._id}` });
  for (const [label, change] of [
    ['total under what is paid', { products: [{ product: product._id, quantity: 1, unitPrice: 1_000 }] }],
    ['cancel a paid invoice', { status: 'cancelled' }],
    ['switch to cash', { credit: false }],
    ['another customer for a paid invoice', { customer: other._id }],
  ] as const) {
    const payload = { ...invoiceBody, manualInvoiceNumber: null, ...change };
    await send(label, { method: 'PUT', url: `/api/invoices/${invoice._id}`, payload });
  }
  const cancelled = await f.invoice(customer._id, 1_000, 'cancelled');
  await post('pay a cancelled invoice', `${payments}/invoice`, f.payBody(customer._id, [[cancelled.id, 100]]));
  await post(
    'pay from an empty advance',
    `${payments}/invoice`,
    f.payBody(customer._id, [[invoice._id, 100]], { paymentMode: 'Advance' }),
  );
  await post('refund over the advance', `${payments}/refund`, f.advanceBody(customer._id, 1_500));
  await post(
    'amount and invoices disagree',
    `${payments}/invoice`,
    f.payBody(customer._id, [[invoice._id, 100]], { amount: 7 }),
  );
  await post(
    'an advance paid from the advance',
    `${payments}/advance`,
    f.advanceBody(customer._id, 100, { paymentMode: 'Advance' }),
  );
  const advance = await f.advance(customer._id, 1_000);
  await send('money of a payment', { method: 'PUT', url: `${payments}/${advance._id}`, payload: { amount: 5 } });
  await f.pay(customer._id, [[invoice._id, 500]], { useAdvanceBalance: true });
  await send('delete a used advance', { method: 'DELETE', url: `${payments}/${advance._id}` });
  await send('delete a customer with records', { method: 'DELETE', url: `/api/customers/${customer._id}` });
  await send('delete a used product', { method: 'DELETE', url: `/api/products/${product._id}` });
  // A customer's credit refusing a Credit invoice: over the limit, and with an invoice overdue too long.
  const limited = await createCustomer(t, lookups, { customerName: 'ناصر للتجارة', creditLimit: 1_000 });
  const creditInvoice = (customerId: string) => ({
    ...invoiceBody,
    customer: customerId,
    manualInvoiceNumber: null,
    credit: true,
  });
  const overLimit = await post('over the credit limit', '/api/invoices', creditInvoice(limited._id));
  expect(overLimit.json().message).toBe('حد الائتمان 1.000 د.ك: هذه الفاتورة سترفع ما على ناصر للتجارة إلى 10.000 د.ك');
  const late = await createCustomer(t, lookups, { customerName: 'سالم للتجارة', maxOverdueDays: 0 });
  await f.invoice(late._id, 1_000, 'unpaid', '2026-01-01');
  const overdue = await post('an invoice overdue too long', '/api/invoices', creditInvoice(late._id));
  expect(overdue.statusCode).toBe(409);
  expect(overdue.json().message).toMatch(/^الفاتورة INV-\d+ للعميل سالم للتجارة متأخرة \d+ يومًا/);
  const advanceOf = (amount: number) => f.advanceBody(customer._id, amount);
  await post('over-long idempotency key', `${payments}/advance`, advanceOf(100), {
    'idempotency-key': 'k'.repeat(300),
  });
  await post('first use of a key', `${payments}/advance`, advanceOf(100), { 'idempotency-key': 'same-key-1' });
  await post('key reused', `${payments}/advance`, advanceOf(200), { 'idempotency-key': 'same-key-1' });

  const schedule = await create(t, '/api/scheduled-invoices', {
    scheduleName: 'Monthly',
    customer: customer._id,
    dateOfCreation: f.day,
    startDate: f.day,
    endDate: f.day,
    recurringPeriod: 1,
    products: [{ product: product._id, quantity: 1, unitPrice: 1_000 }],
  });
  const scheduleUrl = `/api/scheduled-invoices/${schedule._id}`;
  for (const step of ['pause', 'resume', 'automate'])
    await send(`${step} an inactive schedule`, { method: 'POST', url: `${scheduleUrl}/${step}` });
  await send('activate', { method: 'POST', url: `${scheduleUrl}/activate` });
  await send('activate twice', { method: 'POST', url: `${scheduleUrl}/activate` });
  await send('a later period first', {
    method: 'POST',
    url: `${scheduleUrl}/generate`,
    payload: { period: '2027-05-21' },
  });
  await send('generate', { method: 'POST', url: `${scheduleUrl}/generate`, payload: {} });
  await send('generate a completed schedule', { method: 'POST', url: `${scheduleUrl}/generate`, payload: {} });

  const me = (await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: admin })).json().data.user;
  await send('deactivate oneself', {
    method: 'PUT',
    url: `/api/users/${me._id}`,
    payload: { name: 'Me', role: 'admin', active: false },
  });
  await send('the last admin', {
    method: 'PUT',
    url: `/api/users/${me._id}`,
    payload: { name: 'Me', role: 'viewer', active: true },
  });
  await send('statement period upside down', {
    method: 'GET',
    url: `/api/customers/${customer._id}/statement`,
    query: { from: '2026-11-30', to: '2026-01-01' },
  });
  await send('report of an unknown release', {
    method: 'POST',
    url: '/api/platform/reports',
    payload: { area: 'masters', version: '9.9.9', kind: 'load' },
  });

  const changer = await t.signInAs('sales', 'changer');
  for (const payload of [
    { currentPassword: 'wrong password here', newPassword: 'a brand new passphrase' },
    { currentPassword: TEST_USER.password, newPassword: 'short' },
    { currentPassword: TEST_USER.password, newPassword: 'password1234' },
    { currentPassword: TEST_USER.password, newPassword: TEST_USER.password },
  ]) {
    await send('password rules', { method: 'POST', url: '/api/auth/password', payload, headers: changer });
  }
  const auth = new AuthService(t.db, t.config);
  await auth.createUser({ username: 'temporary', name: 'Temporary', password: TEST_USER.password, role: 'sales' });
  await t.db.execute(sql`update users set must_change_password = true where username = 'temporary'`);
  const temporary = (
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'temporary', password: TEST_USER.password },
    })
  ).json();
  await send('temporary password', {
    method: 'GET',
    url: '/api/customers',
    headers: { authorization: `Bearer ${temporary.data.token}` },
  });

  await send('no session', { method: 'GET', url: '/api/customers', headers: { authorization: '' } });
  await send('unknown session', {
    method: 'GET',
    url: '/api/customers',
    headers: { authorization: 'Bearer nonsense' },
  });
  for (let attempt = 0; attempt < 5; attempt++) {
    await send('wrong password', {
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'nobody', password: 'not it' },
      headers: { authorization: '' },
    });
  }
  await send('malformed address', { method: 'GET', url: '/api/customers/%E0%A4%A' });
  await send('over-long id', { method: 'GET', url: `/api/customers/${'a'.repeat(200)}` });
  await send('unknown address', { method: 'GET', url: '/api/nothing-here' });
}

describe('the refusals too rare to provoke here', () => {
  it('are in the catalogue: database refusals, a stopped report, a contended write, every permission', () => {
    const messages = [
      REPORT_TOO_SLOW,
      EXPORTS_BUSY,
      WRITE_CONTENDED,
      NUL_CHARACTER,
      LONE_SURROGATE_MESSAGE,
      'Internal server error',
      'Database unavailable',
      'A valid metrics token is required',
      ...Object.values(FASTIFY_MESSAGES),
      ...Object.values(PG_ANSWERS).map(([, message]) => message),
      ...PERMISSIONS.map(permissionDenied),
      'Too many failed sign-in attempts. Try again in 1 hour.',
      'Too many failed sign-in attempts. Try again in 24 hours.',
    ];
    const untranslated = messages.filter((message) => latinWords(localizedError({ message }, 'ar').message).length);
    expect(untranslated).toEqual([]);
  });
});

describe('the answer language', () => {
  it('gives exact Arabic answers for a validation error, a conflict, a refusal and a missing record', async () => {
    const validation = await send('validation', {
      method: 'POST',
      url: '/api/products',
      payload: { productName: '', productPrice: '1.2345' },
    });
    expect(validation.statusCode).toBe(400);
    expect(validation.json()).toMatchObject({
      message: 'اسم المنتج مطلوب',
      errors: {
        productName: 'اسم المنتج مطلوب',
        productPrice: 'ثلاث منازل عشرية على الأكثر',
        productType: 'نوع المنتج مطلوب',
      },
    });
    await send('a city', { method: 'POST', url: '/api/customer-cities', payload: { cityName: 'Salmiya' } });
    const duplicate = await send('duplicate city', {
      method: 'POST',
      url: '/api/customer-cities',
      payload: { cityName: 'Salmiya' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('يوجد سجل (مدينة عملاء) باسم "Salmiya" بالفعل');
    const refused = await send('refused', { method: 'GET', url: '/api/users', headers: viewer });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('ليست لديك صلاحية عرض المستخدمين');
    const missing = await send('missing', { method: 'GET', url: `/api/invoices/${ANY_ID}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('الفاتورة غير موجودة');
    expect(missing.headers['content-language']).toBe('ar');
  });

  it('writes amounts with the Arabic currency', async () => {
    const customer = await f.customer('Amounts');
    const invoice = await f.invoice(customer._id, 1_234_567);
    const response = await send('over', {
      method: 'POST',
      url: '/api/payments/invoice',
      payload: f.payBody(customer._id, [[invoice.id, 2_000_000]]),
    });
    expect(response.json().message).toBe(
      `الدفعة البالغة 2,000.000 د.ك تتجاوز المبلغ المتبقي 1,234.567 د.ك على الفاتورة ${invoice.invoiceNumber}`,
    );
  });

  it('answers in English, exactly as written, without the header or with English first', async () => {
    for (const headers of [{}, { 'accept-language': 'en-GB,ar;q=0.5' }]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/users', headers: { ...viewer, ...headers } });
      expect(response.json()).toEqual({
        message: permissionDenied('users.read'),
        requestId: response.headers['x-request-id'],
      });
      expect(response.headers['content-language']).toBe('en');
      const invalid = await t.app.inject({
        method: 'POST',
        url: '/api/products',
        headers: { ...admin, ...headers },
        payload: { productName: '' },
      });
      expect(invalid.json()).toMatchObject({
        message: 'Product name is required',
        errors: { productName: 'Product name is required' },
      });
    }
  });
});
