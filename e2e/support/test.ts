// The `test` every spec uses: Playwright's, with each browser context keeping a record of the
// toasts its pages show (support/dialogs.ts `expectToast`), so a two-second toast is checked from
// that record instead of being caught on screen before it leaves.
import { test as base } from '@playwright/test';
import { recordToasts } from './dialogs';

export { expect } from '@playwright/test';

export const test = base.extend({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
});
