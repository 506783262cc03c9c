import { useState } from 'react';
import { CHEQUE_STATUSES, RESOURCES, type Cheque, type ChequeStatus } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Badge, Button, HStack, PlusIcon } from '@admin/shared/ui';
import {
  Can,
  CustomerFilter,
  DateRangeFilter,
  FilterSelect,
  MoneyText,
  ResourcePage,
  StatusChip,
  useResourceList,
  type Column,
} from '@admin/shared/ui-kit';
import { PAYMENTS_NAMESPACE } from '../i18n';
import { ReceiptLink } from '../common/receipt-link';
import { cheques } from './api';
import { ToDepositPanel } from './to-deposit-card';
import { ChequeStepDialog, type StepChoice } from './cheque-step-dialog';
import { stepsFrom } from './cheque-steps';
import { useBankName } from '../common/banks';
import { RecordChequeDialog } from './record-cheque-dialog';

const FILTERS = ['status', 'customer', 'from', 'to'] as const;

/** Where a cheque is, as staff say it: in hand, deposited, cleared, bounced, returned. */
const STATUS_COLORS: Record<ChequeStatus, string> = {
  in_hand: 'blue',
  deposited: 'purple',
  cleared: 'green',
  bounced: 'red',
  returned: 'gray',
  replaced: 'orange',
};

function useChequeColumns(): Column<Cheque>[] {
  const t = useT(PAYMENTS_NAMESPACE);
  const bankName = useBankName();
  return [
    { header: t('cheques.columns.chequeNumber'), cell: (c) => <bdi>{c.chequeNumber}</bdi>, sort: 'chequeNumber' },
    { header: t('fields.customer'), cell: (c) => c.customer.customerName, sort: 'customer' },
    { header: t('cheques.fields.bank'), cell: (c) => bankName(c.bank), sort: 'bank' },
    {
      header: t('cheques.fields.chequeDate'),
      sort: 'chequeDate',
      cell: (c) => (
        <HStack gap="2">
          <bdi>{formatDay(c.chequeDate)}</bdi>
          {c.postDated && (
            <Badge variant="outline" colorPalette="orange" title={t('cheques.postDated')}>
              {t('cheques.pdc')}
            </Badge>
          )}
        </HStack>
      ),
    },
    {
      header: t('columns.amount'),
      numeric: true,
      sort: 'amount',
      cell: (c) => <MoneyText fils={c.amount} dir="ltr" />,
    },
    {
      header: t('columns.status'),
      sort: 'status',
      cell: (c) => (
        <StatusChip status={c.status} label={t(`cheques.status.${c.status}`)} colorPalette={STATUS_COLORS[c.status]} />
      ),
    },
  ];
}

/** The cheque register: every cheque received, where it is, and the step it can take next. */
export function ChequesPage() {
  const t = useT(PAYMENTS_NAMESPACE);
  const columns = useChequeColumns();
  const { search, filters, setSearch, setFilter, list, paging } = useResourceList(cheques, FILTERS, undefined, {
    sort: 'chequeDate',
    order: 'asc',
  });
  const [recording, setRecording] = useState(false);
  const [step, setStep] = useState<StepChoice | null>(null);

  return (
    <>
      <ResourcePage<Cheque>
        title={t('cheques.title')}
        actions={
          <Can permission="cheques.create">
            <Button onClick={() => setRecording(true)}>
              <PlusIcon /> {t('cheques.record')}
            </Button>
          </Can>
        }
        banner={<ToDepositPanel />}
        search={{ value: search, onChange: setSearch, placeholder: t('cheques.searchPlaceholder') }}
        filters={
          <>
            <FilterSelect
              label={t('columns.status')}
              allLabel={t('cheques.filters.allStatuses')}
              options={CHEQUE_STATUSES.map((status) => ({ value: status, label: t(`cheques.status.${status}`) }))}
              value={filters.status}
              onChange={(value) => setFilter('status', value)}
            />
            <CustomerFilter value={filters.customer} onChange={(id) => setFilter('customer', id)} />
            <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
          </>
        }
        columns={columns}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={t('cheques.empty')}
        rowName={(c) => t('cheques.rowName', { cheque: c.chequeNumber })}
        rowActions={(cheque) => (
          <>
            {/* The receipts of what it posted, while none of it has been taken back. */}
            {cheque.reversals.length === 0 && (
              <Can permission="payments.read">
                {cheque.payments.map((payment) => (
                  <ReceiptLink key={payment._id} payment={payment} numbered={cheque.payments.length > 1} />
                ))}
              </Can>
            )}
            <Can permission="cheques.manage">
              {stepsFrom(cheque.status).map((next) => (
                <Button
                  key={next}
                  size="xs"
                  variant="outline"
                  aria-label={t(`cheques.step.${next}.label`, { cheque: cheque.chequeNumber })}
                  onClick={() => setStep({ cheque, step: next })}
                >
                  {t(`cheques.step.${next}`)}
                </Button>
              ))}
            </Can>
          </>
        )}
        history={RESOURCES.cheques.auditEntity}
        {...paging}
      />
      <RecordChequeDialog open={recording} onClose={() => setRecording(false)} />
      <ChequeStepDialog choice={step} onClose={() => setStep(null)} />
    </>
  );
}
