import * as v from 'valibot';
import { sumFils, type Fils } from '../money';
import {
  DayField,
  daySchema,
  FilsField,
  ListQueryEntries,
  moneySchema,
  optionalDay,
  optionalText,
  queryFilter,
  refSchema,
  StampEntries,
  statusListFilter,
} from './common';
import { dateRangeEntries, sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';
import { CHEQUE_DETAIL_ENTRIES, CHEQUE_MESSAGES } from './cheque-details';
import { eachInvoiceOnce, PAYMENT_MESSAGES, PAYMENT_TYPES, RelatedInvoiceSchema } from './payments';

export { CHEQUE_MESSAGES } from './cheque-details';

/**
 * The cheque register. A cheque is in hand when received, then deposited, then cleared or bounced;
 * one in hand may be returned to the customer instead. A cheque dated after the day it was received
 * is post-dated: a promise, not money, until it clears (docs/decisions.md, "Cheques").
 */
export const CHEQUE_STATUSES = ['in_hand', 'deposited', 'cleared', 'bounced', 'returned', 'replaced'] as const;
export type ChequeStatus = (typeof CHEQUE_STATUSES)[number];

/** The steps of a cheque, each allowed from one status only, and the status it leads to. */
export const CHEQUE_STEPS = {
  deposit: { from: 'in_hand', to: 'deposited' },
  clear: { from: 'deposited', to: 'cleared' },
  bounce: { from: 'deposited', to: 'bounced' },
  return: { from: 'in_hand', to: 'returned' },
  replace: { from: 'bounced', to: 'replaced' },
} as const satisfies Record<string, { from: ChequeStatus; to: ChequeStatus }>;
export type ChequeStep = keyof typeof CHEQUE_STEPS;

/** Sum of the invoices' parts no more than the cheque: the rest is the customer's advance. */
const invoicesFitAmount = (input: { amount: Fils; relatedInvoices?: readonly { paidAmount: Fils }[] | null }) =>
  sumFils((input.relatedInvoices ?? []).map((line) => line.paidAmount)) <= input.amount;

/** POST /cheques: a cheque received, and the invoices it is meant for (each part in fils). */
export const ChequeInputSchema = v.pipe(
  v.strictObject({
    customer: refSchema(CHEQUE_MESSAGES.customer),
    ...CHEQUE_DETAIL_ENTRIES,
    amount: moneySchema(CHEQUE_MESSAGES.amount, 1, CHEQUE_MESSAGES.amountMin),
    receivedDate: daySchema(CHEQUE_MESSAGES.receivedDate),
    relatedInvoices: v.optional(
      v.nullable(
        v.pipe(
          v.array(RelatedInvoiceSchema, PAYMENT_MESSAGES.noInvoice),
          v.maxLength(200, 'A cheque can be meant for at most 200 invoices'),
          v.check((lines) => eachInvoiceOnce(lines), CHEQUE_MESSAGES.duplicateInvoice),
        ),
      ),
    ),
    notes: optionalText(1000, 'Notes cannot exceed 1000 characters'),
  }),
  v.forward(v.partialCheck([['amount'], ['relatedInvoices']], invoicesFitAmount, CHEQUE_MESSAGES.invoicesOverAmount), [
    'relatedInvoices',
  ]),
);
export type ChequeInput = v.InferOutput<typeof ChequeInputSchema>;

const stepDate = daySchema(CHEQUE_MESSAGES.date);
const reason = v.pipe(
  v.string(CHEQUE_MESSAGES.reason),
  v.trim(),
  v.nonEmpty(CHEQUE_MESSAGES.reason),
  v.maxLength(500, CHEQUE_MESSAGES.reasonMax),
);

/** POST /cheques/{id}/deposit */
export const ChequeDepositSchema = v.strictObject({
  date: stepDate,
  bankAccount: optionalText(100, 'Bank account cannot exceed 100 characters'),
});
/** POST /cheques/{id}/clear */
export const ChequeClearSchema = v.strictObject({ date: stepDate });
/** POST /cheques/{id}/bounce: `charge`, the bank's fee, is billed to the customer. */
export const ChequeBounceSchema = v.strictObject({
  date: stepDate,
  reason,
  charge: v.optional(v.nullable(moneySchema(CHEQUE_MESSAGES.charge, 1, CHEQUE_MESSAGES.chargeMin))),
});
/** POST /cheques/{id}/return: handed back to the customer while in hand. */
export const ChequeReturnSchema = v.strictObject({ date: stepDate, reason });
/**
 * POST /cheques/{id}/replace: a bounced cheque exchanged for a new one, received on `date`, meant
 * for what the bounced one was meant for; the new cheque is recorded as any other.
 */
export const ChequeReplaceSchema = v.strictObject({
  date: stepDate,
  ...CHEQUE_DETAIL_ENTRIES,
  amount: moneySchema(CHEQUE_MESSAGES.amount, 1, CHEQUE_MESSAGES.amountMin),
  notes: optionalText(1000, 'Notes cannot exceed 1000 characters'),
});

export type ChequeDeposit = v.InferOutput<typeof ChequeDepositSchema>;
export type ChequeClear = v.InferOutput<typeof ChequeClearSchema>;
export type ChequeBounce = v.InferOutput<typeof ChequeBounceSchema>;
export type ChequeReturn = v.InferOutput<typeof ChequeReturnSchema>;
export type ChequeReplace = v.InferOutput<typeof ChequeReplaceSchema>;

/** GET /cheques: page, limit, search (cheque number, customer name), filters, cheque date from/to. */
export const ChequeListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: statusListFilter(CHEQUE_STATUSES),
  customer: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer'))),
  bank: queryFilter(v.pipe(v.string(), v.uuid('Invalid bank'))),
  ...dateRangeEntries,
  ...sortEntries(LIST_SORTS.cheques),
});
export type ChequeListQuery = v.InferOutput<typeof ChequeListQuerySchema>;

/** A payment a cheque posted, or the entry that reversed one. */
export const ChequePaymentSchema = v.strictObject({
  _id: v.string(),
  paymentNumber: v.string(),
  paymentType: v.picklist(PAYMENT_TYPES),
  /** Negative on a reversal. */
  amount: FilsField,
  paymentDate: DayField,
});
export type ChequePayment = v.InferOutput<typeof ChequePaymentSchema>;

/** An invoice or a cheque a cheque names: its id and number, or null when there is none. */
const NamedInvoiceSchema = v.nullable(v.strictObject({ _id: v.string(), invoiceNumber: v.string() }));
const NamedChequeSchema = v.nullable(v.strictObject({ _id: v.string(), chequeNumber: v.string() }));

/** A cheque as the API answers it: exactly these fields. */
export const ChequeSchema = v.strictObject({
  ...StampEntries,
  chequeNumber: v.string(),
  bank: v.strictObject({ _id: v.string(), bankName: v.string(), bankNameAr: v.nullable(v.string()) }),
  drawerName: v.nullable(v.string()),
  chequeDate: DayField,
  amount: FilsField,
  receivedDate: DayField,
  /** Dated after the day it was received: it posts nothing until it clears. */
  postDated: v.boolean(),
  customer: v.strictObject({ _id: v.string(), customerName: v.string() }),
  /** The invoices it is meant for and each one's part. */
  relatedInvoices: v.array(v.strictObject({ invoice: v.string(), invoiceNumber: v.string(), paidAmount: FilsField })),
  notes: v.nullable(v.string()),
  status: v.picklist(CHEQUE_STATUSES),
  /** The day its payment was posted (received, or cleared when post-dated); null while nothing is. */
  postedDate: v.nullable(DayField),
  depositedDate: v.nullable(DayField),
  bankAccount: v.nullable(v.string()),
  clearedDate: v.nullable(DayField),
  bouncedDate: v.nullable(DayField),
  bounceReason: v.nullable(v.string()),
  bounceCharge: v.nullable(FilsField),
  returnedDate: v.nullable(DayField),
  returnReason: v.nullable(v.string()),
  /** What it posted: an invoice payment for its invoices and an advance for the rest (mode Check). */
  payments: v.array(ChequePaymentSchema),
  /** The entries a bounce or return made to take those payments back. */
  reversals: v.array(ChequePaymentSchema),
  /** What a bounce left owing of an advance the customer had already spent. */
  shortfallInvoice: NamedInvoiceSchema,
  /** The bank's charge for a bounce, billed as a Credit invoice. */
  chargeInvoice: NamedInvoiceSchema,
  /** The cheque this bounced one was exchanged for, or the bounced one this replaces. */
  replacedBy: NamedChequeSchema,
  replaces: NamedChequeSchema,
});
export type Cheque = v.InferOutput<typeof ChequeSchema>;

/** GET /cheques/to-deposit: as of a day (default the business day), what goes to the bank next. */
export const ChequesToDepositQuerySchema = v.strictObject({
  asOf: optionalDay('As-of date must be a date such as 2026-12-31'),
});
export type ChequesToDepositQuery = v.InferOutput<typeof ChequesToDepositQuerySchema>;

/** GET /cheques/to-deposit: `{ data: ChequesToDeposit }`. */
export const ChequesToDepositSchema = v.strictObject({
  /** The next business day: cheques dated up to it can go to the bank. */
  until: DayField,
  count: v.number(),
  totalAmount: FilsField,
  cheques: v.array(ChequeSchema),
});
export type ChequesToDeposit = v.InferOutput<typeof ChequesToDepositSchema>;

/** A post-dated cheque that covers part of an invoice, as the invoice's read shows it. */
export const CoveringChequeSchema = v.strictObject({
  _id: v.string(),
  chequeNumber: v.string(),
  chequeDate: DayField,
  /** The part of the cheque meant for this invoice. */
  amount: FilsField,
});
export type CoveringCheque = v.InferOutput<typeof CoveringChequeSchema>;

const STATUS_WORDS: Record<ChequeStatus, string> = {
  in_hand: 'in hand',
  deposited: 'deposited',
  cleared: 'cleared',
  bounced: 'bounced',
  returned: 'returned',
  replaced: 'replaced',
};
const STEP_DONE: Record<ChequeStep, string> = {
  deposit: 'deposited',
  clear: 'cleared',
  bounce: 'bounced',
  return: 'returned',
  replace: 'replaced',
};
/** The cheques a step is for, named by the status it starts from. */
const ALLOWED_FROM: Record<(typeof CHEQUE_STEPS)[ChequeStep]['from'], string> = {
  in_hand: 'a cheque in hand',
  deposited: 'a deposited cheque',
  bounced: 'a bounced cheque',
};

/** Why a step cannot be taken from `status`: 'Cheque 004512 is already deposited'. */
export function chequeStepRefusal(chequeNumber: string, status: ChequeStatus, step: ChequeStep): string {
  const { from, to } = CHEQUE_STEPS[step];
  if (status === to) return `Cheque ${chequeNumber} is already ${STATUS_WORDS[status]}`;
  return `Cheque ${chequeNumber} is ${STATUS_WORDS[status]}: only ${ALLOWED_FROM[from]} can be ${STEP_DONE[step]}`;
}
