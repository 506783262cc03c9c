// The dialogs of every screen by their accessible roles and names: add and edit dialogs with their
// refusals, the delete question, and the toast that reports the outcome.
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Submits the form with its `submit` button and expects each of `messages`, the refusals under its fields. */
export async function expectRefusals(form: Locator, submit: string, messages: readonly string[]) {
  await form.getByRole('button', { name: submit, exact: true }).click();
  for (const message of messages) await expect(form.getByText(message, { exact: true })).toBeVisible();
}

/** Where a page keeps the titles of the toasts it has shown (its tab's storage outlives a reload). */
const SHOWN_TOASTS = 'e2e:shown-toasts';

/**
 * Makes every page of `context` note each toast's title as the toaster puts it on screen. A success
 * toast stays two seconds; on two saturated cores a check polling the screen can miss it, a record
 * cannot.
 */
export async function recordToasts(context: BrowserContext) {
  await context.addInitScript((key) => {
    const note = (title: Element) => {
      const shown: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
      shown.push(title.textContent ?? '');
      sessionStorage.setItem(key, JSON.stringify(shown));
    };
    const selector = '[data-scope="toast"][data-part="title"]';
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) {
          if (!(node instanceof Element)) continue;
          if (node.matches(selector)) note(node);
          node.querySelectorAll(selector).forEach(note);
        }
    }).observe(document, { childList: true, subtree: true });
  }, SHOWN_TOASTS);
}

/**
 * Expects a toast titled exactly `text` to have been shown since the last check of that text, and
 * takes it off the record: the same toast expected twice must be shown twice.
 */
export async function expectToast(page: Page, text: string) {
  const takeFromRecord = () =>
    page
      .evaluate(
        ({ key, text }) => {
          const shown: string[] = JSON.parse(sessionStorage.getItem(key) ?? '[]');
          const index = shown.indexOf(text);
          if (index < 0) return false;
          shown.splice(index, 1);
          sessionStorage.setItem(key, JSON.stringify(shown));
          return true;
        },
        { key: SHOWN_TOASTS, text },
      )
      // A check made while the page navigates reads the record again on the next poll.
      .catch(() => false);
  await expect.poll(takeFromRecord, { message: `a toast titled "${text}"` }).toBe(true);
}

/** Deletes the row named `name` through its Delete button and the exact confirm question. */
export async function deleteRow(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Are you sure you want to delete "${name}"?`, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
}
