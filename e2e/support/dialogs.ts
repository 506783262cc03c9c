// The dialogs of every screen by their accessible roles and names: add and edit dialogs with their
// refusals, the delete question, and the toast that reports the outcome.
import { expect, type Locator, type Page } from '@playwright/test';

export function dialog(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Submits the form with its `submit` button and expects each of `messages`, the refusals under its fields. */
export async function expectRefusals(form: Locator, submit: string, messages: readonly string[]) {
  await form.getByRole('button', { name: submit, exact: true }).click();
  for (const message of messages) await expect(form.getByText(message, { exact: true })).toBeVisible();
}

export function toast(page: Page, text: string): Locator {
  return page.getByText(text, { exact: true }).first();
}

/** Deletes the row named `name` through its Delete button and the exact confirm question. */
export async function deleteRow(page: Page, name: string) {
  await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByText(`Are you sure you want to delete "${name}"?`, { exact: true })).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
}
