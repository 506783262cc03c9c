import type { CreditNote, Invoice } from '@admin/shared/contract';
import { day } from '@admin/shared/dates';
import { fils } from '@admin/shared/money';

// An invoice of two lines, paid in part, one chair of it already credited by NOTE: the tests' records.
export const ACME = '11111111-1111-4111-8111-111111111111';
export const INVOICE_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1';
export const CHAIR = '22222222-2222-4222-8222-222222222221';
const DESK = '22222222-2222-4222-8222-222222222222';

export const INVOICE: Invoice = {
  _id: INVOICE_ID,
  invoiceNumber: 'INV-000042',
  manualInvoiceNumber: null,
  referenceNumber: null,
  customer: { _id: ACME, customerName: 'Acme Trading' },
  credit: true,
  dateOfCreation: day('2026-11-01T00:00:00.000Z'),
  dueDate: day('2026-12-01T00:00:00.000Z'),
  products: [
    {
      product: { _id: CHAIR, productName: 'Chair' },
      quantity: 4,
      unitPrice: fils(10_000),
      lineTotal: fils(40_000),
    },
    { product: { _id: DESK, productName: 'Desk' }, quantity: 1, unitPrice: fils(60_000), lineTotal: fils(60_000) },
  ] as Invoice['products'],
  totalAmount: fils(100_000),
  paidAmount: fils(30_000),
  creditedAmount: fils(10_000),
  remainingAmount: fils(60_000),
  status: 'unpaid',
  notes: null,
  schedule: null,
  schedulePeriod: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

export const NOTE: CreditNote = {
  _id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc1',
  creditNoteNumber: 'CN-000001',
  invoice: { _id: INVOICE_ID, invoiceNumber: 'INV-000042' },
  customer: { _id: ACME, customerName: 'Acme Trading' },
  date: day('2026-11-20T00:00:00.000Z'),
  reason: 'return',
  lines: [
    { product: { _id: CHAIR, productName: 'Chair' }, quantity: 1, unitPrice: fils(10_000), lineTotal: fils(10_000) },
  ],
  amount: fils(10_000),
  owedAmount: fils(10_000),
  toAdvance: fils(0),
  notes: 'Broken leg',
  debitNotes: [],
  recordedBy: { _id: 'u1', username: 'accountant' },
  createdAt: '2026-11-20T00:00:00.000Z',
};
