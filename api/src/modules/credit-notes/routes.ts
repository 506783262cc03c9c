import {
  CREDIT_NOTE_REASON_LABELS,
  CreditNoteInputSchema,
  CreditNoteListQuerySchema,
  InvoiceCorrectionSchema,
  type CreditNote,
  RESOURCES,
} from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { csvCell } from '../../http/csv';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { actorOfRequest, answerList, signedInUser, type ListExport } from '../../http/resource-routes';
import { gatedWrite } from '../approvals/gate';
import type { ModuleContext } from '../context';
import { CreditNoteService } from './service';

const CSV: ListExport<CreditNote> = {
  filename: 'credit-notes.csv',
  columns: [
    { header: 'Credit Note #', value: (n) => n.creditNoteNumber },
    { header: 'Invoice #', value: (n) => n.invoice.invoiceNumber },
    { header: 'Customer', value: (n) => n.customer.customerName },
    { header: 'Reason', value: (n) => CREDIT_NOTE_REASON_LABELS[n.reason] },
    { header: 'Amount', value: (n) => csvCell.money(n.amount) },
    { header: 'Owed Part', value: (n) => csvCell.money(n.owedAmount) },
    { header: 'To Advance', value: (n) => csvCell.money(n.toAdvance) },
    { header: 'Date', value: (n) => csvCell.day(n.date) },
    { header: 'Notes', value: (n) => n.notes },
  ],
};

/**
 * Credit notes, and the two corrections of an invoice that issue one: cancel and write off. Each
 * issue records money (it lowers what is owed, or moves paid money to the advance balance), so a
 * repeated Idempotency-Key returns the first answer; each answers 201 with the credit note, or
 * 202 with the request when an issue or a write-off is above the company's approval amount.
 */
export default async function creditNoteRoutes(plain: FastifyInstance, { db }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new CreditNoteService(db);
  const read = { permission: 'creditNotes.read' as const };
  const one = { params: IdParamsSchema };

  app.get(
    RESOURCES.creditNotes.path,
    { config: read, schema: { querystring: CreditNoteListQuerySchema } },
    async (request, reply) => answerList(request, reply, service.list(request.query), CSV),
  );
  app.get(`${RESOURCES.creditNotes.path}/:id`, { config: read, schema: one }, async (request) => ({
    data: await service.get(request.params.id),
  }));

  app.post(
    RESOURCES.creditNotes.path,
    { config: { permission: 'creditNotes.create' }, schema: { body: CreditNoteInputSchema } },
    async (request, reply) => {
      const { permissions } = signedInUser(request);
      const input = request.body;
      return gatedWrite(
        request,
        reply,
        { db, statusCode: 201, held: { kind: 'creditNote', targetId: input.invoice, input } },
        async (tx, actor, gate) => ({ data: await service.create(tx, actor, input, permissions, gate) }),
      );
    },
  );
  app.post(
    `${RESOURCES.invoices.path}/:id/cancel`,
    { config: { permission: 'invoices.cancel' }, schema: { ...one, body: InvoiceCorrectionSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const input = request.body;
      return sendIdempotent(
        reply,
        await runIdempotent(db, request, 201, async (tx) => ({
          data: await service.cancel(tx, actorOfRequest(request), id, input),
        })),
      );
    },
  );
  app.post(
    `${RESOURCES.invoices.path}/:id/write-off`,
    { config: { permission: 'invoices.writeOff' }, schema: { ...one, body: InvoiceCorrectionSchema } },
    async (request, reply) => {
      const { permissions } = signedInUser(request);
      const { id } = request.params;
      const input = request.body;
      return gatedWrite(
        request,
        reply,
        { db, statusCode: 201, held: { kind: 'writeOff', targetId: id, input } },
        async (tx, actor, gate) => ({ data: await service.writeOff(tx, actor, id, input, permissions, gate) }),
      );
    },
  );
}
