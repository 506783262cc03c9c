import { useState } from 'react';
import { CREDIT_NOTE_REASONS, RESOURCES, type CreditNote } from '@admin/shared/contract';
import { formatDay } from '@admin/shared/dates';
import { useT } from '@admin/shared/i18n';
import { Link } from '@admin/shared/router';
import { Button, IconButton, PlusIcon, PrintIcon, Stack, Text } from '@admin/shared/ui';
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
import { SALES_NAMESPACE } from '../i18n';
import { creditNotes } from './api';
import { IssueCreditNoteDialog } from '../common/credit-notes/issue-credit-note-dialog';
import { DebitNoteDialog } from './debit-note-dialog';

const FILTERS = ['customer', 'reason', 'from', 'to'] as const;

function useCreditNoteColumns(): Column<CreditNote>[] {
  const t = useT(SALES_NAMESPACE);
  return [
    {
      header: t('creditNotes.columns.number'),
      cell: (n) => (
        <Stack gap="1" align="start">
          <bdi>{n.creditNoteNumber}</bdi>
          {n.debitNotes.map((debitNote) => (
            <Text key={debitNote._id} fontSize="xs" color="fg.muted">
              {t('creditNotes.correctedBy', { number: debitNote.invoiceNumber })}
            </Text>
          ))}
        </Stack>
      ),
      sort: 'creditNoteNumber',
    },
    { header: t('columns.invoiceNumber'), cell: (n) => <bdi>{n.invoice.invoiceNumber}</bdi>, sort: 'invoice' },
    { header: t('fields.customer'), cell: (n) => n.customer.customerName, sort: 'customer' },
    {
      header: t('creditNotes.fields.reason'),
      sort: 'reason',
      cell: (n) => <StatusChip status={n.reason} label={t(`creditNotes.reason.${n.reason}`)} colorPalette="purple" />,
    },
    {
      header: t('columns.amount'),
      numeric: true,
      sort: 'amount',
      cell: (n) => <MoneyText fils={n.amount} dir="ltr" />,
    },
    { header: t('creditNotes.fields.date'), sort: 'date', cell: (n) => <bdi>{formatDay(n.date)}</bdi> },
  ];
}

/** Credit notes: listed, searched, filtered, exported and printed; issued here or from an invoice, never edited. */
export function CreditNotesPage() {
  const t = useT(SALES_NAMESPACE);
  const columns = useCreditNoteColumns();
  const { search, filters, setSearch, setFilter, list, paging } = useResourceList(creditNotes, FILTERS);
  const [issuing, setIssuing] = useState(false);
  const [correcting, setCorrecting] = useState<CreditNote | null>(null);
  return (
    <>
      <ResourcePage<CreditNote>
        title={t('creditNotes.title')}
        actions={
          <Can permission={RESOURCES.creditNotes.permissions.create}>
            <Button onClick={() => setIssuing(true)}>
              <PlusIcon /> {t('creditNotes.issue')}
            </Button>
          </Can>
        }
        search={{ value: search, onChange: setSearch, placeholder: t('creditNotes.searchPlaceholder') }}
        filters={
          <>
            <CustomerFilter value={filters.customer} onChange={(id) => setFilter('customer', id)} />
            <FilterSelect
              label={t('creditNotes.fields.reason')}
              allLabel={t('creditNotes.allReasons')}
              options={CREDIT_NOTE_REASONS.map((reason) => ({
                value: reason,
                label: t(`creditNotes.reason.${reason}`),
              }))}
              value={filters.reason}
              onChange={(value) => setFilter('reason', value)}
            />
            <DateRangeFilter from={filters.from} to={filters.to} onChange={setFilter} />
          </>
        }
        columns={columns}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={t('creditNotes.empty')}
        rowName={(n) => n.creditNoteNumber}
        rowActions={(n) => (
          <>
            <IconButton
              asChild
              aria-label={t('creditNotes.print', { number: n.creditNoteNumber })}
              size="xs"
              variant="ghost"
            >
              <Link to={`${RESOURCES.creditNotes.page}/${n._id}/print`}>
                <PrintIcon />
              </Link>
            </IconButton>
            <Can permission={RESOURCES.invoices.permissions.create}>
              <Button
                size="xs"
                variant="outline"
                aria-label={t('creditNotes.debitNoteFor', { number: n.creditNoteNumber })}
                onClick={() => setCorrecting(n)}
              >
                {t('creditNotes.debitNote')}
              </Button>
            </Can>
          </>
        )}
        history={RESOURCES.creditNotes.auditEntity}
        {...paging}
      />
      <IssueCreditNoteDialog open={issuing} onClose={() => setIssuing(false)} />
      <DebitNoteDialog note={correcting} onClose={() => setCorrecting(null)} />
    </>
  );
}
