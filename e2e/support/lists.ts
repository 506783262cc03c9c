// A list screen's controls by their accessible roles and names: its table, its rows and its search box.
import { expect, type Locator, type Page } from '@playwright/test';

export function listTable(page: Page, title: string): Locator {
  return page.getByRole('table', { name: title, exact: true });
}

/** The list's data rows (the header row left out). */
export function bodyRows(page: Page, title: string): Locator {
  return listTable(page, title).locator('tbody').getByRole('row');
}

export function rowOf(page: Page, title: string, text: string): Locator {
  return bodyRows(page, title).filter({ hasText: text });
}

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search' });
}

/**
 * Types into the list's search box and waits until the list shows `expectedRows` rows. The text is
 * typed again if the address has not taken it: a box filled while the page was still settling after
 * a navigation can be reset by it.
 */
export async function searchFor(page: Page, title: string, text: string, expectedRows?: number) {
  const inAddress = new RegExp(`[?&]search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`);
  await expect(async () => {
    await searchBox(page).fill(text);
    await expect(page).toHaveURL(inAddress, { timeout: 3_000 });
  }).toPass();
  if (expectedRows !== undefined) await expect(bodyRows(page, title)).toHaveCount(expectedRows);
}
