import { expect } from '@rstest/core';
import type { TestApp } from './harness';

/** Creates through the API and returns the answer's data (docs/api.md), failing the test on anything but 201. */
export async function create<T = Record<string, unknown> & { _id: string }>(
  t: TestApp,
  url: string,
  body: object,
): Promise<T> {
  const response = await t.request('POST', url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Reads through the API and returns the answer's body (`{ data }`, a list's `{ data, pagination }`), failing the test on anything but 200. */
export async function read<T>(t: TestApp, url: string): Promise<T> {
  const response = await t.request('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Creates through the API expecting a refusal: a 400 that names `field` with `message`. */
export async function expectFieldRefusal(t: TestApp, url: string, body: object, field: string, message: string) {
  const response = await t.request('POST', url, body);
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json().errors?.[field]).toEqual(message);
}
