import { recurringPeriodLabel, SCHEDULE_STATUSES } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { MoneyText, ResourceScreen, StatusChip, type Option } from '@admin/shared/ui-kit';
import { CUSTOMER_FILTER } from '../customer/customer-filter';
import { invoiceKeys } from '../related-keys';
import { schedules } from './api';
import { DueCard } from './due-card';
import { scheduleForm } from './schedule-form';
import { ScheduleStepButtons, useScheduleSteps } from './schedule-steps';

const STATUS_OPTIONS: Option[] = SCHEDULE_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }));

export function SchedulesPage() {
  const steps = useScheduleSteps();
  return (
    <>
      <ResourceScreen
        resource={schedules}
        title="Scheduled Invoices"
        noun="Scheduled invoice"
        addLabel="Add Schedule"
        searchPlaceholder="Search schedules..."
        emptyText="No scheduled invoices found"
        banner={<DueCard steps={steps} />}
        filters={[
          { name: 'status', label: 'Status', allLabel: 'All Status', options: STATUS_OPTIONS },
          CUSTOMER_FILTER,
        ]}
        columns={[
          { header: 'Schedule Name', cell: (s) => s.scheduleName, sort: 'scheduleName' },
          { header: 'Reference #', cell: (s) => s.referenceNumber ?? '', sort: 'referenceNumber' },
          { header: 'Customer', cell: (s) => s.customer.customerName, sort: 'customer' },
          { header: 'Amount', cell: (s) => <MoneyText fils={s.totalAmount} />, numeric: true, sort: 'totalAmount' },
          { header: 'Period', cell: (s) => recurringPeriodLabel(s.recurringPeriod), sort: 'recurringPeriod' },
          { header: 'Status', cell: (s) => <StatusChip status={s.status} />, sort: 'status' },
          { header: 'Next Invoice', cell: (s) => (s.status === 'completed' ? '' : formatDay(s.nextInvoiceDate)), sort: 'nextInvoiceDate' },
          { header: 'Generated', cell: (s) => s.generatedCount, numeric: true },
        ]}
        dateRange
        itemName={(s) => s.scheduleName}
        permissions={{ create: 'schedules.create', update: 'schedules.update', delete: 'schedules.delete' }}
        history="schedule"
        rowActions={(s) => <ScheduleStepButtons schedule={s} steps={steps} />}
        form={scheduleForm}
        // Deleting a schedule unlinks the invoices it generated.
        invalidates={[invoiceKeys.all]}
      />
      {steps.dialog}
    </>
  );
}
