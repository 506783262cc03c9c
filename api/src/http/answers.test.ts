import { answersOf, ROUTE_ANSWERS } from '@admin/shared/contract';
import { describe, expect, it } from '@rstest/core';
import type { RouteOptions } from 'fastify';
import { declareAnswers } from './contract-schemas';
import { setUpApp } from '../test';

const t = setUpApp();

/** The OpenAPI document's answers of one route, e.g. GET /api/invoices/:id → paths['/api/invoices/{id}'].get. */
function documentedAnswers(
  docs: { paths: Record<string, Record<string, { responses?: object }>> },
  method: string,
  url: string,
) {
  return docs.paths[url.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()]?.responses;
}

describe('the answers of every route', () => {
  it('are declared in the contract, given to the serializer and listed in /api/docs', async () => {
    const docs = (await t.request('GET', '/api/docs')).json();
    const routes = t.app.apiRoutes.filter((route) => route.method !== 'HEAD');
    expect(routes.length).toBeGreaterThan(140);
    for (const { method, url } of routes) {
      const route = `${method} ${url}`;
      const declared = answersOf(method, url.slice('/api'.length));
      expect(declared, `${route} has no answer in shared/src/contract/answers.ts`).toBeTruthy();
      const documented = documentedAnswers(docs, method, url);
      expect(documented, `${route} lists no answers in /api/docs`).toBeDefined();
      for (const { status } of declared ?? []) expect(Object.keys(documented!), route).toContain(String(status));
      // An error is documented once for every route, in the shape every refusal has.
      expect(Object.keys(documented!), route).toContain('4XX');
    }
  });

  it('names no route the API does not serve', () => {
    const served = new Set(t.app.apiRoutes.map(({ method, url }) => `${method} ${url.slice('/api'.length)}`));
    expect(Object.keys(ROUTE_ANSWERS).filter((key) => !served.has(key))).toEqual([]);
  });

  it('stops the start at a route the contract does not know, naming it', () => {
    const route = { method: 'GET', url: '/api/undeclared', handler: async () => ({ data: 1 }) } as RouteOptions;
    expect(() => declareAnswers(route, '/api')).toThrow('GET /api/undeclared declares no answer');
  });

  it('writes the declared envelope: a record is under data, and an error is { message, errors?, requestId }', async () => {
    const created = await t.request('POST', '/api/types', { productTypeName: 'Envelope Check' });
    expect(Object.keys(created.json())).toEqual(['data']);
    expect(created.json().data).toMatchObject({ _id: expect.any(String), productTypeName: 'Envelope Check' });
    const refused = await t.request('POST', '/api/types', {});
    expect(refused.json()).toEqual({
      message: 'Type name is required',
      errors: { productTypeName: 'Type name is required' },
      requestId: expect.any(String),
    });
  });
});
