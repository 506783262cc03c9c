import { describe, expect, it } from '@rstest/core';
import { setUpApp } from '../test';

const t = setUpApp();

interface OpenApi {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        description?: string;
        parameters?: { name: string; in: string }[];
        requestBody?: {
          content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }>;
        };
      }
    >
  >;
}

async function reference(): Promise<OpenApi> {
  // Public: an API reference holds no data.
  const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('GET /api/docs', () => {
  it('is an OpenAPI 3.1 document of exactly the routes the API serves', async () => {
    const docs = await reference();
    expect(docs.openapi).toBe('3.1.0');
    const documented = Object.entries(docs.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const served = t.app.apiRoutes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
    expect(served.length).toBeGreaterThan(60);
    expect(documented.sort()).toEqual(served.sort());
  });

  it('describes bodies, queries and ids from the contract, and who may call each route', async () => {
    const { paths } = await reference();
    const create = paths['/api/customers']!.post!;
    const body = create.requestBody!.content['application/json']!.schema;
    expect(Object.keys(body.properties ?? {})).toEqual(
      expect.arrayContaining(['customerName', 'customerKind', 'paymentTermsDays', 'preferredLanguage']),
    );
    expect(body.required).toEqual(expect.arrayContaining(['customerName']));
    expect(create.description).toBe('Needs the permission `customers.create`.');

    const list = paths['/api/invoices']!.get!;
    expect(list.parameters!.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'search', 'status', 'customer']),
    );
    const one = paths['/api/invoices/{id}']!.put!;
    expect(one.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
    expect(paths['/api/auth/login']!.post!.description).toBe('Public.');
    expect(paths['/api/auth/profile']!.get!.description).toBe('The signed-in user, a temporary password included.');
    expect(paths['/api/settings/company']!.get!.description).toBe('Any signed-in user.');
  });

  it('declared schemas refuse as the contract does: the field’s message, a 404 for an id that is no uuid', async () => {
    const refused = await t.request('POST', '/api/customers', { customerName: '   ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.customerName).toBe('Customer name is required');
    const notAnId = await t.request('PUT', '/api/customers/42', { customerName: 'Acme' });
    expect(notAnId.statusCode).toBe(404);
    const badQuery = await t.request('GET', '/api/invoices?limit=0x10');
    expect(badQuery.statusCode).toBe(400);
  });
});
