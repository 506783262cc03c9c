import { RESOURCES, SCHEDULE_STATUSES } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { MoneyText, ResourceScreen, StatusChip, useStatusLabel } from '@admin/shared/ui-kit';
import { useCustomerFilter } from '../common/customer-filter';
import { SALES_NAMESPACE } from '../i18n';
import { schedules } from './api';
import { DueCard } from './due-card';
import { usePeriodLabel } from './period-label';
import { scheduleForm } from './schedule-form';
import { ScheduleStepButtons, useScheduleSteps } from './schedule-steps';

export function SchedulesPage() {
  const t = useT(SALES_NAMESPACE);
  const statusLabel = useStatusLabel();
  const periodLabel = usePeriodLabel();
  const customerFilter = useCustomerFilter();
  const steps = useScheduleSteps();
  return (
    <>
      <ResourceScreen
        resource={schedules}
        title={t('schedules.title')}
        noun={t(RESOURCES.scheduledInvoices.noun)}
        addLabel={t('schedules.add')}
        searchPlaceholder={t('schedules.searchPlaceholder')}
        emptyText={t('schedules.empty')}
        banner={<DueCard steps={steps} />}
        filters={[
          {
            name: 'status',
            label: t('fields.status'),
            allLabel: t('filters.allStatus'),
            options: SCHEDULE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
          },
          customerFilter,
        ]}
        columns={[
          { header: t('columns.scheduleName'), cell: (s) => s.scheduleName, sort: 'scheduleName' },
          { header: t('columns.referenceNumber'), cell: (s) => s.referenceNumber ?? '', sort: 'referenceNumber' },
          { header: t('fields.customer'), cell: (s) => s.customer.customerName, sort: 'customer' },
          {
            header: t('columns.amount'),
            cell: (s) => <MoneyText fils={s.totalAmount} />,
            numeric: true,
            sort: 'totalAmount',
          },
          { header: t('columns.period'), cell: (s) => periodLabel(s.recurringPeriod), sort: 'recurringPeriod' },
          { header: t('fields.status'), cell: (s) => <StatusChip status={s.status} />, sort: 'status' },
          {
            header: t('columns.nextInvoice'),
            cell: (s) => (s.status === 'completed' ? '' : formatDay(s.nextInvoiceDate)),
            sort: 'nextInvoiceDate',
          },
          { header: t('columns.generated'), cell: (s) => s.generatedCount, numeric: true },
        ]}
        dateRange
        itemName={(s) => s.scheduleName}
        permissions={RESOURCES.scheduledInvoices.permissions}
        history={RESOURCES.scheduledInvoices.auditEntity}
        rowActions={(s) => <ScheduleStepButtons schedule={s} steps={steps} />}
        form={scheduleForm}
      />
      {steps.dialog}
    </>
  );
}
