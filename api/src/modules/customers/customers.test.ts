import type { Customer } from '@admin/shared/contract';
import { beforeAll, describe, expect, it } from '@rstest/core';
import {
  createCustomer,
  customerBody,
  customerLookups,
  type CustomerLookups,
  expectFieldRefusal,
  setUpApp,
} from '../../test';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';

let lookups: CustomerLookups;
const t = setUpApp();
beforeAll(async () => {
  lookups = await customerLookups(t);
});

const names = (body: { data: Customer[] }) => body.data.map((c) => c.customerName);

describe('customers CRUD', () => {
  it('creates with references populated, reads, updates and deletes', async () => {
    const created = await createCustomer(t, lookups, {
      customerName: '  Ahmad Al-Mutairi ',
      customerAlternateName: 'أحمد المطيري',
      customerOldName: '',
      dateOfCreation: '2026-03-05',
      status: 'high',
    });
    expect(created).toEqual({
      _id: expect.any(String),
      customerName: 'Ahmad Al-Mutairi',
      customerAlternateName: 'أحمد المطيري',
      customerOldName: null,
      customerNewName: null,
      dateOfCreation: '2026-03-05T00:00:00.000Z',
      customerKind: { _id: lookups.kind._id, kindName: 'Individual' },
      customerNationality: { _id: lookups.nationality._id, nationalityName: 'Kuwaiti' },
      customerCity: { _id: lookups.city._id, cityName: 'Hawalli' },
      cityLocated: null,
      status: 'high',
      paymentTermsDays: 30,
      preferredLanguage: 'en',
      email: null,
      mobile: null,
      address: null,
      idNumber: null,
      acceptsEmail: true,
      sendReminders: true,
      creditLimit: null,
      maxOverdueDays: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.request('GET', `/api/customers/${created._id}`)).json().data).toEqual(created);

    const other = await customerLookups(t, ' 2');
    const updated = await t.request(
      'PUT',
      `/api/customers/${created._id}`,
      customerBody(other, {
        customerName: 'Ahmad M.',
        customerNewName: 'Ahmad New',
        status: 'low',
        cityLocated: 'Block 4',
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      customerName: 'Ahmad M.',
      customerAlternateName: null,
      customerNewName: 'Ahmad New',
      cityLocated: 'Block 4',
      status: 'low',
      customerCity: { _id: other.city._id, cityName: 'Hawalli 2' },
      dateOfCreation: '2026-11-21T00:00:00.000Z',
    });

    expect((await t.request('DELETE', `/api/customers/${created._id}`)).statusCode).toBe(204);
    expect((await t.request('GET', `/api/customers/${created._id}`)).statusCode).toBe(404);
  });

  it('makes a new customer medium when no status is given', async () => {
    expect((await createCustomer(t, lookups)).status).toBe('medium');
  });

  it('keeps the preferred language of printed documents: English unless Arabic is chosen', async () => {
    const created = await createCustomer(t, lookups, { customerName: 'Noura Al-Kandari', preferredLanguage: 'ar' });
    expect(created.preferredLanguage).toBe('ar');
    expect(
      (await t.request('GET', `/api/customers?search=${encodeURIComponent(created.customerName)}`)).json().data[0]
        .preferredLanguage,
    ).toBe('ar');
    const updated = await t.request(
      'PUT',
      `/api/customers/${created._id}`,
      customerBody(lookups, { preferredLanguage: 'en' }),
    );
    expect(updated.json().data.preferredLanguage).toBe('en');
    const refused = await t.request('POST', '/api/customers', customerBody(lookups, { preferredLanguage: 'fr' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ preferredLanguage: 'Preferred language must be English or Arabic' });
  });

  it('keeps the contacts its documents print: e-mails as one list, empty ones as none, e-mail accepted unless refused', async () => {
    const created = await createCustomer(t, lookups, {
      customerName: 'Gulf Contacts Co',
      email: ' accounts@gulf.com.kw ;ceo@gulf.com.kw, ',
      mobile: '+965 5555-1234',
      address: 'Block 4, Street 12\nSalmiya',
      idNumber: 'CR-123456',
    });
    expect(created).toMatchObject({
      email: 'accounts@gulf.com.kw, ceo@gulf.com.kw',
      mobile: '+965 5555-1234',
      address: 'Block 4, Street 12\nSalmiya',
      idNumber: 'CR-123456',
      acceptsEmail: true,
      sendReminders: true,
    });
    const cleared = await t.request(
      'PUT',
      `/api/customers/${created._id}`,
      customerBody(lookups, {
        email: '',
        mobile: '',
        address: '',
        idNumber: '',
        acceptsEmail: false,
        sendReminders: false,
      }),
    );
    expect(cleared.json().data).toMatchObject({
      email: null,
      mobile: null,
      address: null,
      idNumber: null,
      acceptsEmail: false,
      sendReminders: false,
    });
  });

  it('says what is wrong with a contact and keeps nothing', async () => {
    const before = (await t.request('GET', '/api/customers?limit=1')).json().pagination.total;
    const refused = await t.request(
      'POST',
      '/api/customers',
      customerBody(lookups, {
        email: 'accounts@gulf.com.kw, not an address',
        mobile: '5555 12ab',
        address: 'x'.repeat(501),
        idNumber: '123 456',
        acceptsEmail: 'yes',
        sendReminders: 'no',
      }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({
      email: 'Enter e-mail addresses like name@example.com, separated by commas',
      mobile: 'Mobile must be digits, spaces or dashes, with an optional + and country code, e.g. +965 5555 1234',
      address: 'Address cannot exceed 500 characters',
      idNumber: 'Civil ID or CR number must be letters, digits or dashes, at most 30',
      acceptsEmail: 'Accepts e-mail must be true or false',
      sendReminders: 'Send payment reminders must be on or off',
    });
    expect((await t.request('GET', '/api/customers?limit=1')).json().pagination.total).toBe(before);
  });

  it('answers 404 for a customer that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await t.request('GET', `/api/customers/${missing}`)).statusCode).toBe(404);
    expect((await t.request('PUT', `/api/customers/${missing}`, customerBody(lookups))).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/customers/${missing}`)).statusCode).toBe(404);
  });
});

describe('customer validation', () => {
  const expectFieldError = (body: object, field: string, message: string) =>
    expectFieldRefusal(t, '/api/customers', body, field, message);

  it('names every missing required field with its message', async () => {
    const response = await t.request('POST', '/api/customers', {});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      requestId: expect.any(String),
      message: 'Customer name is required',
      errors: {
        customerName: 'Customer name is required',
        dateOfCreation: 'Date of creation is required',
        customerKind: 'Customer kind is required',
        customerNationality: 'Customer nationality is required',
        customerCity: 'Customer city is required',
      },
    });
  });

  it('checks each field', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ customerName: '   ' }, 'customerName', 'Customer name is required'],
      [{ dateOfCreation: '' }, 'dateOfCreation', 'Date of creation is required'],
      [{ dateOfCreation: '2026-02-30' }, 'dateOfCreation', 'Enter a real date (dd/mm/yyyy)'],
      [{ customerKind: '' }, 'customerKind', 'Customer kind is required'],
      [{ customerNationality: null }, 'customerNationality', 'Customer nationality is required'],
      [{ customerCity: 'nope' }, 'customerCity', 'Customer city is required'],
      [{ status: '' }, 'status', 'Status is required'],
      [{ status: 'urgent' }, 'status', 'Status is required'],
    ];
    for (const [overrides, field, message] of cases)
      await expectFieldError(customerBody(lookups, overrides), field, message);
  });

  it('limits every name to 100 characters', async () => {
    for (const field of ['customerName', 'customerAlternateName', 'customerOldName', 'customerNewName']) {
      expect(
        (await t.request('POST', '/api/customers', customerBody(lookups, { [field]: 'n'.repeat(100) }))).statusCode,
      ).toBe(201);
      await expectFieldError(
        customerBody(lookups, { [field]: 'n'.repeat(101) }),
        field,
        'Name cannot exceed 100 characters',
      );
    }
    for (const name of ['A', 'Ab']) {
      expect(
        (await t.request('POST', '/api/customers', customerBody(lookups, { customerName: name }))).statusCode,
      ).toBe(201);
    }
  });

  it('refuses references to records that do not exist, on that field', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    const response = await t.request(
      'POST',
      '/api/customers',
      customerBody(lookups, { customerKind: missing, customerCity: missing }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      requestId: expect.any(String),
      message: 'Customer kind not found',
      errors: { customerKind: 'Customer kind not found', customerCity: 'Customer city not found' },
    });
  });

  it('refuses unknown fields and wrong types with a 400', async () => {
    await expectFieldError(customerBody(lookups, { balance: 5 } as never), 'balance', 'Unknown field "balance"');
    await expectFieldError(customerBody(lookups, { customerName: 7 }), 'customerName', 'Customer name is required');
    await expectFieldError(
      customerBody(lookups, { customerAlternateName: 7 }),
      'customerAlternateName',
      expect.any(String) as never,
    );
    await expectFieldError(
      customerBody(lookups, { dateOfCreation: 20261121 }),
      'dateOfCreation',
      'Date of creation is required',
    );
    for (const query of ['status=urgent', 'customerKind=abc', 'limit=5000', 'colour=red']) {
      expect((await t.request('GET', `/api/customers?${query}`)).statusCode).toBe(400);
    }
  });
});

describe('customer list', () => {
  let a: CustomerLookups;
  let b: CustomerLookups;
  beforeAll(async () => {
    a = await customerLookups(t, ' A');
    b = await customerLookups(t, ' B');
    const rows: [CustomerLookups, Record<string, unknown>][] = [
      [a, { customerName: 'Yousef Al-Kandari', status: 'high' }],
      [a, { customerName: 'Noura Salem', customerAlternateName: 'نورة سالم', status: 'low' }],
      [b, { customerName: 'Bader Trading Co.', customerOldName: 'Bader Est.', status: 'high' }],
      [b, { customerName: 'Hessa Ali', customerNewName: 'Hessa Al-Rashed', status: 'medium' }],
      [
        { ...a, city: b.city },
        { customerName: 'Khaled Yousef', status: 'high' },
      ],
    ];
    for (const [refs, fields] of rows) await createCustomer(t, refs, fields);
  });

  const list = async (query: string) => {
    const response = await t.request('GET', `/api/customers?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  it('searches all four names, case-insensitively and in Arabic', async () => {
    expect(names(await list('search=YOUSEF'))).toEqual(['Khaled Yousef', 'Yousef Al-Kandari']);
    expect(names(await list(`search=${encodeURIComponent('سالم')}`))).toEqual(['Noura Salem']);
    expect(names(await list('search=bader est'))).toEqual(['Bader Trading Co.']);
    expect(names(await list('search=al-rashed'))).toEqual(['Hessa Ali']);
  });

  it('finds the customers ILIKE finds in the four names, beyond ASCII letters and with wildcards typed', async () => {
    const c = await customerLookups(t, ' C');
    for (const fields of [
      { customerName: 'ÉCOLE Française', customerAlternateName: 'Ölçek İnşaat' },
      { customerName: 'ΣΟΦΙΑ Σπίτι', customerOldName: 'Straße 50% off' },
      { customerName: 'Dana_Co', customerNewName: 'DANA CO' },
    ])
      await createCustomer(t, c, fields);
    const byIlike = async (term: string) => {
      const pattern = `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const rows = rowsOf<{ id: string }>(
        await t.db.execute(sql`select id from customers where customer_name ilike ${pattern}
          or customer_alternate_name ilike ${pattern} or customer_old_name ilike ${pattern}
          or customer_new_name ilike ${pattern}`),
      );
      return rows.map((row) => row.id).sort();
    };
    for (const term of [
      'école',
      'FRANÇAISE',
      'ölçek',
      'İNŞ',
      'σοφια',
      'STRASSE',
      'straße',
      '50%',
      'a_c',
      'dana_co',
      'é',
    ])
      expect([
        term,
        (await list(`search=${encodeURIComponent(term)}&limit=100`)).data.map((x: Customer) => x._id).sort(),
      ]).toEqual([term, await byIlike(term)]);
    // Typed letters in any case find the name, beyond ASCII where the database's locale lowers them.
    expect((await byIlike('FRANÇAISE')).length).toBeGreaterThan(0);
    expect(names(await list('search=DANA_CO'))).toEqual(['Dana_Co']);
  });

  it('filters by status, kind, nationality and city, alone and combined', async () => {
    const kindA = `customerKind=${a.kind._id}`;
    expect(names(await list(kindA))).toEqual(['Khaled Yousef', 'Noura Salem', 'Yousef Al-Kandari']);
    expect(names(await list(`customerNationality=${b.nationality._id}`))).toEqual(['Hessa Ali', 'Bader Trading Co.']);
    expect(names(await list(`customerCity=${b.city._id}`))).toEqual([
      'Khaled Yousef',
      'Hessa Ali',
      'Bader Trading Co.',
    ]);
    expect(names(await list(`${kindA}&status=high`))).toEqual(['Khaled Yousef', 'Yousef Al-Kandari']);
    expect(names(await list(`${kindA}&status=high&customerCity=${b.city._id}`))).toEqual(['Khaled Yousef']);
    expect(names(await list(`${kindA}&status=high&search=kandari`))).toEqual(['Yousef Al-Kandari']);
    // The "All" choice sends an empty value: no filter.
    expect((await list(`${kindA}&status=&customerCity=`)).pagination.total).toBe(3);
  });

  it('pages newest first with exact totals', async () => {
    const first = await list(`customerKind=${a.kind._id}&limit=2`);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, pages: 2, totalPages: 2 });
    const second = await list(`customerKind=${a.kind._id}&limit=2&page=2`);
    expect([...names(first), ...names(second)]).toEqual(['Khaled Yousef', 'Noura Salem', 'Yousef Al-Kandari']);
    expect((await list(`customerKind=${a.kind._id}&limit=2&page=3`)).data).toEqual([]);
  });
});
