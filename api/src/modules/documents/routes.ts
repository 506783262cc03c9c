import {
  DocumentQuerySchema,
  RESOURCES,
  StatementDocumentQuerySchema,
  type DocumentLanguage,
} from '@admin/shared/contract';
import { toDay } from '@admin/shared/dates';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { bearerToken } from '../auth/routes';
import type { ModuleContext } from '../context';
import { CustomerService } from '../customers/service';
import { InvoiceService } from '../invoices/service';
import { readReceipt } from '../payments/receipt';

/** The print view's address for a document language; none keeps the customer's preferred one. */
function printPath(page: string, lang: DocumentLanguage | undefined, query: Record<string, string> = {}): string {
  const params = new URLSearchParams(query);
  if (lang) params.set('print', lang);
  const search = params.toString();
  return search ? `${page}?${search}` : page;
}

/**
 * The PDFs of the documents customers receive, made from their print views
 * (pdf-renderer.ts): each route checks the caller may read the record and that it exists, then
 * renders its page as the caller.
 */
export default async function documentRoutes(plain: FastifyInstance, { db, pdf }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const invoices = new InvoiceService(db);
  const customers = new CustomerService(db);

  const send = async (request: FastifyRequest, reply: FastifyReply, path: string, filename: string) => {
    const document = await pdf.render(path, bearerToken(request) ?? '');
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
      .send(document);
  };

  app.get(
    '/invoices/:id/pdf',
    { config: { permission: 'invoices.read' }, schema: { params: IdParamsSchema, querystring: DocumentQuerySchema } },
    async (request, reply) => {
      const invoice = await invoices.get(request.params.id);
      const page = `${RESOURCES.invoices.page}/${invoice._id}/print`;
      return send(request, reply, printPath(page, request.query.lang), `${invoice.invoiceNumber}.pdf`);
    },
  );

  app.get(
    '/payments/:id/receipt.pdf',
    { config: { permission: 'payments.read' }, schema: { params: IdParamsSchema, querystring: DocumentQuerySchema } },
    async (request, reply) => {
      const receipt = await readReceipt(db, request.params.id);
      const page = `${RESOURCES.payments.page}/${request.params.id}/receipt`;
      return send(request, reply, printPath(page, request.query.lang), `receipt-${receipt.paymentNumber}.pdf`);
    },
  );

  app.get(
    '/customers/:id/statement.pdf',
    {
      config: { permission: 'receivables.read' },
      schema: { params: IdParamsSchema, querystring: StatementDocumentQuerySchema },
    },
    async (request, reply) => {
      const { lang, from, to } = request.query;
      const customer = await customers.get(request.params.id);
      const period = Object.fromEntries(
        Object.entries({ from, to }).flatMap(([name, day]) => (day ? [[name, toDay(day)]] : [])),
      );
      const page = `${RESOURCES.receivables.page}/statement/${customer._id}`;
      const name = `statement-${customer.customerName}${period.to ? `-${period.to}` : ''}.pdf`;
      return send(request, reply, printPath(page, lang, period), name);
    },
  );
}
