import { totalOfLines, type InvoiceStatus, type LineInput, type ScheduleStatus } from '@admin/shared/contract';
import { addMonthsKeepingDay, businessToday, dayToUtcMidnight, type CalendarDay } from '@admin/shared/dates';
import type { Fils } from '@admin/shared/money';
import { eq } from 'drizzle-orm';
import type { Transaction } from '../db/connect';
import { onlyRow } from '../db/rows';
import { invoiceLines, scheduledInvoiceLines, scheduledInvoices } from '../db/schema';
import { pickCyclic } from '../lib/pick-cyclic';
import { writeLines } from '../modules/invoices/lines';
import { insertInvoice } from '../modules/invoices/service';
import { generateNextPeriod } from '../modules/scheduled-invoices/service';
import { settleCashInvoice } from '../modules/ledger/moves';
import { SYSTEM_ACTOR } from '../audit/trail';
import type { SeededMasters } from './masters';

/** What the sales seed created, for the areas seeded after it (payments). */
export interface SeededSales {
  /** Credit invoices that are open for payment: id, customer and total. */
  openInvoices: { id: string; customerId: string; totalAmount: Fils }[];
}

const HOUR = 60 * 60_000;
const CREDIT_STATUSES: InvoiceStatus[] = [
  'unpaid',
  'sent',
  'unpaid',
  'overdue',
  'sent',
  'draft',
  'unpaid',
  'cancelled',
];

function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** One to three lines, picked by position so the demo data is the same on every first start. */
function linesFor(i: number, catalogue: SeededMasters['products']): LineInput[] {
  return Array.from({ length: 1 + (i % 3) }, (_, j) => {
    const product = pickCyclic(catalogue, i * 7 + j * 5);
    return { product: product.id, quantity: 1 + ((i + j) % 4), unitPrice: product.price };
  });
}

/**
 * 36 invoices over the last two months (every fifth one Cash, settled at creation) and five
 * schedules: one per status, one of them automated, one due for a manual Generate.
 */
export async function seedSales(tx: Transaction, masters: SeededMasters, now: Date): Promise<SeededSales> {
  const today = businessToday(undefined, now);
  const openInvoices: SeededSales['openInvoices'] = [];

  for (let i = 0; i < 36; i++) {
    const customerId = pickCyclic(masters.customerIds, i * 3);
    const lines = linesFor(i, masters.products);
    const totalAmount = totalOfLines(lines)!;
    const dateOfCreation = dayToUtcMidnight(addDays(today, -60 + Math.floor(i * 1.7)));
    const credit = i % 5 !== 4;
    const status = credit ? pickCyclic(CREDIT_STATUSES, i) : 'unpaid';
    const at = new Date(now.getTime() - (36 - i) * 40 * HOUR);
    const id = await insertInvoice(tx, {
      customerId,
      credit,
      dateOfCreation,
      totalAmount,
      status,
      referenceNumber: i % 4 === 0 ? `PO-${4100 + i}` : null,
      manualInvoiceNumber: null,
      notes: i % 6 === 0 ? 'Delivery to the main office' : null,
      createdAt: at,
      updatedAt: at,
    });
    await writeLines(tx, invoiceLines, id, lines);
    if (!credit)
      await settleCashInvoice(tx, {
        invoiceId: id,
        customerId,
        amount: totalAmount,
        paymentDate: dateOfCreation,
        recordedBy: SYSTEM_ACTOR.id,
      });
    else if (['unpaid', 'sent', 'overdue'].includes(status)) openInvoices.push({ id, customerId, totalAmount });
  }

  // [name, reference, start (months from today), period, end (months from start) or null, status, automated]
  const schedules: [string, string | null, number, number, number | null, ScheduleStatus, boolean][] = [
    ['Monthly network maintenance', 'AMC-2026-01', -3, 1, null, 'active', true],
    ['Quarterly server health check', 'SHC-Q', -1, 3, 24, 'active', false],
    ['Annual antivirus renewal', null, 1, 12, null, 'inactive', false],
    ['Monthly on-site support', 'SUP-77', -2, 1, 12, 'paused', false],
    ['Office move (three visits)', 'MOVE-3', -8, 2, 4, 'completed', false],
  ];
  for (const [
    i,
    [scheduleName, referenceNumber, startMonths, recurringPeriod, endMonths, status, automated],
  ] of schedules.entries()) {
    const startDay = addMonthsKeepingDay(today, startMonths);
    const startDate = dayToUtcMidnight(startDay);
    const lines = linesFor(i + 40, masters.products);
    const schedule = onlyRow(
      await tx
        .insert(scheduledInvoices)
        .values({
          scheduleName,
          referenceNumber,
          customerId: pickCyclic(masters.customerIds, i * 5 + 2),
          dateOfCreation: dayToUtcMidnight(addDays(startDay, -7)),
          startDate,
          endDate: endMonths === null ? null : dayToUtcMidnight(addMonthsKeepingDay(startDay, endMonths)),
          recurringPeriod,
          totalAmount: totalOfLines(lines)!,
          // A completed schedule gets there by generating all its periods.
          status: status === 'completed' ? 'active' : status,
          automated,
          nextInvoiceDate: startDate,
          createdAt: new Date(now.getTime() - (10 - i) * 24 * HOUR),
        })
        .returning(),
    );
    await writeLines(tx, scheduledInvoiceLines, schedule.id, lines);
    for (let current = schedule; status === 'completed' && current.status !== 'completed';) {
      await generateNextPeriod(tx, current);
      current = onlyRow(await tx.select().from(scheduledInvoices).where(eq(scheduledInvoices.id, schedule.id)));
    }
  }
  return { openInvoices };
}
