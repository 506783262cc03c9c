import { MAX_LOGO_BYTES, type CompanySettings } from '@admin/shared/contract';
import { createHash } from 'node:crypto';
import { describe, expect, it } from '@rstest/core';
import { setUpApp } from '../../test';

const t = setUpApp();

const COMPANY = {
  companyNameEn: 'Gulf Trading Co.',
  companyNameAr: 'شركة الخليج للتجارة',
  address: 'Block 3, Street 14, Hawalli, Kuwait',
  phone: '+965 2222 3333',
  email: 'accounts@gulf-trading.com.kw',
  commercialRegistration: 'CR-123456',
  invoiceFooter: 'Thank you for your business',
  arabicIndicDigits: true,
};

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR rest of a tiny image'),
]);
const SVG = Buffer.from(
  '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);

async function uploadLogo(body: Buffer, contentType: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'PUT',
    url: '/api/settings/company/logo',
    headers: { ...(await t.login()), 'content-type': contentType, ...headers },
    payload: body,
  });
}

describe('company settings', () => {
  it('starts empty and keeps what an admin saves, with an audit entry', async () => {
    const empty = (await t.request('GET', '/api/settings/company')).json().data as CompanySettings;
    expect(empty).toMatchObject({ companyNameEn: '', arabicIndicDigits: false, logoUrl: null });

    const saved = await t.request('PUT', '/api/settings/company', { ...COMPANY, companyNameEn: '  Gulf Trading Co. ' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      ...COMPANY,
      writeOffLimit: 1_000,
      logoUrl: null,
      updatedAt: expect.any(String),
    });
    expect((await t.request('GET', '/api/settings/company')).json().data).toEqual(saved.json().data);

    const trail = (await t.request('GET', '/api/audit-log?entityType=company-settings')).json();
    expect(trail.data[0]).toMatchObject({ action: 'update', label: 'Company settings' });
    expect(trail.data[0].changes).toContainEqual({ field: 'companyNameEn', before: '', after: 'Gulf Trading Co.' });
  });

  it('keeps the write-off limit unless a change names it', async () => {
    const raised = await t.request('PUT', '/api/settings/company', { ...COMPANY, writeOffLimit: '2.500' });
    expect(raised.json().data).toMatchObject({ writeOffLimit: 2_500 });
    const kept = await t.request('PUT', '/api/settings/company', COMPANY);
    expect(kept.json().data).toMatchObject({ writeOffLimit: 2_500 });
    const negative = await t.request('PUT', '/api/settings/company', { ...COMPANY, writeOffLimit: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toEqual({ writeOffLimit: 'Write-off limit cannot be negative' });
    await t.request('PUT', '/api/settings/company', { ...COMPANY, writeOffLimit: 1_000 });
  });

  it('is read by every signed-in user and changed by admins only', async () => {
    const viewer = await t.signInAs('viewer');
    const read = await t.app.inject({ method: 'GET', url: '/api/settings/company', headers: viewer });
    expect(read.statusCode).toBe(200);
    const accountant = await t.signInAs('accountant');
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/company',
      headers: accountant,
      payload: COMPANY,
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('You do not have permission to change the company settings');
    const logo = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/company/logo',
      headers: { ...accountant, 'content-type': 'image/png' },
      payload: PNG,
    });
    expect(logo.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings/company' })).statusCode).toBe(401);
  });

  it('names each refused field', async () => {
    const response = await t.request('PUT', '/api/settings/company', {
      ...COMPANY,
      companyNameEn: ' ',
      companyNameAr: 'ش'.repeat(101),
      email: 'accounts at gulf',
      phone: 'call us',
      invoiceFooter: 'x'.repeat(501),
      arabicIndicDigits: 'yes',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      companyNameEn: 'Company name in English is required',
      companyNameAr: 'Company name in Arabic cannot exceed 100 characters',
      email: 'Enter a valid email address',
      phone: 'Phone can contain only digits, spaces, +, - and brackets',
      invoiceFooter: 'Invoice footer cannot exceed 500 characters',
      arabicIndicDigits: 'Arabic-Indic digits must be on or off',
    });
    const unknown = await t.request('PUT', '/api/settings/company', { ...COMPANY, vatNumber: '1' });
    expect(unknown.json().errors).toEqual({ vatNumber: 'Unknown field "vatNumber"' });
  });
});

describe('public holidays', () => {
  it('are replaced as a list by an admin, read by everyone, audited, and refused when wrong', async () => {
    expect((await t.request('GET', '/api/settings/holidays')).json()).toEqual({ data: { holidays: [] } });
    const list = [
      { day: '2027-02-26', name: 'Liberation Day' },
      { day: '2027-02-25', name: ' National Day ' },
    ];
    const saved = await t.request('PUT', '/api/settings/holidays', { holidays: list });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      data: {
        holidays: [
          { day: '2027-02-25T00:00:00.000Z', name: 'National Day' },
          { day: '2027-02-26T00:00:00.000Z', name: 'Liberation Day' },
        ],
      },
    });
    const viewer = await t.signInAs('viewer');
    const read = await t.app.inject({ method: 'GET', url: '/api/settings/holidays', headers: viewer });
    expect(read.json()).toEqual(saved.json());
    const trail = (await t.request('GET', '/api/audit-log?entityType=company-settings')).json();
    expect(trail.data[0]).toMatchObject({ action: 'update', label: 'Public holidays' });

    const accountant = await t.signInAs('accountant');
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/holidays',
      headers: accountant,
      payload: { holidays: [] },
    });
    expect(write.statusCode).toBe(403);
    const refused = async (holidays: unknown) => {
      const response = await t.request('PUT', '/api/settings/holidays', { holidays });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().errors;
    };
    expect(await refused([{ day: '2027-02-30', name: 'x' }])).toEqual({
      'holidays.0.day': 'Enter a real date (dd/mm/yyyy)',
    });
    expect(await refused([{ day: '2027-02-25', name: '  ' }])).toEqual({
      'holidays.0.name': 'Holiday name is required',
    });
    expect(
      await refused([
        { day: '2027-02-25', name: 'a' },
        { day: '2027-02-25', name: 'b' },
      ]),
    ).toEqual({ holidays: 'Each day can be a holiday only once' });
    // Nothing refused changed the list.
    expect((await t.request('GET', '/api/settings/holidays')).json()).toEqual(saved.json());
  });
});

describe('company logo', () => {
  it('is stored, served at the URL of its content hash with caching and safety headers, and removed', async () => {
    const uploaded = await uploadLogo(SVG, 'image/svg+xml');
    expect(uploaded.statusCode).toBe(200);
    const hash = createHash('sha256').update(SVG).digest('hex');
    expect(uploaded.json().data.logoUrl).toBe(`/api/settings/company/logo/${hash}.svg`);
    expect(uploaded.json().data.companyNameEn).toBe(COMPANY.companyNameEn);

    // No sign-in: an <img> on a printed page sends no bearer token.
    const served = await t.app.inject({ method: 'GET', url: `/api/settings/company/logo/${hash}.svg` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SVG)).toBe(true);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).not.toContain('script');

    const png = await uploadLogo(PNG, 'image/png');
    const pngHash = createHash('sha256').update(PNG).digest('hex');
    expect(png.json().data.logoUrl).toBe(`/api/settings/company/logo/${pngHash}.png`);
    const servedPng = await t.app.inject({ method: 'GET', url: `/api/settings/company/logo/${pngHash}.png` });
    expect(servedPng.headers['content-type']).toBe('image/png');
    expect(servedPng.headers['content-security-policy']).toBeUndefined();
    // The old logo's URL is gone with it.
    expect((await t.app.inject({ method: 'GET', url: `/api/settings/company/logo/${hash}.svg` })).statusCode).toBe(404);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/settings/company/logo',
      headers: await t.login(),
    });
    expect(removed.json().data.logoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/settings/company/logo/${pngHash}.png` })).statusCode).toBe(
      404,
    );
  });

  it('refuses anything but a PNG or SVG image, and anything over 256 KB', async () => {
    const expectRefused = async (response: Awaited<ReturnType<typeof uploadLogo>>, message: string) => {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, errors: { logo: message } });
    };
    const notAnImage = 'The logo must be a PNG or SVG image';
    await expectRefused(await uploadLogo(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'), notAnImage);
    await expectRefused(await uploadLogo(Buffer.from('not a png'), 'image/png'), notAnImage);
    await expectRefused(await uploadLogo(Buffer.from('<html><body>hi</body></html>'), 'image/svg+xml'), notAnImage);
    await expectRefused(
      await uploadLogo(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
      ),
      notAnImage,
    );
    const tooLarge = Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]);
    await expectRefused(await uploadLogo(tooLarge, 'image/png'), 'The logo cannot be larger than 256 KB');
    expect((await t.request('GET', '/api/settings/company')).json().data.logoUrl).toBeNull();
  });

  it('says why in Arabic when the request asks for Arabic', async () => {
    const response = await uploadLogo(Buffer.from('GIF89a'), 'image/gif', { 'accept-language': 'ar' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('يجب أن يكون الشعار صورة بصيغة PNG أو SVG');
    const tooLarge = await uploadLogo(Buffer.concat([PNG, Buffer.alloc(MAX_LOGO_BYTES)]), 'image/png', {
      'accept-language': 'ar-KW',
    });
    expect(tooLarge.json().errors.logo).toBe('لا يمكن أن يتجاوز حجم الشعار 256 كيلوبايت');
  });
});
