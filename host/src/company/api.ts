import type { AxiosRequestConfig } from 'axios';
import { api, dataOf } from '@admin/shared/api';
import { queryOptions } from '@tanstack/react-query';
import {
  HOLIDAYS_PATH,
  MAIL_SETTINGS_PATH,
  CORE_RESOURCES,
  type CompanySettings,
  type CompanySettingsInput,
  type MailSettings,
  type MailSettingsInput,
  type MailTestResult,
  type PublicHolidays,
  type PublicHolidaysInput,
  PERIOD_LOCK_PATH,
  PERIOD_LOCK_REOPEN_PATH,
  type PeriodLock,
  type PeriodLockInput,
  type PeriodReopenInput,
  type PeriodReopenReject,
  REMINDER_SETTINGS_PATH,
  type ReminderSettings,
  type ReminderSettingsInput,
  APPROVAL_SETTINGS_PATH,
  type ApprovalSettings,
  type ApprovalSettingsInput,
  type Answer,
} from '@admin/shared/contract';
import { queryClient } from '@admin/shared/query';
import { companySettingsQuery } from '@admin/shared/ui-kit';

/** Every printed document reads the answer from the same query: it is replaced, not refetched. */
const keep = (settings: CompanySettings) => {
  queryClient.setQueryData(companySettingsQuery.queryKey, settings);
  return settings;
};

const { path } = CORE_RESOURCES.companySettings;

export function saveCompanySettings(input: CompanySettingsInput, config?: AxiosRequestConfig) {
  return api.put<Answer<CompanySettings>>(path, input, config).then((r) => keep(dataOf(r)));
}

/** The image itself is the body, typed as what it is (PNG or SVG); the API checks both. */
export function uploadLogo(file: File, config?: AxiosRequestConfig) {
  return api
    .put<Answer<CompanySettings>>(`${path}/logo`, file, {
      ...config,
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
    })
    .then((r) => keep(dataOf(r)));
}

export function removeLogo(config?: AxiosRequestConfig) {
  return api.delete<Answer<CompanySettings>>(`${path}/logo`, config).then((r) => keep(dataOf(r)));
}

/** GET /settings/holidays: the days the cheques to deposit skip besides Friday and Saturday. */
export const holidaysQuery = queryOptions({
  queryKey: ['public-holidays'] as const,
  queryFn: ({ signal }) => api.get<{ data: PublicHolidays }>(HOLIDAYS_PATH, { signal }).then(dataOf),
});

/** Replaces the whole list; the answer is the list kept, by date. */
export function saveHolidays(input: PublicHolidaysInput, config?: AxiosRequestConfig) {
  return api.put<{ data: PublicHolidays }>(HOLIDAYS_PATH, input, config).then((r) => {
    queryClient.setQueryData(holidaysQuery.queryKey, dataOf(r));
    return dataOf(r);
  });
}

/** The mail server (mail.settings): documents and test messages go through it. */

export const mailSettingsQuery = queryOptions({
  queryKey: ['mail-settings'] as const,
  queryFn: ({ signal }) => api.get<Answer<MailSettings>>(MAIL_SETTINGS_PATH, { signal }).then(dataOf),
});

export function saveMailSettings(input: MailSettingsInput, config?: AxiosRequestConfig) {
  return api.put<Answer<MailSettings>>(MAIL_SETTINGS_PATH, input, config).then((r) => {
    queryClient.setQueryData(mailSettingsQuery.queryKey, dataOf(r));
    return dataOf(r);
  });
}

/** Sends a test message now; answers what the mail server said. */
export function sendTestMessage(to: string, config?: AxiosRequestConfig) {
  return api.post<Answer<MailTestResult>>(`${MAIL_SETTINGS_PATH}/test`, { to }, config).then(dataOf);
}
/** GET /settings/reminders: the steps and texts of the payment reminders (the defaults until first saved). */
export const reminderSettingsQuery = queryOptions({
  queryKey: ['reminder-settings'] as const,
  queryFn: ({ signal }) => api.get<Answer<ReminderSettings>>(REMINDER_SETTINGS_PATH, { signal }).then(dataOf),
});

/** Replaces the reminder settings; the answer is what is kept, the steps in the order they come due. */
export function saveReminderSettings(input: ReminderSettingsInput, config?: AxiosRequestConfig) {
  return api.put<Answer<ReminderSettings>>(REMINDER_SETTINGS_PATH, input, config).then((r) => {
    queryClient.setQueryData(reminderSettingsQuery.queryKey, dataOf(r));
    return dataOf(r);
  });
}

/** GET /settings/approvals: for each kind, the amount above which a request waits for approval. */
export const approvalSettingsQuery = queryOptions({
  queryKey: ['approval-settings'] as const,
  queryFn: ({ signal }) => api.get<Answer<ApprovalSettings>>(APPROVAL_SETTINGS_PATH, { signal }).then(dataOf),
});

/** Replaces the approval amounts; the answer is what is kept. */
export function saveApprovalSettings(input: ApprovalSettingsInput, config?: AxiosRequestConfig) {
  return api.put<Answer<ApprovalSettings>>(APPROVAL_SETTINGS_PATH, input, config).then((r) => {
    queryClient.setQueryData(approvalSettingsQuery.queryKey, dataOf(r));
    return dataOf(r);
  });
}

/** GET /settings/period-lock: the day the books are closed through and the reopen waiting, if any. */
export const periodLockQuery = queryOptions({
  queryKey: ['period-lock'] as const,
  queryFn: ({ signal }) => api.get<Answer<PeriodLock>>(PERIOD_LOCK_PATH, { signal }).then(dataOf),
});

/** Each change answers the period as it now is: shown at once. */
const keepPeriodLock = (lock: PeriodLock) => {
  queryClient.setQueryData(periodLockQuery.queryKey, lock);
  return lock;
};

/** Closes the books through a day (forward only). */
export function closePeriod(input: PeriodLockInput, config?: AxiosRequestConfig) {
  return api.put<Answer<PeriodLock>>(PERIOD_LOCK_PATH, input, config).then((r) => keepPeriodLock(dataOf(r)));
}

/** Asks for the closed period to move back (null: open it all); another admin decides. */
export function askReopen(input: PeriodReopenInput, config?: AxiosRequestConfig) {
  return api.post<Answer<PeriodLock>>(PERIOD_LOCK_REOPEN_PATH, input, config).then((r) => keepPeriodLock(dataOf(r)));
}

export function approveReopen(id: string, config?: AxiosRequestConfig) {
  return api
    .post<Answer<PeriodLock>>(`${PERIOD_LOCK_REOPEN_PATH}/${id}/approve`, {}, config)
    .then((r) => keepPeriodLock(dataOf(r)));
}

export function rejectReopen(id: string, input: PeriodReopenReject, config?: AxiosRequestConfig) {
  return api
    .post<Answer<PeriodLock>>(`${PERIOD_LOCK_REOPEN_PATH}/${id}/reject`, input, config)
    .then((r) => keepPeriodLock(dataOf(r)));
}
