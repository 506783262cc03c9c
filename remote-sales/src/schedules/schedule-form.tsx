import { Fragment } from 'react';
import {
  RECURRING_PERIODS,
  scheduleDates,
  ScheduleInputSchema,
  type ScheduledInvoice,
  type ScheduleInput,
} from '@admin/shared/contract';
import { businessToday, formatDay, isDay, toDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Box, FormField, Stack, Text } from '@admin/shared/ui';
import {
  Controller,
  CustomerField,
  DateInput,
  emptyToAbsent,
  FieldGrid,
  formSchema,
  useWatch,
  type UseFormReturn,
  type Option,
  type ResourceFormConfig,
} from '@admin/shared/ui-kit';
import { SALES_NAMESPACE, salesText } from '../i18n';
import { LinesAndNotes } from '../common/lines/lines-and-notes';
import { emptyLines, linesFromRecord, linesInput, type LinesFormValues } from '../common/lines/line-values';
import { usePeriodLabel } from './period-label';

/** What the schedule dialog edits; turned into the request by the same schema the API validates with. */
export interface ScheduleFormValues extends LinesFormValues {
  scheduleName: string;
  referenceNumber: string;
  customer: string;
  /** Shown in the customer box; not sent. */
  customerName: string;
  /** Days as typed, 'YYYY-MM-DD'; the end date may be ''. */
  dateOfCreation: string;
  startDate: string;
  endDate: string;
  /** '' until a period is chosen, else '1' … '12'. */
  recurringPeriod: string;
  notes: string;
}

/** How many upcoming invoice dates the dialog shows. */
export const UPCOMING_SHOWN = 5;

/**
 * The request body, checked by the contract's ScheduleInputSchema (its messages land under the
 * matching fields; days go as UTC midnight): the period as a number, no end date as null, empty
 * optional texts left out.
 */
export const scheduleFormSchema = formSchema(
  (values: ScheduleFormValues) => ({
    scheduleName: values.scheduleName,
    referenceNumber: emptyToAbsent(values.referenceNumber),
    customer: values.customer,
    dateOfCreation: values.dateOfCreation,
    startDate: values.startDate,
    endDate: values.endDate || null,
    // No period chosen is not a number, which the contract calls missing.
    recurringPeriod: values.recurringPeriod === '' ? Number.NaN : Number(values.recurringPeriod),
    notes: emptyToAbsent(values.notes),
    ...linesInput(values),
  }),
  ScheduleInputSchema,
);

/** Whether the schedule has generated a period: then its start date and period are fixed. */
const hasGenerated = (row: ScheduledInvoice | null) =>
  Boolean(row && toDay(row.nextInvoiceDate) !== toDay(row.startDate));

/**
 * The next invoice dates the values describe: from the first period for a new schedule, from
 * the next one to generate for a schedule that has generated some. Empty while incomplete.
 */
export function upcomingDates(
  values: Pick<ScheduleFormValues, 'startDate' | 'endDate' | 'recurringPeriod'>,
  row: ScheduledInvoice | null,
): string[] {
  const period = Number(values.recurringPeriod);
  if (!isDay(values.startDate) || !values.recurringPeriod || !Number.isInteger(period)) return [];
  const endDate = isDay(values.endDate) ? values.endDate : null;
  if (!hasGenerated(row))
    return scheduleDates({ startDate: values.startDate, recurringPeriod: period, endDate }, 0, UPCOMING_SHOWN);
  const next = toDay(row!.nextInvoiceDate);
  const from = scheduleDates({ startDate: values.startDate, recurringPeriod: period }, 0, 10_000).findIndex(
    (d) => toDay(d) >= next,
  );
  return from < 0
    ? []
    : scheduleDates({ startDate: values.startDate, recurringPeriod: period, endDate }, from, UPCOMING_SHOWN);
}

export const scheduleForm: ResourceFormConfig<ScheduledInvoice, ScheduleFormValues, ScheduleInput> = {
  // Read as the dialog renders, so they are in the language of the moment.
  get titles() {
    return { create: salesText('schedules.addTitle'), edit: salesText('schedules.editTitle') };
  },
  schema: scheduleFormSchema,
  size: 'xl',
  empty: () => ({
    scheduleName: '',
    referenceNumber: '',
    customer: '',
    customerName: '',
    dateOfCreation: businessToday(),
    startDate: businessToday(),
    endDate: '',
    recurringPeriod: '',
    notes: '',
    ...emptyLines(),
  }),
  fromRow: (row) => ({
    scheduleName: row.scheduleName,
    referenceNumber: row.referenceNumber ?? '',
    customer: row.customer._id,
    customerName: row.customer.customerName,
    dateOfCreation: toDay(row.dateOfCreation),
    startDate: toDay(row.startDate),
    endDate: row.endDate ? toDay(row.endDate) : '',
    recurringPeriod: String(row.recurringPeriod),
    notes: row.notes ?? '',
    ...linesFromRecord(row),
  }),
  children: (form, row) => <ScheduleFields form={form} row={row} />,
};

function ScheduleFields({
  form,
  row,
}: {
  form: UseFormReturn<ScheduleFormValues, unknown, ScheduleInput>;
  row: ScheduledInvoice | null;
}) {
  const t = useT(SALES_NAMESPACE);
  const periodLabel = usePeriodLabel();
  // The periods, after an empty first choice so that 'Recurring period is required' can be seen.
  const periodOptions: Option[] = [
    { value: '', label: t('schedules.selectPeriod') },
    ...RECURRING_PERIODS.map((months) => ({ value: String(months), label: periodLabel(months) })),
  ];
  const [startDate, endDate, recurringPeriod] = useWatch({
    control: form.control,
    name: ['startDate', 'endDate', 'recurringPeriod'],
  });
  const locked = hasGenerated(row);
  const errors = form.formState.errors;
  const upcoming = upcomingDates({ startDate, endDate, recurringPeriod }, row);

  return (
    <Stack gap="4">
      <FieldGrid
        form={form}
        fields={[
          { name: 'scheduleName', label: t('fields.scheduleName'), required: true },
          { name: 'referenceNumber', label: t('fields.referenceNumber') },
          <CustomerField keepName />,
          { name: 'dateOfCreation', label: t('fields.dateOfCreation'), kind: 'date', required: true },
          <FormField label={t('fields.startDate')} required error={errors.startDate?.message}>
            {/* Read-only rather than disabled: the form leaves a disabled input's value out. */}
            <Controller
              control={form.control}
              name="startDate"
              render={({ field: f }) => (
                <DateInput name={f.name} readOnly={locked} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />
              )}
            />
          </FormField>,
          { name: 'endDate', label: t('fields.endDate'), kind: 'date' },
          {
            name: 'recurringPeriod',
            label: t('fields.recurringPeriod'),
            kind: 'select',
            options: periodOptions,
            required: true,
            disabled: locked,
          },
        ]}
      />
      {locked && (
        <Text fontSize="xs" color="fg.muted">
          {t('schedules.lockedHint')}
        </Text>
      )}
      <Box role="status" aria-label={t('schedules.upcoming')} bg="bg.muted" rounded="md" px="3" py="2">
        <Text fontSize="sm" fontWeight="medium">
          {t('schedules.upcoming')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {upcoming.length
            ? // Each date reads left to right, between the language's own commas.
              upcoming.map((date, i) => (
                <Fragment key={date}>
                  {i > 0 && t('schedules.upcomingSeparator')}
                  <bdi>{formatDay(date)}</bdi>
                </Fragment>
              ))
            : startDate && recurringPeriod
              ? t('schedules.upcomingNone')
              : t('schedules.upcomingHint')}
        </Text>
      </Box>
      <LinesAndNotes />
    </Stack>
  );
}
