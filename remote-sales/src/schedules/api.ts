import { queryOptions } from '@tanstack/react-query';
import { api, dataOf } from '@admin/shared/api';
import { RESOURCES, type DueSchedules, type ScheduledInvoice, type ScheduleInput } from '@admin/shared/contract';
import { createResource } from '@admin/shared/query';

export const schedules = createResource<ScheduledInvoice, ScheduleInput>(RESOURCES.scheduledInvoices);

/** GET /scheduled-invoices/due: active schedules whose next invoice date has come. Under `all`, so every schedule change refreshes it. */
export const dueSchedulesQuery = queryOptions({
  queryKey: [...schedules.keys.all, 'due'] as const,
  queryFn: ({ signal }) => api.get<{ data: DueSchedules }>(`${schedules.path}/due`, { signal }).then(dataOf),
});

/** A lifecycle call: POST /scheduled-invoices/{id}/{step}. */
export function runScheduleStep(schedule: ScheduledInvoice, step: string, errorToast: string): Promise<unknown> {
  // Generate names the period staff saw, so one generated meanwhile is refused instead of doubled.
  const body = step === 'generate' ? { period: schedule.nextInvoiceDate } : undefined;
  return api.post(`${schedules.path}/${schedule._id}/${step}`, body, { errorToast });
}
