import * as v from 'valibot';
import { DayField, daySchema, FilsField, moneySchema } from './common';

/** What an accountant may write off without an administrator, unless the company sets another limit. */
export const DEFAULT_WRITE_OFF_LIMIT = 1_000;

/** The logo's image types, as its upload's Content-Type. */
export const LOGO_TYPES = ['image/png', 'image/svg+xml'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const MAX_LOGO_BYTES = 256 * 1024;
export const LOGO_TYPE_MESSAGE = 'The logo must be a PNG or SVG image';
export const LOGO_SIZE_MESSAGE = 'The logo cannot be larger than 256 KB';

/** A printed text: trimmed, at most `max` characters, '' when left empty. */
function printedText(label: string, max: number) {
  return v.pipe(
    v.string('This field must be text'),
    v.trim(),
    v.maxLength(max, `${label} cannot exceed ${max} characters`),
  );
}

/** PUT /settings/company: every field of the company block and the footer of printed documents. */
export const CompanySettingsInputSchema = v.strictObject({
  companyNameEn: v.pipe(printedText('Company name in English', 100), v.nonEmpty('Company name in English is required')),
  companyNameAr: v.pipe(printedText('Company name in Arabic', 100), v.nonEmpty('Company name in Arabic is required')),
  address: printedText('Address', 300),
  phone: v.pipe(
    printedText('Phone', 30),
    v.regex(/^[+\d\s()-]*$/, 'Phone can contain only digits, spaces, +, - and brackets'),
  ),
  email: v.pipe(
    printedText('Email', 254),
    v.check((email) => email === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email), 'Enter a valid email address'),
  ),
  commercialRegistration: printedText('Commercial registration number', 50),
  invoiceFooter: printedText('Invoice footer', 500),
  arabicIndicDigits: v.boolean('Arabic-Indic digits must be on or off'),
  /**
   * In fils: the most an accountant may write off on one invoice; above it only an administrator
   * may. Left out, the limit stays as it is.
   */
  writeOffLimit: v.optional(moneySchema('Write-off limit is required', 0, 'Write-off limit cannot be negative')),
});
export type CompanySettingsInput = v.InferOutput<typeof CompanySettingsInputSchema>;

/** GET /settings/company: the fields, and the logo's URL (named by its content hash) when there is one. */
export const CompanySettingsSchema = v.strictObject({
  companyNameEn: v.string(),
  companyNameAr: v.string(),
  address: v.string(),
  phone: v.string(),
  email: v.string(),
  commercialRegistration: v.string(),
  invoiceFooter: v.string(),
  arabicIndicDigits: v.boolean(),
  /** In fils: the most an accountant may write off on one invoice. */
  writeOffLimit: FilsField,
  logoUrl: v.nullable(v.string()),
  updatedAt: v.string(),
});
export type CompanySettings = v.InferOutput<typeof CompanySettingsSchema>;

export const HOLIDAY_MESSAGES = {
  day: 'Date is required',
  name: 'Holiday name is required',
  nameMax: 'Holiday name cannot exceed 100 characters',
  once: 'Each day can be a holiday only once',
  max: 'At most 100 public holidays',
} as const;

/** A day the business is closed besides Friday and Saturday (Kuwait's weekend). */
export const PublicHolidaySchema = v.strictObject({
  day: daySchema(HOLIDAY_MESSAGES.day),
  name: v.pipe(
    v.string(HOLIDAY_MESSAGES.name),
    v.trim(),
    v.nonEmpty(HOLIDAY_MESSAGES.name),
    v.maxLength(100, HOLIDAY_MESSAGES.nameMax),
  ),
});

/** Where the public holidays are read and replaced. */
export const HOLIDAYS_PATH = '/settings/holidays';

/** PUT /settings/holidays: the whole list, replacing the one kept. */
export const PublicHolidaysInputSchema = v.strictObject({
  holidays: v.pipe(
    v.array(PublicHolidaySchema),
    v.maxLength(100, HOLIDAY_MESSAGES.max),
    v.check((list) => new Set(list.map((holiday) => holiday.day)).size === list.length, HOLIDAY_MESSAGES.once),
  ),
});
export type PublicHolidaysInput = v.InferOutput<typeof PublicHolidaysInputSchema>;

/** GET /settings/holidays: the public holidays by date. */
export const PublicHolidaysSchema = v.strictObject({
  holidays: v.array(v.strictObject({ day: DayField, name: v.string() })),
});
export type PublicHolidays = v.InferOutput<typeof PublicHolidaysSchema>;
