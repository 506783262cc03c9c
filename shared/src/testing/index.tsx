// Test helpers for the areas' component tests (imported as @admin/shared/testing; never by app code).
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, type ByRoleOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useAuth } from '../auth';
import {
  day,
  fils,
  permissionsOf,
  type Approval,
  type Bank,
  type CompanySettings,
  type Customer,
  type Invoice,
  type MailSettings,
  type OutboxMessageDetail,
  type Payment,
  type Permission,
  type Product,
  type Role,
} from '../contract';
import { queryClient } from '../query';
import { MemoryRouter } from '../router';
import { UiProvider } from '../ui';
import { SchemaFormDialog, type FieldValues, type ResourceFormConfig } from '../ui-kit';

export { answer, apiError, fakeApi, list, searchable } from './fake-api';
export type { FakeHandler, SentRequest } from './fake-api';

/** Renders with the providers the host gives a remote: the page's QueryClient, the UI system and toaster, a router. */
export function renderPage(ui: ReactElement, path = '/') {
  return render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </UiProvider>
    </QueryClientProvider>,
  );
}

/** Puts a signed-in user with a role's permissions (or exactly the listed ones) in the page's auth store. */
export function signInAs(who: Role | Permission[]) {
  const role = Array.isArray(who) ? undefined : who;
  useAuth.setState({
    isAuthenticated: true,
    loading: false,
    token: 'test-token',
    user: {
      _id: 'test-user',
      username: role ?? 'tester',
      role,
      permissions: role ? permissionsOf(role) : (who as Permission[]),
    },
  });
}

/**
 * The dialog (or question, role 'alertdialog') once it is open as a user meets it: focus has moved
 * into it. Its focus trap starts a frame after it shows and moves focus to the first field, so a
 * test that typed in a later field before that frame would have the rest of its keys land there.
 */
export async function openDialog(options?: ByRoleOptions, role: 'dialog' | 'alertdialog' = 'dialog') {
  const dialog = await screen.findByRole(role, options);
  await waitFor(() => {
    if (!dialog.contains(document.activeElement)) throw new Error('The dialog has not taken focus yet');
  });
  return dialog;
}

/**
 * Opens a screen's add (no row) or edit dialog as the screen does, and hands each submission's
 * request body (the output of the form's schema) to `send`. Resolves once the dialog has focus.
 */
export async function renderForm<T, TValues extends FieldValues, TInput>(
  config: ResourceFormConfig<T, TValues, TInput>,
  send: (input: TInput) => Promise<unknown>,
  row?: T,
) {
  const children = config.children;
  const rendered = render(
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <SchemaFormDialog<TValues, TInput>
          open
          mode={row ? 'edit' : 'create'}
          title={row ? config.titles.edit : config.titles.create}
          schema={config.schema}
          defaultValues={row ? config.fromRow(row) : config.empty()}
          fields={config.fields}
          onSubmit={send}
          onClose={() => undefined}
        >
          {children && ((form) => children(form, row ?? null))}
        </SchemaFormDialog>
      </UiProvider>
    </QueryClientProvider>,
  );
  await openDialog();
  return rendered;
}

/** When the kit's records were created and last changed, as the API stamps every record. */
export const STAMPS = { createdAt: '2026-11-01T00:00:00.000Z', updatedAt: '2026-11-01T00:00:00.000Z' };

/** A customer as the API answers with one (Acme Trading, Salmiya, 30 days' terms, English documents), with `changes`. */
export function customerRecord(changes: Partial<Customer> = {}): Customer {
  return {
    _id: '11111111-1111-4111-8111-111111111111',
    customerName: 'Acme Trading',
    customerAlternateName: null,
    customerOldName: null,
    customerNewName: null,
    dateOfCreation: day('2026-11-01T00:00:00.000Z'),
    customerKind: { _id: 'k1', kindName: 'Retail' },
    customerNationality: { _id: 'n1', nationalityName: 'Kuwaiti' },
    customerCity: { _id: 'c1', cityName: 'Salmiya' },
    cityLocated: null,
    email: null,
    mobile: null,
    address: null,
    idNumber: null,
    acceptsEmail: true,
    sendReminders: true,
    creditLimit: null,
    maxOverdueDays: null,
    status: 'high',
    paymentTermsDays: 30,
    preferredLanguage: 'en',
    ...STAMPS,
    ...changes,
  };
}

/** A product as the API answers with one (Hosting, 12.500 KD, of the Services type), with `changes`. */
export function productRecord(changes: Partial<Product> = {}): Product {
  return {
    _id: '22222222-2222-4222-8222-222222222221',
    productName: 'Hosting',
    productPrice: fils(12_500),
    productType: { _id: 't1', productTypeName: 'Services' },
    ...STAMPS,
    ...changes,
  };
}

/** A payment as the API answers with one (PAY-000001, a 1.500 KD cash advance from Acme Trading), with `changes`. */
export function paymentRecord(changes: Partial<Payment> = {}): Payment {
  return {
    _id: 'cccccccc-cccc-4ccc-8ccc-ccccccccccc1',
    paymentNumber: 'PAY-000001',
    customer: { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Acme Trading' },
    paymentType: 'advance',
    paymentMode: 'Cash',
    amount: fils(1500),
    advanceUsed: fils(0),
    remainingAmountPaid: fils(0),
    allocations: [],
    paymentDate: day('2026-11-01T00:00:00.000Z'),
    referenceNumber: null,
    notes: null,
    ...STAMPS,
    ...changes,
  };
}

/** A bank as the API answers with one (National Bank of Kuwait, with its Arabic name), with `changes`. */
export function bankRecord(changes: Partial<Bank> = {}): Bank {
  return {
    _id: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbb1',
    bankName: 'National Bank of Kuwait',
    bankNameAr: 'بنك الكويت الوطني',
    ...STAMPS,
    ...changes,
  };
}

/**
 * An invoice as the API answers with one (INV-000042, Acme Trading's unpaid 1.500 KD Credit
 * invoice of 1 November, due 1 December, no lines), with `changes`.
 */
export function invoiceRecord(changes: Partial<Invoice> = {}): Invoice {
  return {
    _id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1',
    invoiceNumber: 'INV-000042',
    manualInvoiceNumber: null,
    referenceNumber: null,
    customer: { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Acme Trading' },
    credit: true,
    dateOfCreation: day('2026-11-01T00:00:00.000Z'),
    dueDate: day('2026-12-01T00:00:00.000Z'),
    products: [],
    totalAmount: fils(1500),
    paidAmount: fils(0),
    creditedAmount: fils(0),
    remainingAmount: fils(1500),
    status: 'unpaid',
    notes: null,
    schedule: null,
    schedulePeriod: null,
    ...STAMPS,
    ...changes,
  };
}

/** The company settings as the API answers them on a fresh install (nothing set yet), with `changes`. */
export function companySettingsRecord(changes: Partial<CompanySettings> = {}): CompanySettings {
  return {
    companyNameEn: '',
    companyNameAr: '',
    address: '',
    phone: '',
    email: '',
    commercialRegistration: '',
    invoiceFooter: '',
    arabicIndicDigits: false,
    writeOffLimit: fils(1_000),
    logoUrl: null,
    updatedAt: STAMPS.updatedAt,
    ...changes,
  };
}

/** The mail server's settings as the API answers them before any is set (no server, no password). */
export const UNSET_MAIL_SETTINGS: MailSettings = {
  configured: false,
  host: '',
  port: 587,
  secure: false,
  user: null,
  passwordSet: false,
  from: '',
  smtpUrl: false,
  updatedAt: null,
};

/**
 * A message of the outbox as the API answers with one (an invoice to Acme Trading's accounts,
 * queued, not tried yet), with `changes`.
 */
export function outboxMessageRecord(changes: Partial<OutboxMessageDetail> = {}): OutboxMessageDetail {
  return {
    _id: 'dddddddd-dddd-4ddd-8ddd-ddddddddddd1',
    to: 'accounts@acme.com.kw',
    subject: 'Invoice INV-000042',
    language: 'en',
    status: 'queued',
    lastError: null,
    attempts: 0,
    nextAttemptAt: null,
    sentAt: null,
    messageId: null,
    relatesTo: { kind: 'invoice', id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaa1' },
    resendOf: null,
    createdBy: 'admin',
    createdAt: STAMPS.createdAt,
    attachments: [],
    text: 'Please find attached invoice INV-000042.',
    html: null,
    attemptLog: [],
    ...changes,
  };
}

/**
 * A request waiting for approval as the API answers with one (a 4.000 KD refund to Acme Trading,
 * asked by an accountant), with `changes`: what a money write above the approval amount answers (202).
 */
export function approvalRecord(changes: Partial<Approval> = {}): Approval {
  return {
    _id: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeee1',
    kind: 'refund',
    status: 'pending_approval',
    amount: fils(4_000),
    customer: { _id: '11111111-1111-4111-8111-111111111111', customerName: 'Acme Trading' },
    targetId: null,
    input: {},
    requestedBy: { _id: 'u1', name: 'Accountant' },
    requestedAt: STAMPS.createdAt,
    decidedBy: null,
    decidedAt: null,
    reason: null,
    resultId: null,
    ...changes,
  };
}
