import * as v from 'valibot';
import { ApprovalSchema, ApprovalSettingsSchema } from './approvals';
import { LoginResponseSchema, ProfileResponseSchema } from './auth';
import { AuditEntrySchema, AuditVerifyResultSchema } from './audit';
import { CustomerBalanceRowSchema } from './balances';
import { ChequeSchema, ChequesToDepositSchema } from './cheques';
import { CollectionsReportSchema, CollectionStaffSchema } from './collections';
import { DayField } from './common';
import { CreditNoteSchema } from './credit-notes';
import { CreditPositionSchema, CustomerSchema } from './customers';
import { DashboardSummarySchema } from './dashboard';
import { InvoicePaymentStatusSchema, InvoiceSchema, InvoiceSettlementSchema } from './invoices';
import {
  BankSchema,
  CustomerCitySchema,
  CustomerKindSchema,
  CustomerNationalitySchema,
  ProductTypeSchema,
} from './lookups';
import { MailSettingsSchema, MailTestResultSchema, OutboxMessageDetailSchema, OutboxMessageSchema } from './mail';
import {
  CustomerBalanceSchema,
  CustomerPaymentSummarySchema,
  InvoicePaymentResultSchema,
  PaymentSchema,
} from './payments';
import { PeriodLockSchema } from './period-lock';
import { PlatformReleasesSchema, PlatformReportsSchema, ReportResultSchema } from './platform';
import { ProductSchema } from './products';
import { PaymentReceiptSchema } from './receipts';
import { AgingRowSchema, AgingTotalsSchema, CustomerStatementSchema } from './receivables';
import { ReminderSettingsSchema } from './reminders';
import { DueSchedulesSchema, ScheduledInvoiceSchema } from './schedules';
import { CompanySettingsSchema, PublicHolidaysSchema } from './settings';
import { PasswordResetResponseSchema, StaffUserSchema, UserCreatedResponseSchema } from './users';

/**
 * What every route answers, by status (docs/api.md). One rule for every JSON answer: what was
 * asked for is under `data`; a list adds `pagination` (and may add list-wide figures beside it);
 * an error is `{ message, errors?, requestId? }`. A few answers are not JSON (CSV, PDF, images,
 * metrics text) and name their content type instead. The API hands these schemas to its serializer
 * and its reference (/api/docs); the testing kit's fake API refuses an answer that does not fit.
 */

/** The envelope of every JSON answer that is not a list. */
export interface Answer<T> {
  data: T;
}

/** The answer `data` holds, in the envelope. */
export const answerOf = <S extends v.GenericSchema>(data: S) => v.object({ data });

export const PaginationSchema = v.object({
  page: v.number(),
  limit: v.number(),
  total: v.number(),
  pages: v.number(),
  totalPages: v.number(),
});

/** A list's page: its rows and where the page is among all of them. */
export const listAnswerOf = <S extends v.GenericSchema>(row: S) =>
  v.object({ data: v.array(row), pagination: PaginationSchema });

export const ErrorBodySchema = v.object({
  message: v.string(),
  errors: v.optional(v.record(v.string(), v.string())),
  requestId: v.optional(v.string()),
});

/**
 * An answer not declared field by field: kept open (the serializer keeps every field the service
 * returns). Only the reference itself is; every record, setting and report is a strict schema of
 * its area.
 */
export const FieldsSchema = v.looseObject({});

/** One answer of a route: a JSON body, or a file of this content type, or nothing (204). */
export interface RouteAnswer<S extends v.GenericSchema = v.GenericSchema> {
  status: number;
  json?: S;
  file?: string;
}

/**
 * A value with only its named fields: an open record's "any other field" is left out of its type,
 * so a record typed by an interface of its area fits it (an interface has no such index).
 */
type Named<T> = T extends readonly (infer Item)[]
  ? Named<Item>[]
  : T extends object
    ? { [K in keyof T as string extends K ? never : K]: Named<T[K]> }
    : T;

/**
 * What an answer carries on the wire: its JSON (the schema's input: plain numbers and strings, the
 * brands are the browser's reading of them), the file's text, or nothing.
 */
export type WireBodyOf<A> = A extends { json: infer S extends v.GenericSchema }
  ? Named<v.InferInput<S>>
  : A extends { file: string }
    ? string
    : undefined | null | '';

const ok = <S extends v.GenericSchema>(json: S, status = 200) => ({ status, json });
const rows = <S extends v.GenericSchema>(row: S) => ok(answerOf(v.array(row)));
const noContent = { status: 204 } as const;
const file = (contentType: string) => ({ status: 200, file: contentType });
/** A list route answers its page as JSON, or every matching row as CSV for `Accept: text/csv`. */
const listed = <S extends v.GenericSchema>(row: S) => [ok(listAnswerOf(row)), file('text/csv')] as const;
/** A write held for approval: the request waiting (202). */
const held = ok(answerOf(ApprovalSchema), 202);
/** A write the company's approval rule may hold: done (201, its record) or waiting as an approval request (202). */
const gated = <S extends v.GenericSchema>(done: S) => [ok(answerOf(done), 201), held] as const;

/** `{ [key]: answers }`, its key kept as the type it is (`GET /customers/:id`), not widened to string. */
const keyed = <K extends string, A>(key: K, answers: A) => ({ [key]: answers }) as { [P in K]: A };

const ProfileSchema = answerOf(ProfileResponseSchema);

/**
 * The collections the registry's CRUD routes serve: list (+ CSV), one, create, edit, delete;
 * `row` is the record they answer.
 */
function crud<P extends string, S extends v.GenericSchema>(path: P, row: S) {
  const one = answerOf(row);
  return {
    ...keyed(`GET ${path}`, listed(row)),
    ...keyed(`GET ${path}/:id`, [ok(one)] as const),
    ...keyed(`POST ${path}`, [ok(one, 201)] as const),
    ...keyed(`PUT ${path}/:id`, [ok(one)] as const),
    ...keyed(`DELETE ${path}/:id`, [noContent] as const),
  };
}

/** A lookup: its CRUD routes, and every row at once for the pickers (`/active`). */
const lookup = <P extends string, S extends v.GenericSchema>(path: P, row: S) => ({
  ...keyed(`GET ${path}/active`, [rows(row)] as const),
  ...crud(path, row),
});

/** A printed document's routes: its PDF, a link to share it (201) and sending it by e-mail (202). */
function document<Pdf extends string, Link extends string, Send extends string>(
  pdfPath: Pdf,
  linkPath: Link,
  sendPath: Send,
) {
  return {
    ...keyed(`GET ${pdfPath}`, [file('application/pdf')] as const),
    ...keyed(`POST ${linkPath}`, [
      ok(answerOf(v.strictObject({ url: v.string(), expiresAt: v.string() })), 201),
    ] as const),
    ...keyed(`POST ${sendPath}`, [ok(answerOf(OutboxMessageDetailSchema), 202)] as const),
  };
}

/** Every /api route's answers, keyed `METHOD /path` as the routes declare them (without /api). */
export const ROUTE_ANSWERS = {
  // Outside the envelope: the reference itself, the probes' status and the metrics scraper's text.
  'GET /docs': [ok(FieldsSchema)],
  'GET /health': [ok(v.strictObject({ status: v.string(), database: v.string() }))],
  'GET /ready': [
    ok(v.strictObject({ status: v.string(), database: v.string() })),
    // A probe reads the status; people read the message.
    ok(v.strictObject({ status: v.string(), database: v.string(), message: v.string() }), 503),
  ],
  'GET /metrics': [file('text/plain')],

  'POST /auth/login': [ok(answerOf(LoginResponseSchema))],
  'GET /auth/profile': [ok(ProfileSchema)],
  'POST /auth/password': [ok(ProfileSchema)],
  'PUT /auth/language': [noContent],
  'POST /auth/logout': [noContent],

  'GET /users': listed(StaffUserSchema),
  'GET /users/:id': [ok(answerOf(StaffUserSchema))],
  'POST /users': [ok(answerOf(UserCreatedResponseSchema), 201)],
  'PUT /users/:id': [ok(answerOf(StaffUserSchema))],
  'POST /users/:id/reset-password': [ok(answerOf(PasswordResetResponseSchema))],

  ...lookup('/types', ProductTypeSchema),
  ...lookup('/customer-kinds', CustomerKindSchema),
  ...lookup('/customer-nationalities', CustomerNationalitySchema),
  ...lookup('/customer-cities', CustomerCitySchema),
  ...lookup('/banks', BankSchema),
  ...crud('/customers', CustomerSchema),
  'GET /customers/:id/credit': [ok(answerOf(CreditPositionSchema))],
  ...crud('/products', ProductSchema),

  ...crud('/invoices', InvoiceSchema),
  'GET /invoices/:id/payments': [rows(InvoiceSettlementSchema)],
  'GET /invoices/:id/payment-status': [ok(answerOf(InvoicePaymentStatusSchema))],
  'POST /invoices/:id/promise': [ok(answerOf(InvoiceSchema))],
  'POST /invoices/:id/cancel': [ok(answerOf(CreditNoteSchema), 201)],
  'POST /invoices/:id/write-off': gated(CreditNoteSchema),
  'GET /credit-notes': listed(CreditNoteSchema),
  'GET /credit-notes/:id': [ok(answerOf(CreditNoteSchema))],
  'POST /credit-notes': gated(CreditNoteSchema),

  ...crud('/scheduled-invoices', ScheduledInvoiceSchema),
  'GET /scheduled-invoices/due': [ok(answerOf(DueSchedulesSchema))],
  'POST /scheduled-invoices/:id/activate': [ok(answerOf(ScheduledInvoiceSchema))],
  'POST /scheduled-invoices/:id/automate': [ok(answerOf(ScheduledInvoiceSchema))],
  'POST /scheduled-invoices/:id/pause': [ok(answerOf(ScheduledInvoiceSchema))],
  'POST /scheduled-invoices/:id/resume': [ok(answerOf(ScheduledInvoiceSchema))],
  'POST /scheduled-invoices/:id/generate': [
    ok(answerOf(v.strictObject({ invoice: InvoiceSchema, schedule: ScheduledInvoiceSchema })), 201),
  ],

  'GET /payments': listed(PaymentSchema),
  'GET /payments/:id': [ok(answerOf(PaymentSchema))],
  'GET /payments/:id/receipt': [ok(answerOf(PaymentReceiptSchema))],
  'POST /payments/advance': [ok(answerOf(PaymentSchema), 201)],
  'POST /payments/invoice': [ok(answerOf(InvoicePaymentResultSchema), 201)],
  // Done (201), or held as an approval request (202).
  'POST /payments/refund': [ok(answerOf(PaymentSchema), 201), held],
  'PUT /payments/:id': [ok(answerOf(PaymentSchema))],
  'DELETE /payments/:id': [noContent],
  'GET /payments/customer/:id/balance': [ok(answerOf(CustomerBalanceSchema))],
  'GET /payments/customer/:id/summary': [ok(answerOf(CustomerPaymentSummarySchema))],

  'GET /cheques': listed(ChequeSchema),
  'GET /cheques/to-deposit': [ok(answerOf(ChequesToDepositSchema))],
  'GET /cheques/:id': [ok(answerOf(ChequeSchema))],
  'POST /cheques': [ok(answerOf(ChequeSchema), 201)],
  'POST /cheques/:id/deposit': [ok(answerOf(ChequeSchema))],
  'POST /cheques/:id/clear': [ok(answerOf(ChequeSchema))],
  // Done, or held as an approval request (202).
  'POST /cheques/:id/bounce': [ok(answerOf(ChequeSchema)), held],
  'POST /cheques/:id/return': [ok(answerOf(ChequeSchema))],
  'POST /cheques/:id/replace': [ok(answerOf(ChequeSchema))],

  'GET /customer-balances': listed(CustomerBalanceRowSchema),
  'GET /receivables/aging': [
    ok(v.object({ ...listAnswerOf(AgingRowSchema).entries, asOf: DayField, totals: AgingTotalsSchema })),
    file('text/csv'),
  ],
  'GET /customers/:id/statement': [ok(answerOf(CustomerStatementSchema)), file('text/csv')],
  'GET /customers/:id/statement.csv': [file('text/csv')],
  'GET /collections': [ok(answerOf(CollectionsReportSchema)), file('text/csv')],
  'GET /collections/staff': [rows(CollectionStaffSchema)],
  'GET /dashboard/summary': [ok(answerOf(DashboardSummarySchema))],
  'GET /audit-log': listed(AuditEntrySchema),
  'GET /audit-log/verify': [ok(answerOf(AuditVerifyResultSchema))],

  'POST /platform/reports': [ok(answerOf(ReportResultSchema), 201)],
  'GET /platform/reports': [ok(answerOf(PlatformReportsSchema))],
  'GET /platform/releases': [ok(answerOf(PlatformReleasesSchema))],

  'GET /settings/company': [ok(answerOf(CompanySettingsSchema))],
  'PUT /settings/company': [ok(answerOf(CompanySettingsSchema))],
  'PUT /settings/company/logo': [ok(answerOf(CompanySettingsSchema))],
  'DELETE /settings/company/logo': [ok(answerOf(CompanySettingsSchema))],
  'GET /settings/company/logo/:file': [file('image/png'), file('image/svg+xml')],
  'GET /settings/holidays': [ok(answerOf(PublicHolidaysSchema))],
  'PUT /settings/holidays': [ok(answerOf(PublicHolidaysSchema))],

  ...document('/invoices/:id/pdf', '/invoices/:id/link', '/invoices/:id/send'),
  ...document('/credit-notes/:id/pdf', '/credit-notes/:id/link', '/credit-notes/:id/send'),
  ...document('/payments/:id/receipt.pdf', '/payments/:id/receipt/link', '/payments/:id/send'),
  ...document('/customers/:id/statement.pdf', '/customers/:id/statement/link', '/customers/:id/statement/send'),
  'GET /shared/:token': [file('application/pdf')],

  'GET /settings/mail': [ok(answerOf(MailSettingsSchema))],
  'PUT /settings/mail': [ok(answerOf(MailSettingsSchema))],
  'POST /settings/mail/test': [ok(answerOf(MailTestResultSchema))],
  'GET /outbox': listed(OutboxMessageSchema),
  'GET /outbox/:id': [ok(answerOf(OutboxMessageDetailSchema))],
  'POST /outbox/:id/resend': [ok(answerOf(OutboxMessageDetailSchema), 201)],
  'GET /settings/reminders': [ok(answerOf(ReminderSettingsSchema))],
  'PUT /settings/reminders': [ok(answerOf(ReminderSettingsSchema))],
  'GET /settings/approvals': [ok(answerOf(ApprovalSettingsSchema))],
  'PUT /settings/approvals': [ok(answerOf(ApprovalSettingsSchema))],
  'GET /approvals': listed(ApprovalSchema),
  'GET /approvals/:id': [ok(answerOf(ApprovalSchema))],
  'POST /approvals/:id/approve': [ok(answerOf(ApprovalSchema))],
  'POST /approvals/:id/reject': [ok(answerOf(ApprovalSchema))],
  'GET /settings/period-lock': [ok(answerOf(PeriodLockSchema))],
  'PUT /settings/period-lock': [ok(answerOf(PeriodLockSchema))],
  'POST /settings/period-lock/reopen': [ok(answerOf(PeriodLockSchema))],
  'POST /settings/period-lock/reopen/:id/approve': [ok(answerOf(PeriodLockSchema))],
  'POST /settings/period-lock/reopen/:id/reject': [ok(answerOf(PeriodLockSchema))],
} as const satisfies Record<string, readonly RouteAnswer[]>;

/** A route of the API, as its answers are keyed: `GET /customers/:id`. */
export type RouteKey = keyof typeof ROUTE_ANSWERS;

/** What route `K` may answer on the wire (any of its statuses). */
export type WireAnswerOf<K extends RouteKey> = WireBodyOf<(typeof ROUTE_ANSWERS)[K][number]>;

/** The answers a route declares: its `METHOD /path` entry (a HEAD route answers as its GET). */
export function answersOf(method: string, path: string): readonly RouteAnswer[] | undefined {
  const byKey: Partial<Record<string, readonly RouteAnswer[]>> = ROUTE_ANSWERS;
  return byKey[`${method === 'HEAD' ? 'GET' : method} ${path}`];
}
