import { beforeEach, describe, expect, it } from '@rstest/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Invoice, InvoiceInput } from '@admin/shared/contract';
import { businessToday, day, formatDay } from '@admin/shared/dates';
import {
  apiError,
  customerRecord,
  fakeApi,
  invoiceRecord,
  productRecord,
  renderForm,
  searchable,
  signInAs,
} from '@admin/shared/testing';
import { fils } from '@admin/shared/money';
import { invoiceForm } from './invoice-form';

const CUSTOMER = '11111111-1111-4111-8111-111111111111';
const ROUTER = '22222222-2222-4222-8222-222222222221';
const CABLE = '22222222-2222-4222-8222-222222222222';
const SETUP = '22222222-2222-4222-8222-222222222223';

let server: ReturnType<typeof fakeApi>;
beforeEach(() => {
  server = fakeApi({
    'GET /customers': searchable(
      [customerRecord({ _id: CUSTOMER, customerName: 'Acme Trading', customerAlternateName: 'أكمي' })],
      'customerName',
    ),
    'GET /products': searchable(
      [
        productRecord({ _id: ROUTER, productName: 'Router', productPrice: fils(1005) }),
        productRecord({ _id: CABLE, productName: 'Cable', productPrice: fils(333) }),
        productRecord({ _id: SETUP, productName: 'Setup', productPrice: fils(10_000) }),
      ],
      'productName',
    ),
  });
});

async function open(row?: Invoice, send?: (input: InvoiceInput) => Promise<unknown>) {
  const sent: InvoiceInput[] = [];
  await renderForm(invoiceForm, send ?? (async (input) => void sent.push(JSON.parse(JSON.stringify(input)))), row);
  return { sent, user: userEvent.setup() };
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const combobox = (name: string | RegExp) => screen.getByRole('combobox', { name });
const total = () => (field('Total Amount \\(KD\\)') as HTMLInputElement).value;

async function choose(user: ReturnType<typeof userEvent.setup>, box: HTMLElement, typed: string, option: string) {
  await user.type(box, typed);
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${option}`) }));
}

async function fillLine(user: ReturnType<typeof userEvent.setup>, n: number, product: string, quantity: string) {
  await choose(user, combobox(`Product (line ${n})`), product.slice(0, 3), product);
  const qty = screen.getByLabelText(`Quantity (line ${n})`);
  await user.clear(qty);
  await user.type(qty, quantity);
}

describe('invoice dialog', () => {
  it('starts as a Credit invoice dated today with one line that cannot be removed', async () => {
    await open();
    expect(screen.getByRole('dialog', { name: 'Add New Invoice' })).toBeTruthy();
    expect((field('Date') as HTMLInputElement).value).toBe(formatDay(businessToday()));
    expect((field('Payment Type') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Credit');
    expect(screen.getAllByRole('group', { name: /^Line \d/ })).toHaveLength(1);
    expect((screen.getByRole('button', { name: 'Remove line 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends the due date staff pick, and refuses one before the invoice date under the field', async () => {
    const { sent, user } = await open();
    await choose(user, combobox(/^Customer/), 'Acm', 'Acme Trading');
    await fillLine(user, 1, 'Setup', '1');
    await user.clear(field('Date'));
    await user.type(field('Date'), '10/11/2026');
    await user.type(field('Due Date'), '09/11/2026');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Due date cannot be before the invoice date')).toBeTruthy();
    await user.clear(field('Due Date'));
    await user.type(field('Due Date'), '31/12/2026');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      dateOfCreation: '2026-11-10T00:00:00.000Z',
      dueDate: '2026-12-31T00:00:00.000Z',
      credit: true,
    });
  });

  it('shows every required-field message and sends nothing', async () => {
    const { sent, user } = await open();
    await user.clear(field('Date'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    for (const message of [
      'Customer is required',
      'Date is required',
      'Product is required',
      'Unit price is required',
      'Total amount is required',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(sent).toEqual([]);
  });

  it('refuses a quantity out of range under the quantity, with no line total, and a non-number counts 1', async () => {
    const { sent, user } = await open();
    await choose(user, combobox(/^Customer/), 'acm', 'Acme Trading');
    await fillLine(user, 1, 'Router', '999999999');
    const line = within(screen.getByRole('group', { name: 'Line 1' }));
    expect(line.getByLabelText('Line total (line 1)').textContent).toContain('—');
    expect(total()).toBe('');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Quantity cannot be more than 1,000,000')).toBeTruthy();
    expect(screen.queryByText('Total amount is required')).toBeNull();
    expect(sent).toEqual([]);

    const qty = screen.getByLabelText('Quantity (line 1)');
    await user.clear(qty);
    await user.type(qty, 'abc');
    expect(line.getByLabelText('Line total (line 1)').textContent).toContain('1.005 KD');
    await user.clear(screen.getByLabelText('Unit price (line 1)'));
    await user.type(screen.getByLabelText('Unit price (line 1)'), '12,5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Use a point for decimals')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('fills unit prices from the chosen products and totals three lines exactly', async () => {
    const { sent, user } = await open();
    await choose(user, combobox(/^Customer/), 'acm', 'Acme Trading');
    await fillLine(user, 1, 'Router', '3');
    expect((screen.getByLabelText('Unit price (line 1)') as HTMLInputElement).value).toBe('1.005');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await fillLine(user, 2, 'Cable', '2');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await fillLine(user, 3, 'Setup', '1');

    // 3 × 1.005 + 2 × 0.333 + 1 × 10.000, in fils: no floating-point drift.
    expect(total()).toBe('13.681');
    expect(within(screen.getByRole('group', { name: 'Line 2' })).getByText('0.666 KD')).toBeTruthy();

    await user.type(field('Reference #'), '  PO-77 ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // Empty optional texts are left out of the request; the day goes as UTC midnight; no due date
    // chosen is null (the customer's terms).
    expect(sent[0]).toEqual({
      customer: CUSTOMER,
      dateOfCreation: `${businessToday()}T00:00:00.000Z`,
      dueDate: null,
      credit: true,
      referenceNumber: 'PO-77',
      status: 'unpaid',
      products: [
        { product: ROUTER, quantity: 3, unitPrice: 1005 },
        { product: CABLE, quantity: 2, unitPrice: 333 },
        { product: SETUP, quantity: 1, unitPrice: 10_000 },
      ],
      totalAmount: 13_681,
    });
  });

  it('takes a % or KD discount per line and for the invoice, and shows subtotal, discount and total as typed', async () => {
    const { sent, user } = await open();
    await choose(user, combobox(/^Customer/), 'acm', 'Acme Trading');
    await fillLine(user, 1, 'Router', '3');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await fillLine(user, 2, 'Cable', '1');
    expect(screen.queryByLabelText('Subtotal (KD)')).toBeNull();

    await user.type(screen.getByLabelText('Discount (line 1)'), '10');
    await user.selectOptions(screen.getByLabelText('Discount type (line 2)'), 'KD');
    await user.type(screen.getByLabelText('Discount (line 2)'), '0.033');
    await user.type(screen.getByLabelText('Invoice discount'), '10');

    // 3 × 1.005 less 10 % (0.3015 → 0.302), 0.333 less 0.033, then 10 % of 3.013 (0.3013 → 0.301).
    expect(within(screen.getByRole('group', { name: 'Line 1' })).getByText('2.713 KD')).toBeTruthy();
    expect((screen.getByLabelText('Subtotal (KD)') as HTMLInputElement).value).toBe('3.348');
    expect((screen.getByLabelText('Discount (KD)') as HTMLInputElement).value).toBe('0.636');
    expect(total()).toBe('2.712');

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      products: [
        { product: ROUTER, quantity: 3, unitPrice: 1005, discount: { percent: 10 } },
        { product: CABLE, quantity: 1, unitPrice: 333, discount: { amount: 33 } },
      ],
      discount: { percent: 10 },
      totalAmount: 2712,
    });
  });

  it("refuses a discount beyond the line's amount or 100 %, under the discount, and sends nothing", async () => {
    const { sent, user } = await open();
    await choose(user, combobox(/^Customer/), 'acm', 'Acme Trading');
    await fillLine(user, 1, 'Cable', '1');
    await user.selectOptions(screen.getByLabelText('Discount type (line 1)'), 'KD');
    await user.type(screen.getByLabelText('Discount (line 1)'), '0.334');
    await user.type(screen.getByLabelText('Invoice discount'), '100.5');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText("Discount cannot exceed the line's amount")).toBeTruthy();
    expect(screen.getByText('Percent must be between 0 and 100')).toBeTruthy();
    expect(total()).toBe('');
    expect(sent).toHaveLength(0);
  });

  it('searches customers on the server, 50 at a time, only while the list is open', async () => {
    const { user } = await open();
    expect(server.sent.filter((r) => r.url === '/customers')).toEqual([]);
    await user.type(combobox(/^Customer/), 'acm');
    await waitFor(() =>
      expect(server.sent).toContainEqual(
        expect.objectContaining({ url: '/customers', params: { limit: 50, search: 'acm' } }),
      ),
    );
    await user.click(await screen.findByRole('option', { name: /^Acme Trading/ }));
    expect((combobox(/^Customer/) as HTMLInputElement).value).toBe('Acme Trading');
  });

  it('counts a quantity that is not a number as 1, and edited prices change the total', async () => {
    const { user } = await open();
    await fillLine(user, 1, 'Router', '4');
    expect(total()).toBe('4.020');
    const qty = screen.getByLabelText('Quantity (line 1)') as HTMLInputElement;
    await user.clear(qty);
    expect(total()).toBe('1.005');
    await user.tab();
    expect(qty.value).toBe('1');

    const price = screen.getByLabelText('Unit price (line 1)');
    await user.clear(price);
    await user.type(price, '2.5');
    expect(total()).toBe('2.500');
    await user.clear(price);
    await user.type(price, '2.0005');
    expect(total()).toBe('');
  });

  it('removes lines down to one and keeps the total in step', async () => {
    const { user } = await open();
    await fillLine(user, 1, 'Router', '1');
    await user.click(screen.getByRole('button', { name: 'Add Line' }));
    await fillLine(user, 2, 'Setup', '2');
    expect(total()).toBe('21.005');
    expect((screen.getByRole('button', { name: 'Remove line 1' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove line 1' }));
    expect(total()).toBe('20.000');
    expect((screen.getByRole('button', { name: 'Remove line 1' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('edits a paid Cash invoice without changing its payment type or sending the paid status', async () => {
    const row = invoiceRecord({
      _id: '33333333-3333-4333-8333-333333333333',
      invoiceNumber: 'INV-000007',
      referenceNumber: 'R-1',
      customer: { _id: CUSTOMER, customerName: 'Acme Trading' },
      credit: false,
      dateOfCreation: day('2026-01-31T00:00:00.000Z'),
      dueDate: day('2026-01-31T00:00:00.000Z'),
      products: [
        { product: { _id: ROUTER, productName: 'Router' }, quantity: 2, unitPrice: fils(1005), lineTotal: fils(2010) },
      ],
      totalAmount: fils(2010),
      paidAmount: fils(2010),
      remainingAmount: fils(0),
      status: 'paid',
      createdAt: '2026-01-31T08:00:00.000Z',
      updatedAt: '2026-01-31T08:00:00.000Z',
    });
    const { sent, user } = await open(row);
    expect(screen.getByRole('dialog', { name: 'Edit Invoice' })).toBeTruthy();
    expect((combobox(/^Customer/) as HTMLInputElement).value).toBe('Acme Trading');
    expect((combobox('Product (line 1)') as HTMLInputElement).value).toBe('Router');
    expect((field('Payment Type') as HTMLSelectElement).disabled).toBe(true);
    expect((field('Status') as HTMLSelectElement).value).toBe('paid');
    expect(total()).toBe('2.010');
    await user.type(field('Notes'), 'Delivered');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      customer: CUSTOMER,
      dateOfCreation: '2026-01-31T00:00:00.000Z',
      credit: false,
      referenceNumber: 'R-1',
      notes: 'Delivered',
      products: [{ product: ROUTER, quantity: 2, unitPrice: 1005 }],
      totalAmount: 2010,
    });
  });

  it("puts the server's field errors under the fields", async () => {
    const { user } = await open(undefined, () =>
      Promise.reject(apiError({ manualInvoiceNumber: 'Invoice number A-1 already exists' }, 409)),
    );
    await choose(user, combobox(/^Customer/), 'acm', 'Acme Trading');
    await fillLine(user, 1, 'Cable', '1');
    await user.type(field('Manual Invoice #'), 'A-1');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Invoice number A-1 already exists')).toBeTruthy();
  });

  describe("the customer's credit limit", () => {
    const REFUSAL = 'Credit limit 5,000.000 KD: this invoice would bring Acme Trading to 5,340.250 KD';
    /** The API refuses the first request for the limit and takes the next; what was sent is kept. */
    async function refusedOnce() {
      const sent: InvoiceInput[] = [];
      const { user } = await open(undefined, async (input) => {
        sent.push(JSON.parse(JSON.stringify(input)));
        if (sent.length === 1) throw apiError({ override: REFUSAL }, 409);
      });
      await choose(user, combobox(/^Customer/), 'acm', 'Acme Trading');
      await fillLine(user, 1, 'Cable', '1');
      await user.click(screen.getByRole('button', { name: 'Create' }));
      expect(await screen.findByText(REFUSAL)).toBeTruthy();
      return { sent, user };
    }

    it('shows a sales user the refusal with its figures, and no way around it', async () => {
      signInAs('sales');
      const { sent } = await refusedOnce();
      expect(screen.queryByLabelText(/^Override credit limit: reason/)).toBeNull();
      expect(sent[0]?.override).toBeUndefined();
    });

    it('lets an accountant type the reason and send the invoice again with it', async () => {
      signInAs('accountant');
      const { sent, user } = await refusedOnce();
      await user.type(field('Override credit limit: reason'), 'Owner agreed by phone');
      await user.keyboard('{Enter}');
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]?.override).toEqual({ reason: 'Owner agreed by phone' });
    });
  });
});
