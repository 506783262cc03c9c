import * as v from 'valibot';
import { addMonthsKeepingDay, dayToUtcMidnight, toDay, type Day } from '../dates';
import {
  DayField,
  daySchema,
  FilsField,
  ListQueryEntries,
  nameSchema,
  optionalLine,
  optionalText,
  queryFilter,
  REAL_DATE_MESSAGE,
  refSchema,
  StampEntries,
  statusListFilter,
} from './common';
import { dateRangeEntries, sortEntries } from './list-order';
import { LIST_SORTS } from './list-sorts';
import { DiscountField, DISCOUNT_MESSAGES } from './discounts';
import { discountFits, INVOICE_STATUSES, LineSchema, linesEntries, totalAgrees, totalDiffers } from './invoices';

export const SCHEDULE_STATUSES = ['inactive', 'active', 'paused', 'completed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
/** The choices of the recurring period: 1 to 12 months. */
export const RECURRING_PERIODS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export const recurringPeriodLabel = (months: number) => (months === 1 ? '1 Month' : `${months} Months`);

const PERIOD_REQUIRED = 'Recurring period is required';

/** POST /scheduled-invoices and PUT /scheduled-invoices/{id}. The lifecycle has its own calls. */
export const ScheduleInputSchema = v.pipe(
  v.strictObject({
    scheduleName: nameSchema({
      required: 'Schedule name is required',
      max: 'Schedule name cannot exceed 100 characters',
    }),
    referenceNumber: optionalLine(100, 'Reference number cannot exceed 100 characters'),
    customer: refSchema('Customer is required'),
    dateOfCreation: daySchema('Date of creation is required'),
    startDate: daySchema('Start date is required'),
    endDate: v.optional(v.nullable(v.union([v.literal(''), daySchema(REAL_DATE_MESSAGE)], REAL_DATE_MESSAGE))),
    recurringPeriod: v.pipe(
      v.number(PERIOD_REQUIRED),
      v.integer(PERIOD_REQUIRED),
      v.minValue(1, 'Recurring period must be between 1 and 12 months'),
      v.maxValue(12, 'Recurring period must be between 1 and 12 months'),
    ),
    notes: optionalText(2000, 'Notes cannot exceed 2000 characters'),
    ...linesEntries,
  }),
  v.forward(v.partialCheck([['products'], ['discount']], discountFits, DISCOUNT_MESSAGES.exceedsLines), ['discount']),
  v.forward(v.partialCheck([['products'], ['discount'], ['totalAmount']], totalAgrees, totalDiffers), ['totalAmount']),
  v.forward(
    v.partialCheck(
      [['startDate'], ['endDate']],
      (input) => !input.endDate || toDay(input.endDate) >= toDay(input.startDate),
      'End date cannot be before the start date',
    ),
    ['endDate'],
  ),
);
export type ScheduleInput = v.InferOutput<typeof ScheduleInputSchema>;

/**
 * POST /scheduled-invoices/{id}/generate. `period` is the next invoice date the caller saw: if
 * someone generated it meanwhile the answer is 409 instead of a second invoice. Without it the
 * schedule's current next period is generated.
 */
export const GenerateInputSchema = v.optional(
  v.nullable(v.strictObject({ period: v.optional(daySchema('Invalid period', 'Invalid period')) })),
);
export type GenerateInput = v.InferOutput<typeof GenerateInputSchema>;

/** GET /scheduled-invoices: page, limit, search (name, reference, customer name), status, customer. */
export const ScheduleListQuerySchema = v.strictObject({
  ...ListQueryEntries,
  status: statusListFilter(SCHEDULE_STATUSES),
  customer: queryFilter(v.pipe(v.string(), v.uuid('Invalid customer'))),
  /** The range bounds the next invoice date. */
  ...dateRangeEntries,
  ...sortEntries(LIST_SORTS.schedules),
});
export type ScheduleListQuery = v.InferOutput<typeof ScheduleListQuerySchema>;

/**
 * The invoice dates of periods `from`, `from + 1`, … (at most `count`), ending at the end date.
 * Period k is the start date plus k × the recurring period in months, counted from the start so
 * a schedule on the 31st comes back to the 31st after a short month.
 */
export function scheduleDates(
  schedule: { startDate: string; recurringPeriod: number; endDate?: string | null },
  from: number,
  count: number,
): Day[] {
  const start = toDay(schedule.startDate);
  const end = schedule.endDate ? toDay(schedule.endDate) : undefined;
  const dates: Day[] = [];
  for (let k = from; dates.length < count; k++) {
    const date = addMonthsKeepingDay(start, k * schedule.recurringPeriod);
    if (end && date > end) break;
    dates.push(dayToUtcMidnight(date));
  }
  return dates;
}

/** A scheduled invoice as the API answers it: exactly these fields. */
export const ScheduledInvoiceSchema = v.strictObject({
  ...StampEntries,
  scheduleName: v.string(),
  referenceNumber: v.nullable(v.string()),
  customer: v.strictObject({ _id: v.string(), customerName: v.string() }),
  dateOfCreation: DayField,
  startDate: DayField,
  endDate: v.nullable(DayField),
  recurringPeriod: v.number(),
  products: v.array(LineSchema),
  /** Off the sum of the line totals, only when it has one; each generated invoice carries it. */
  discount: v.optional(DiscountField),
  totalAmount: FilsField,
  notes: v.nullable(v.string()),
  status: v.picklist(SCHEDULE_STATUSES),
  /** Generates its due periods by itself (set by Automate). */
  automated: v.boolean(),
  /** The date of the next period to generate; past the end date once completed. */
  nextInvoiceDate: DayField,
  /** Active and its next invoice date is on or before today (business time zone). */
  isDue: v.boolean(),
  /** The next invoice dates (up to 3) while the schedule has periods left. */
  upcomingDates: v.array(DayField),
  /** The invoices it generated that still exist, oldest period first. */
  generatedInvoices: v.array(
    v.strictObject({
      _id: v.string(),
      invoiceNumber: v.string(),
      schedulePeriod: DayField,
      totalAmount: FilsField,
      status: v.picklist(INVOICE_STATUSES),
    }),
  ),
  generatedCount: v.number(),
});
export type ScheduledInvoice = v.InferOutput<typeof ScheduledInvoiceSchema>;

/** GET /scheduled-invoices/due: `data.data` is the list the screen reads. */
export const DueSchedulesSchema = v.strictObject({ data: v.array(ScheduledInvoiceSchema), count: v.number() });
export type DueSchedules = v.InferOutput<typeof DueSchedulesSchema>;
