import { describe, expect, it } from '@rstest/core';
import { create, createCustomer, createProduct, customerLookups, setUpApp } from '../../test';

let made = 0;
const t = setUpApp();

interface Case {
  path: string;
  field: string;
  noun: string;
  required: string;
  min?: string;
  max: string;
  /** Makes a record that uses the lookup `id`; its deletion must then be refused with `inUse`. */
  use: (id: string) => Promise<unknown>;
  inUse: string;
  /** The optional second name's field, null when not given. */
  alternate?: string;
}

const cases: Case[] = [
  {
    path: '/api/types',
    field: 'productTypeName',
    noun: 'product type',
    required: 'Type name is required',
    max: 'Type name cannot exceed 100 characters',
    use: (id) => createProduct(t, { productType: id }),
    inUse: 'Cannot delete: 1 product uses this product type',
  },
  {
    path: '/api/customer-kinds',
    field: 'kindName',
    noun: 'customer kind',
    required: 'Kind name is required',
    min: 'Kind name must be at least 2 characters',
    max: 'Kind name cannot exceed 100 characters',
    use: async (id) => createCustomer(t, await customerLookups(t, ` ${++made}`), { customerKind: id }),
    inUse: 'Cannot delete: 1 customer uses this kind',
  },
  {
    path: '/api/customer-nationalities',
    field: 'nationalityName',
    noun: 'customer nationality',
    required: 'Nationality name is required',
    min: 'Nationality name must be at least 2 characters',
    max: 'Nationality name cannot exceed 100 characters',
    use: async (id) => createCustomer(t, await customerLookups(t, ` ${++made}`), { customerNationality: id }),
    inUse: 'Cannot delete: 1 customer uses this nationality',
  },
  {
    path: '/api/customer-cities',
    field: 'cityName',
    noun: 'customer city',
    required: 'City name is required',
    min: 'City name must be at least 2 characters',
    max: 'City name cannot exceed 100 characters',
    use: async (id) => createCustomer(t, await customerLookups(t, ` ${++made}`), { customerCity: id }),
    inUse: 'Cannot delete: 1 customer uses this city',
  },
  {
    path: '/api/banks',
    field: 'bankName',
    noun: 'bank',
    required: 'Bank name is required',
    min: 'Bank name must be at least 2 characters',
    max: 'Bank name cannot exceed 100 characters',
    use: async (id) => {
      const customer = await createCustomer(t, await customerLookups(t, ` ${++made}`));
      return create(t, '/api/cheques', {
        customer: customer._id,
        chequeNumber: '000001',
        bank: id,
        chequeDate: '2026-11-21',
        amount: 1_000,
        receivedDate: '2026-11-21',
      });
    },
    inUse: 'Cannot delete: 1 cheque uses this bank',
    alternate: 'bankNameAr',
  },
];

describe.each(cases)('$path', ({ path, field, noun, required, min, max, use, inUse, alternate }) => {
  const body = (name: unknown) => ({ [field]: name });

  it('creates, reads, renames and deletes', async () => {
    const created = await create(t, path, body('  Round Trip  '));
    expect(created).toEqual({
      _id: expect.any(String),
      [field]: 'Round Trip',
      ...(alternate && { [alternate]: null }),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await t.request('GET', `${path}/${created._id}`)).json().data).toEqual(created);

    const renamed = await t.request('PUT', `${path}/${created._id}`, body('Round Trip 2'));
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data[field]).toBe('Round Trip 2');
    expect((await t.request('GET', `${path}/${created._id}`)).json().data[field]).toBe('Round Trip 2');

    expect((await t.request('DELETE', `${path}/${created._id}`)).statusCode).toBe(204);
    expect((await t.request('GET', `${path}/${created._id}`)).statusCode).toBe(404);
    expect((await t.request('DELETE', `${path}/${created._id}`)).statusCode).toBe(404);
    expect((await t.request('PUT', `${path}/${created._id}`, body('Gone'))).statusCode).toBe(404);
  });

  it('gives the screen messages for a missing, blank, short or long name', async () => {
    for (const payload of [{}, body(''), body('   '), body(null)]) {
      const response = await t.request('POST', path, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        requestId: expect.any(String),
        message: required,
        errors: { [field]: required },
      });
    }
    const oneChar = await t.request('POST', path, body('A'));
    if (min) {
      expect(oneChar.statusCode).toBe(400);
      expect(oneChar.json()).toEqual({ requestId: expect.any(String), message: min, errors: { [field]: min } });
    } else {
      expect(oneChar.statusCode).toBe(201);
    }
    expect((await t.request('POST', path, body('Ab'))).statusCode).toBe(201);
    expect((await t.request('POST', path, body('x'.repeat(100)))).statusCode).toBe(201);
    const tooLong = await t.request('POST', path, body('y'.repeat(101)));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ requestId: expect.any(String), message: max, errors: { [field]: max } });
  });

  it('refuses a duplicate name in any case, on create and on rename', async () => {
    await create(t, path, body('Duplicate Me'));
    const again = await t.request('POST', path, body('  duplicate ME '));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A ${noun} named "duplicate ME" already exists`);

    const other = await create(t, path, body('Another One'));
    const rename = await t.request('PUT', `${path}/${other._id}`, body('DUPLICATE me'));
    expect(rename.statusCode).toBe(409);
    expect((await t.request('GET', `${path}/${other._id}`)).json().data[field]).toBe('Another One');
    // Renaming a record to its own name in another case is not a duplicate.
    expect((await t.request('PUT', `${path}/${other._id}`, body('ANOTHER ONE'))).statusCode).toBe(200);
  });

  it('refuses to delete a record in use, and keeps it', async () => {
    const lookup = await create(t, path, body('In Use'));
    await use(lookup._id);
    const response = await t.request('DELETE', `${path}/${lookup._id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ requestId: expect.any(String), message: inUse });
    expect((await t.request('GET', `${path}/${lookup._id}`)).statusCode).toBe(200);
  });

  it('searches case-insensitively, Arabic included, newest first, with page totals', async () => {
    const names = ['Zq Alpha', 'zq beta', 'ZQ Gamma', 'Zq 50%_off', 'زق عربي'];
    for (const name of names) await create(t, path, body(name));

    const all = (await t.request('GET', `${path}?search=zq&limit=2`)).json();
    expect(all.pagination).toEqual({ page: 1, limit: 2, total: 4, pages: 2, totalPages: 2 });
    expect(all.data.map((row: Record<string, string>) => row[field])).toEqual(['Zq 50%_off', 'ZQ Gamma']);
    const second = (await t.request('GET', `${path}?search=zq&limit=2&page=2`)).json();
    expect(second.data.map((row: Record<string, string>) => row[field])).toEqual(['zq beta', 'Zq Alpha']);

    const arabic = (await t.request('GET', `${path}?search=${encodeURIComponent('عربي')}`)).json();
    expect(arabic.data.map((row: Record<string, string>) => row[field])).toEqual(['زق عربي']);
    // % and _ are searched for literally.
    const literal = (await t.request('GET', `${path}?search=${encodeURIComponent('%_')}`)).json();
    expect(literal.data.map((row: Record<string, string>) => row[field])).toEqual(['Zq 50%_off']);
    const none = (await t.request('GET', `${path}?search=nothing-like-this`)).json();
    expect(none).toEqual({ data: [], pagination: { page: 1, limit: 10, total: 0, pages: 1, totalPages: 1 } });
  });

  it('lists every record in name order under /active', async () => {
    const response = await t.request('GET', `${path}/active`);
    expect(response.statusCode).toBe(200);
    const names: string[] = response.json().data.map((row: Record<string, string>) => row[field]);
    const total = (await t.request('GET', `${path}?limit=1`)).json().pagination.total;
    expect(names).toHaveLength(total);
    const byLowerName = (a: string, b: string) =>
      a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
    expect(names).toEqual([...names].sort(byLowerName));
  });

  it('refuses unknown fields, wrong types and bad list parameters with a 400', async () => {
    const unknown = await t.request('POST', path, { ...body('Fine Name'), extra: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ extra: 'Unknown field "extra"' });
    for (const wrong of [42, true, ['Name'], { name: 'x' }]) {
      const response = await t.request('POST', path, body(wrong));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ [field]: required });
    }
    for (const query of ['limit=1001', 'limit=0', 'page=0', 'page=two', 'sort=password', 'order=up']) {
      expect((await t.request('GET', `${path}?${query}`)).statusCode).toBe(400);
    }
    expect((await t.request('GET', `${path}/not-a-uuid`)).statusCode).toBe(404);
  });
});

describe('/api/banks', () => {
  it('keeps the Arabic name beside the name, finds a bank by either and exports both', async () => {
    const bank = await create(t, '/api/banks', { bankName: 'Warba Test Bank', bankNameAr: '  بنك وربة التجريبي ' });
    expect(bank).toMatchObject({ bankName: 'Warba Test Bank', bankNameAr: 'بنك وربة التجريبي' });
    const found = (await t.request('GET', `/api/banks?search=${encodeURIComponent('وربة')}`)).json();
    expect(found.data.map((row: { _id: string }) => row._id)).toEqual([bank._id]);
    const cleared = await t.request('PUT', `/api/banks/${bank._id}`, { bankName: 'Warba Test Bank', bankNameAr: '' });
    expect(cleared.json().data).toMatchObject({ bankNameAr: null });
    const tooLong = await t.request('POST', '/api/banks', { bankName: 'Long Arabic', bankNameAr: 'ب'.repeat(101) });
    expect(tooLong.json().errors).toEqual({ bankNameAr: 'Arabic name cannot exceed 100 characters' });
    const csv = await t.app.inject({
      method: 'GET',
      url: '/api/banks?search=Warba%20Test',
      headers: { ...(await t.login()), accept: 'text/csv' },
    });
    expect(csv.body.split('\r\n')[0]).toContain('Bank Name,Arabic Name,Created Date');
  });
});
