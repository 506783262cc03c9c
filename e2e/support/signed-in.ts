// The `test` of the specs that work as the admin: every test starts signed in (through the API: the
// form has its own tests), and gets `api`, a client carrying that session, to make its own records.
import { test as base } from './test';
import { signInWithApi, type MastersApi } from './masters';

export { expect } from './test';

export const test = base.extend<{ api: MastersApi }>({
  // Automatic, so a test that makes no records still starts signed in.
  api: [async ({ page, request }, use) => use(await signInWithApi(page, request)), { auto: true }],
});
