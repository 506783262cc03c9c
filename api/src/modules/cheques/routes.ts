import {
  ChequeBounceSchema,
  ChequeClearSchema,
  ChequeDepositSchema,
  ChequeInputSchema,
  ChequeListQuerySchema,
  ChequeReplaceSchema,
  ChequeReturnSchema,
  ChequesToDepositQuerySchema,
  type Cheque,
  RESOURCES,
} from '@admin/shared/contract';
import { businessToday, toDay } from '@admin/shared/dates';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from '../../db/connect';
import { csvCell } from '../../http/csv';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { runIdempotent, sendIdempotent } from '../../http/idempotency';
import { actorOfRequest, answerList, type ListExport } from '../../http/resource-routes';
import { invoicesChanged } from '../../lib/invoices-changed';
import { gatedWrite } from '../approvals/gate';
import type { ModuleContext } from '../context';
import { ChequeService } from './service';

const CSV: ListExport<Cheque> = {
  filename: 'cheques.csv',
  columns: [
    { header: 'Cheque #', value: (c) => c.chequeNumber },
    { header: 'Bank', value: (c) => c.bank.bankName },
    { header: 'Customer', value: (c) => c.customer.customerName },
    { header: 'Drawer', value: (c) => c.drawerName },
    { header: 'Cheque Date', value: (c) => csvCell.day(c.chequeDate) },
    { header: 'Received', value: (c) => csvCell.day(c.receivedDate) },
    { header: 'Amount', value: (c) => csvCell.money(c.amount) },
    { header: 'Status', value: (c) => c.status },
    { header: 'Invoices', value: (c) => c.relatedInvoices.map((line) => line.invoiceNumber).join(' ') },
  ],
};

export default async function chequeRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new ChequeService(db);
  const read = { permission: 'cheques.read' as const };
  const one = { params: IdParamsSchema };

  app.get(
    RESOURCES.cheques.path,
    { config: read, schema: { querystring: ChequeListQuerySchema } },
    async (request, reply) => answerList(request, reply, service.list(request.query), CSV),
  );
  app.get(
    `${RESOURCES.cheques.path}/to-deposit`,
    { config: read, schema: { querystring: ChequesToDepositQuerySchema } },
    async (request) => ({
      data: await service.toDeposit(
        request.query.asOf ? toDay(request.query.asOf) : businessToday(config.businessTz, config.now()),
      ),
    }),
  );
  app.get(`${RESOURCES.cheques.path}/:id`, { config: read, schema: one }, async (request) => ({
    data: await service.get(request.params.id),
  }));

  /**
   * A write that may move money: one transaction, deduplicated by an Idempotency-Key header when
   * sent, like the payments' POSTs. A reversal may leave an invoice due past its due date: the
   * overdue job looks again.
   */
  const moneyWrite = async (
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    write: (tx: Transaction) => Promise<Cheque>,
  ) => {
    const result = await runIdempotent(db, request, statusCode, async (tx) => ({ data: await write(tx) }));
    invoicesChanged();
    return sendIdempotent(reply, result);
  };

  app.post(
    RESOURCES.cheques.path,
    { config: { permission: 'cheques.create' }, schema: { body: ChequeInputSchema } },
    async (request, reply) => {
      const input = request.body;
      return moneyWrite(request, reply, 201, (tx) => service.create(tx, actorOfRequest(request), input));
    },
  );

  const manage = { permission: 'cheques.manage' as const };
  app.post(
    `${RESOURCES.cheques.path}/:id/deposit`,
    { config: manage, schema: { ...one, body: ChequeDepositSchema } },
    async (request, reply) => {
      const { params, body } = request;
      return moneyWrite(request, reply, 200, (tx) => service.deposit(tx, actorOfRequest(request), params.id, body));
    },
  );
  app.post(
    `${RESOURCES.cheques.path}/:id/clear`,
    { config: manage, schema: { ...one, body: ChequeClearSchema } },
    async (request, reply) => {
      const { params, body } = request;
      return moneyWrite(request, reply, 200, (tx) => service.clear(tx, actorOfRequest(request), params.id, body));
    },
  );
  app.post(
    `${RESOURCES.cheques.path}/:id/bounce`,
    { config: manage, schema: { ...one, body: ChequeBounceSchema } },
    async (request, reply) => {
      const { params, body } = request;
      // Above the company's bounce approval amount, the bounce waits for another staff member (202).
      return gatedWrite(
        request,
        reply,
        { db, statusCode: 200, held: { kind: 'bounce', targetId: params.id, input: body }, after: invoicesChanged },
        async (tx, actor, gate) => ({ data: await service.bounce(tx, actor, params.id, body, gate) }),
      );
    },
  );
  app.post(
    `${RESOURCES.cheques.path}/:id/return`,
    { config: manage, schema: { ...one, body: ChequeReturnSchema } },
    async (request, reply) => {
      const { params, body } = request;
      return moneyWrite(request, reply, 200, (tx) => service.handBack(tx, actorOfRequest(request), params.id, body));
    },
  );
  app.post(
    `${RESOURCES.cheques.path}/:id/replace`,
    { config: manage, schema: { ...one, body: ChequeReplaceSchema } },
    async (request, reply) => {
      const { params, body } = request;
      return moneyWrite(request, reply, 200, (tx) => service.replace(tx, actorOfRequest(request), params.id, body));
    },
  );
}
