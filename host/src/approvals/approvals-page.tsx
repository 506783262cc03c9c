import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAuth } from '@admin/shared/auth';
import {
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
  ApprovalRejectSchema,
  type Approval,
  type ApprovalStatus,
} from '@admin/shared/contract';
import { formatKd } from '@admin/shared/money';
import { useT } from '@admin/shared/i18n';
import { Badge, Button, HStack, notifySuccess } from '@admin/shared/ui';
import {
  Can,
  ConfirmDialog,
  FilterSelect,
  MoneyText,
  RequirePermission,
  ResourcePage,
  SchemaFormDialog,
  formatDateTime,
  useResourceList,
} from '@admin/shared/ui-kit';
import { SIGNED_IN_TEXTS } from '../i18n';
import { APPROVALS_PAGE } from '../common/pages';
import { approvals, decideApproval } from './api';

export function ApprovalsPage() {
  return (
    <RequirePermission permission={APPROVALS_PAGE.permission}>
      <Approvals />
    </RequirePermission>
  );
}

const STATUS_PALETTE: Record<ApprovalStatus, string> = {
  pending_approval: 'orange',
  approved: 'green',
  rejected: 'red',
};

/**
 * Refunds, credit notes, write-offs and cheque bounces above the company's amounts, waiting for a
 * second staff member: Approve makes the write now, Reject (with a reason) drops it. Nobody
 * decides their own request, so its maker sees no buttons on it.
 */
function Approvals() {
  const t = useT(SIGNED_IN_TEXTS);
  const userId = useAuth((s) => s.user?._id);
  const { filters, setFilter, list, paging } = useResourceList(approvals, ['status', 'kind']);
  const [approving, setApproving] = useState<Approval | null>(null);
  // The question keeps its words while it closes.
  const [asked, setAsked] = useState<Approval | null>(null);
  const [rejecting, setRejecting] = useState<Approval | null>(null);

  const what = (a: Approval) =>
    t('approvals.what', { kind: t(`approvals.kind.${a.kind}`), amount: formatKd(a.amount) });
  const approve = useMutation({
    mutationFn: (a: Approval) => decideApproval(a._id, 'approve', {}),
    onSuccess: (a) => notifySuccess(t('approvals.approved', { what: what(a) })),
    meta: { changes: approvals.definition },
  });
  const reject = useMutation({
    mutationFn: ({ a, reason }: { a: Approval; reason: string }) => decideApproval(a._id, 'reject', { reason }),
    onSuccess: (a) => notifySuccess(t('approvals.rejected', { what: what(a) })),
    meta: { changes: approvals.definition },
  });

  return (
    <>
      <ResourcePage<Approval>
        title={t('approvals.title')}
        filters={
          <>
            <FilterSelect
              label={t('approvals.status')}
              allLabel={t('approvals.allStatuses')}
              options={APPROVAL_STATUSES.map((status) => ({ value: status, label: t(`approvals.status.${status}`) }))}
              value={filters.status}
              onChange={(value) => setFilter('status', value)}
            />
            <FilterSelect
              label={t('approvals.kind')}
              allLabel={t('approvals.allKinds')}
              options={APPROVAL_KINDS.map((kind) => ({ value: kind, label: t(`approvals.kind.${kind}`) }))}
              value={filters.kind}
              onChange={(value) => setFilter('kind', value)}
            />
          </>
        }
        columns={[
          { header: t('approvals.kind'), cell: (a) => t(`approvals.kind.${a.kind}`) },
          { header: t('approvals.amount'), cell: (a) => <MoneyText fils={a.amount} />, numeric: true },
          { header: t('approvals.customer'), cell: (a) => a.customer.customerName },
          { header: t('approvals.askedBy'), cell: (a) => a.requestedBy.name },
          { header: t('approvals.when'), cell: (a) => <bdi>{formatDateTime(a.requestedAt)}</bdi>, nowrap: true },
          {
            header: t('approvals.status'),
            cell: (a) => <Badge colorPalette={STATUS_PALETTE[a.status]}>{t(`approvals.status.${a.status}`)}</Badge>,
          },
          {
            header: t('approvals.decision'),
            cell: (a) => (a.decidedBy ? [a.decidedBy.name, a.reason].filter(Boolean).join(': ') : ''),
          },
        ]}
        rows={list.data?.data}
        loading={list.isPending}
        emptyText={t('approvals.empty')}
        rowName={what}
        history="approval"
        rowActions={(a) =>
          a.status === 'pending_approval' &&
          a.requestedBy._id !== userId && (
            <Can permission={approvals.definition.permissions.decide!}>
              <HStack as="span" display="inline-flex" gap="1" me="1" verticalAlign="middle">
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={t('approvals.approve.of', { what: what(a) })}
                  onClick={() => {
                    setApproving(a);
                    setAsked(a);
                  }}
                >
                  {t('approvals.approve')}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="red"
                  aria-label={t('approvals.reject.of', { what: what(a) })}
                  onClick={() => setRejecting(a)}
                >
                  {t('approvals.reject')}
                </Button>
              </HStack>
            </Can>
          )
        }
        {...paging}
      />
      <ConfirmDialog
        open={approving !== null}
        title={t('approvals.approve.title')}
        message={
          asked ? t('approvals.approve.question', { what: what(asked), customer: asked.customer.customerName }) : ''
        }
        confirmLabel={t('approvals.approve')}
        onConfirm={() => (approving ? approve.mutateAsync(approving) : undefined)}
        onClose={() => setApproving(null)}
      />
      <SchemaFormDialog
        open={rejecting !== null}
        mode="create"
        title={rejecting ? t('approvals.reject.title', { what: what(rejecting) }) : ''}
        submitLabel={t('approvals.reject')}
        schema={ApprovalRejectSchema}
        defaultValues={{ reason: '' }}
        fields={[{ name: 'reason', label: t('approvals.reason'), kind: 'textarea', required: true }]}
        onSubmit={(values) =>
          rejecting ? reject.mutateAsync({ a: rejecting, reason: values.reason }) : Promise.resolve()
        }
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
