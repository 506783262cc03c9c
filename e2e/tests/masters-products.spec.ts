// The Products screen, driven as staff would against the real API and database.
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { bodyRows, rowOf, searchBox, searchFor } from '../support/lists';
import { deleteRow, dialog, expectRefusals, expectToast } from '../support/dialogs';
import { unique } from '../support/masters';

const TITLE = 'Products';

test('the dialog asks for every required field, and the price typed in KD is kept exactly', async ({ page, api }) => {
  const label = unique('Prod');
  const type = await api.create('/types', { productTypeName: `${label} type` });
  await page.goto('/products');
  await expectTitle(page, TITLE);

  await page.getByRole('button', { name: 'Add Product' }).click();
  const add = dialog(page, 'Add New Product');
  await expectRefusals(add, 'Create', [
    'Product name is required',
    'Product price is required',
    'Product type is required',
  ]);
  await add.getByLabel('Product Name').fill(`${label} Router`);
  await add.getByLabel('Product Price (KD)').fill('12.345');
  await add.getByLabel('Product Type').selectOption({ label: `${label} type` });
  await add.getByRole('button', { name: 'Create' }).click();
  await expectToast(page, 'Product created successfully');

  await searchFor(page, TITLE, label, 1);
  const row = rowOf(page, TITLE, `${label} Router`);
  await expect(row).toContainText('12.345 KD');
  await expect(row).toContainText(`${label} type`);
  const stored = await api.get<{ data: { productPrice: number; productType: { _id: string } }[] }>(
    `/products?search=${encodeURIComponent(label)}`,
  );
  expect(stored.data).toEqual([
    expect.objectContaining({ productPrice: 12_345, productType: expect.objectContaining({ _id: type._id }) }),
  ]);

  await page.getByRole('button', { name: `Edit ${label} Router`, exact: true }).click();
  const edit = dialog(page, 'Edit Product');
  await expect(edit.getByLabel('Product Price (KD)')).toHaveValue('12.345');
  await edit.getByLabel('Product Price (KD)').fill('0.005');
  await edit.getByLabel('Product Name').fill(`${label} Router 2`);
  await edit.getByRole('button', { name: 'Update' }).click();
  await expectToast(page, 'Product updated successfully');
  await expect(rowOf(page, TITLE, `${label} Router 2`)).toContainText('0.005 KD');
});

test('filters by product type, pages by 10, keeps both in the address and deletes after the confirm question', async ({
  page,
  api,
}) => {
  const label = unique('Stock');
  const tools = await api.create('/types', { productTypeName: `${label} tools` });
  const parts = await api.create('/types', { productTypeName: `${label} parts` });
  for (let i = 1; i <= 11; i++) {
    await api.create('/products', {
      productName: `${label} tool ${String(i).padStart(2, '0')}`,
      productPrice: i * 1000,
      productType: tools._id,
    });
  }
  await api.create('/products', { productName: `${label} bolt`, productPrice: 250, productType: parts._id });

  await page.goto('/products');
  await searchFor(page, TITLE, label, 10);
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(bodyRows(page, TITLE)).toHaveCount(2);

  await page.getByLabel('Product Type', { exact: true }).selectOption({ label: `${label} parts` });
  await expect(bodyRows(page, TITLE)).toHaveCount(1);
  await expect(bodyRows(page, TITLE)).toContainText('0.250 KD');
  await page.reload();
  await expect(searchBox(page)).toHaveValue(label);
  await expect(page.getByLabel('Product Type', { exact: true })).toHaveValue(parts._id);
  await expect(bodyRows(page, TITLE)).toHaveCount(1);

  await deleteRow(page, `${label} bolt`);
  await expectToast(page, 'Product deleted successfully');
  await expect(page.getByText('No products found', { exact: true })).toBeVisible();

  await page.getByLabel('Product Type', { exact: true }).selectOption({ label: 'All Types' });
  await expect(bodyRows(page, TITLE)).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toBeVisible();
});
