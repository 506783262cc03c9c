import { DEFAULT_WRITE_OFF_LIMIT, LOGO_TYPES } from '@admin/shared/contract';
import { fils } from '@admin/shared/money';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, day, listSql, money, updatedAt } from './columns';

/** The company's details printed on invoices and statements: a single row, id 1 (migration 0007). */
export const companySettings = pgTable(
  'company_settings',
  {
    id: integer('id').primaryKey().default(1),
    companyNameEn: text('company_name_en').notNull().default(''),
    companyNameAr: text('company_name_ar').notNull().default(''),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    commercialRegistration: text('commercial_registration').notNull().default(''),
    invoiceFooter: text('invoice_footer').notNull().default(''),
    arabicIndicDigits: boolean('arabic_indic_digits').notNull().default(false),
    /** What an accountant may write off on one invoice (migration 0021_credit_notes); above it an administrator. */
    writeOffLimit: money('write_off_limit').notNull().default(fils(DEFAULT_WRITE_OFF_LIMIT)),
    /**
     * The amounts in fils above which a refund, a credit note, a write-off or a cheque's bounce waits
     * for another staff member's approval (migration 0031_approvals); null: never.
     */
    approvalRefund: money('approval_refund'),
    approvalCreditNote: money('approval_credit_note'),
    approvalWriteOff: money('approval_write_off'),
    approvalBounce: money('approval_bounce'),
    logo: bytea('logo'),
    logoType: text('logo_type', { enum: LOGO_TYPES }),
    /** Hex SHA-256 of the logo: its URL, so a new logo is a new URL and an old one can be cached forever. */
    logoSha256: text('logo_sha256'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('company_settings_single_row', sql`${t.id} = 1`),
    check('company_settings_write_off_limit_check', sql`${t.writeOffLimit} >= 0`),
    check('company_settings_logo_type_check', sql`${t.logoType} in ${listSql(LOGO_TYPES)}`),
  ],
);

/** The days the business is closed besides its weekend: the cheques to deposit skip them. */
export const publicHolidays = pgTable('public_holidays', {
  day: day('day').primaryKey(),
  name: text('name').notNull(),
});
