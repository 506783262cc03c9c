// A customer's credit limit at the counter: a sales user is refused a Credit invoice over it, with the figures, in the dialog.
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { dialog } from '../support/dialogs';
import { customerLookups, makeCustomer, unique } from '../support/masters';
import { businessToday } from '../support/days';
import { choose, customerBox, fillLine } from '../support/sales';

const PASSWORD = 'sales desk password 2026';

test('a sales user is refused an invoice over the customer’s credit limit, with the figures shown in the dialog', async ({
  page,
  api,
  request,
}) => {
  const label = unique('Credit');
  const lookups = await customerLookups(api, label);
  const customerName = `${label} Al-Ghanim Trading Co.`;
  const customer = await makeCustomer(api, lookups, {
    customerName,
    dateOfCreation: '2026-01-01T00:00:00.000Z',
    creditLimit: 5_000_000,
  });
  const type = await api.create('/types', { productTypeName: `${label} type` });
  const productName = `${label} Steel`;
  const product = await api.create('/products', { productName, productPrice: 340_250, productType: type._id });
  // What the customer already owes: exactly the limit, which the admin's own invoice may reach.
  await api.create('/invoices', {
    customer: customer._id,
    dateOfCreation: `${businessToday()}T00:00:00.000Z`,
    credit: true,
    products: [{ product: product._id, quantity: 1, unitPrice: 5_000_000 }],
    totalAmount: 5_000_000,
  });

  const username = `sales-${label.split(' ')[1]}`;
  await api.create('/users', { username, name: 'Counter Sales', role: 'sales', password: PASSWORD });
  const login = await request.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  await page.evaluate((value) => localStorage.setItem('token', value), token);

  await page.goto('/invoices');
  await expectTitle(page, 'Invoices');
  await page.getByRole('button', { name: 'Add Invoice' }).click();
  const add = dialog(page, 'Add New Invoice');
  await choose(add, customerBox(add), customerName, customerName);
  await fillLine(add, 1, productName, 1);
  await add.getByRole('button', { name: 'Create' }).click();
  await expect(
    add.getByText(`Credit limit 5,000.000 KD: this invoice would bring ${customerName} to 5,340.250 KD`),
  ).toBeVisible();
  // Sales cannot override: no reason box, and the dialog stays open with nothing created.
  await expect(add.getByLabel(/^Override credit limit: reason/)).toHaveCount(0);
  await expect(add).toBeVisible();
});
