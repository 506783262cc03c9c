import {
  APPROVAL_SETTINGS_PATH,
  ApprovalDecisionSchema,
  ApprovalListQuerySchema,
  ApprovalSettingsInputSchema,
  type Approval,
  CORE_RESOURCES,
} from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../http/csv';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest, registerReadOnly, signedInUser, type ListExport } from '../../http/resource-routes';
import { invoicesChanged } from '../../lib/invoices-changed';
import { mailQueued } from '../../lib/mail-queued';
import type { ModuleContext } from '../context';
import { ApprovalDecisions, type Decision } from './decide';
import { listApprovals, readApproval } from './records';
import { readApprovalSettings, saveApprovalSettings } from './settings';

const CSV: ListExport<Approval> = {
  filename: 'approvals.csv',
  columns: [
    { header: 'Requested', value: (a) => a.requestedAt },
    { header: 'Kind', value: (a) => a.kind },
    { header: 'Amount', value: (a) => csvCell.money(a.amount) },
    { header: 'Customer', value: (a) => a.customer.customerName },
    { header: 'Asked by', value: (a) => a.requestedBy.name },
    { header: 'Status', value: (a) => a.status },
    { header: 'Decided by', value: (a) => a.decidedBy?.name ?? '' },
    { header: 'Reason', value: (a) => a.reason ?? '' },
  ],
};

/** The approval amounts (admins) and the requests that wait for approval (admins and accountants). */
export default async function approvalRoutes(plain: FastifyInstance, { db }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const settings = { permission: 'settings.update' as const };
  app.get(APPROVAL_SETTINGS_PATH, { config: settings }, async () => ({ data: await readApprovalSettings(db) }));
  app.put(
    APPROVAL_SETTINGS_PATH,
    { config: settings, schema: { body: ApprovalSettingsInputSchema } },
    async (request) => ({ data: await saveApprovalSettings(db, actorOfRequest(request), request.body) }),
  );

  registerReadOnly(plain, CORE_RESOURCES.approvals, {
    service: { list: (query) => listApprovals(db, query), get: (id) => readApproval(db, id) },
    listQuerySchema: ApprovalListQuerySchema,
    csv: CSV,
  });

  const decisions = new ApprovalDecisions(db);
  for (const decision of ['approve', 'reject'] as const satisfies Decision[]) {
    app.post(
      `${CORE_RESOURCES.approvals.path}/:id/${decision}`,
      {
        config: { permission: 'approvals.decide' },
        schema: { params: IdParamsSchema, body: ApprovalDecisionSchema },
      },
      async (request) => {
        const { permissions } = signedInUser(request);
        const approval = await decisions.decide(
          decision,
          actorOfRequest(request),
          permissions,
          request.params.id,
          request.body.reason,
        );
        // An approved bounce may leave an invoice due past its due date: the overdue job looks again.
        if (decision === 'approve') invoicesChanged();
        // The maker's notice of the decision is in the outbox.
        mailQueued();
        return { data: approval };
      },
    );
  }
}
