// The four name-only masters (product types, customer kinds, nationalities, cities),
// one screen configured four times, driven as staff would against the real API and database.
import { expect, test } from '../support/signed-in';
import { expectTitle } from '../support/shell';
import { bodyRows, rowOf, searchBox, searchFor } from '../support/lists';
import { deleteRow, dialog, expectRefusals, expectToast } from '../support/dialogs';
import { customerLookups, makeCustomer, unique, type MastersApi } from '../support/masters';

interface Screen {
  path: string;
  title: string;
  field: string;
  label: string;
  addLabel: string;
  placeholder: string;
  dialogs: { create: string; edit: string };
  noun: string;
  emptyText: string;
  required: string;
  min?: string;
  max: string;
  /** Makes a record that uses the lookup named `name`, so deleting it is refused. */
  use: (api: MastersApi, id: string, name: string) => Promise<unknown>;
  inUse: string;
}

const customerUsing =
  (field: 'customerKind' | 'customerNationality' | 'customerCity') =>
  async (api: MastersApi, id: string, name: string) => {
    return makeCustomer(api, await customerLookups(api, unique('Other')), {
      customerName: `${name} customer`,
      dateOfCreation: '2026-11-21T00:00:00.000Z',
      [field]: id,
    });
  };

const SCREENS: Screen[] = [
  {
    path: '/types',
    title: 'Product Types',
    field: 'productTypeName',
    label: 'Type Name',
    addLabel: 'Add Type',
    placeholder: 'Search types...',
    dialogs: { create: 'Add New Type', edit: 'Edit Type' },
    noun: 'Type',
    emptyText: 'No types found',
    required: 'Type name is required',
    max: 'Type name cannot exceed 100 characters',
    use: (api, id, name) =>
      api.create('/products', { productName: `${name} product`, productPrice: 1500, productType: id }),
    inUse: 'Cannot delete: 1 product uses this product type',
  },
  {
    path: '/customer-kinds',
    title: 'Customer Kinds',
    field: 'kindName',
    label: 'Kind Name',
    addLabel: 'Add Customer Kind',
    placeholder: 'Search kinds...',
    dialogs: { create: 'Add New Customer Kind', edit: 'Edit Customer Kind' },
    noun: 'Customer kind',
    emptyText: 'No customer kinds found',
    required: 'Kind name is required',
    min: 'Kind name must be at least 2 characters',
    max: 'Kind name cannot exceed 100 characters',
    use: customerUsing('customerKind'),
    inUse: 'Cannot delete: 1 customer uses this kind',
  },
  {
    path: '/customer-nationalities',
    title: 'Customer Nationalities',
    field: 'nationalityName',
    label: 'Nationality Name',
    addLabel: 'Add Customer Nationality',
    placeholder: 'Search nationalities...',
    dialogs: { create: 'Add New Customer Nationality', edit: 'Edit Customer Nationality' },
    noun: 'Customer nationality',
    emptyText: 'No customer nationalities found',
    required: 'Nationality name is required',
    min: 'Nationality name must be at least 2 characters',
    max: 'Nationality name cannot exceed 100 characters',
    use: customerUsing('customerNationality'),
    inUse: 'Cannot delete: 1 customer uses this nationality',
  },
  {
    path: '/customer-cities',
    title: 'Customer Cities',
    field: 'cityName',
    label: 'City Name',
    addLabel: 'Add Customer City',
    placeholder: 'Search cities...',
    dialogs: { create: 'Add New Customer City', edit: 'Edit Customer City' },
    noun: 'Customer city',
    emptyText: 'No customer cities found',
    required: 'City name is required',
    min: 'City name must be at least 2 characters',
    max: 'City name cannot exceed 100 characters',
    use: customerUsing('customerCity'),
    inUse: 'Cannot delete: 1 customer uses this city',
  },
];

for (const s of SCREENS) {
  test.describe(s.title, () => {
    test('validates the dialog, then creates and edits a record', async ({ page }) => {
      const name = unique(`${s.noun} new`);
      await page.goto(s.path);
      await expectTitle(page, s.title);
      await expect(searchBox(page)).toHaveAttribute('placeholder', s.placeholder);

      await page.getByRole('button', { name: s.addLabel }).click();
      const add = dialog(page, s.dialogs.create);
      const input = add.getByLabel(s.label);
      await expectRefusals(add, 'Create', [s.required]);
      if (s.min) {
        await input.fill('A');
        await expectRefusals(add, 'Create', [s.min]);
      }
      await input.fill('x'.repeat(101));
      await expectRefusals(add, 'Create', [s.max]);

      await input.fill(`  ${name}  `);
      await add.getByRole('button', { name: 'Create' }).click();
      await expectToast(page, `${s.noun} created successfully`);
      await expect(add).toBeHidden();
      await searchFor(page, s.title, name, 1);
      await expect(rowOf(page, s.title, name)).toContainText(new Date().getUTCFullYear().toString());

      await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
      const edit = dialog(page, s.dialogs.edit);
      await expect(edit.getByLabel(s.label)).toHaveValue(name);
      await edit.getByLabel(s.label).fill(`${name} renamed`);
      await edit.getByRole('button', { name: 'Update' }).click();
      await expectToast(page, `${s.noun} updated successfully`);
      await expect(rowOf(page, s.title, `${name} renamed`)).toHaveCount(1);
    });

    test('searches, pages by 10 and keeps the search in the address', async ({ page, api }) => {
      const prefix = unique('Paged');
      for (let i = 1; i <= 12; i++) await api.create(s.path, { [s.field]: `${prefix} ${String(i).padStart(2, '0')}` });

      await page.goto(s.path);
      await searchFor(page, s.title, prefix, 10);
      // Newest first: the last one made heads page 1.
      await expect(bodyRows(page, s.title).first()).toContainText(`${prefix} 12`);
      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(bodyRows(page, s.title)).toHaveCount(2);
      await expect(bodyRows(page, s.title).last()).toContainText(`${prefix} 01`);

      await page.reload();
      await expect(searchBox(page)).toHaveValue(prefix);
      await expect(bodyRows(page, s.title)).toHaveCount(2);
      await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');

      await searchFor(page, s.title, `${prefix} 07`, 1);
      await searchFor(page, s.title, unique('nothing like this'));
      await expect(page.getByText(s.emptyText, { exact: true })).toBeVisible();
    });

    test('deletes after the confirm question; a record in use stays, with the reason', async ({ page, api }) => {
      const name = unique(`${s.noun} gone`);
      const used = unique(`${s.noun} used`);
      await api.create(s.path, { [s.field]: name });
      const kept = await api.create(s.path, { [s.field]: used });
      await s.use(api, kept._id, used);

      await page.goto(s.path);
      await searchFor(page, s.title, name, 1);
      await deleteRow(page, name);
      await expectToast(page, `${s.noun} deleted successfully`);
      await expect(page.getByText(s.emptyText, { exact: true })).toBeVisible();

      await searchFor(page, s.title, used, 1);
      await deleteRow(page, used);
      await expectToast(page, s.inUse);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      await page.reload();
      await expect(rowOf(page, s.title, used)).toHaveCount(1);
    });
  });
}
