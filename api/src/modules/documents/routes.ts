import {
  CORE_PATHS,
  DocumentLinkInputSchema,
  DocumentQuerySchema,
  DocumentSendInputSchema,
  permissionDenied,
  RESOURCES,
  StatementDocumentQuerySchema,
  StatementLinkInputSchema,
  StatementQuerySchema,
  type DocumentLanguage,
  type DocumentLink,
  type DocumentSendInput,
  type Permission,
} from '@admin/shared/contract';
import { businessToday, toDay } from '@admin/shared/dates';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GenericSchema } from 'valibot';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { HttpError } from '../../http/errors';
import { actorOfRequest, signedInUser } from '../../http/resource-routes';
import { bearerToken } from '../auth/routes';
import type { ModuleContext } from '../context';
import { CreditNoteService } from '../credit-notes/service';
import { CustomerService } from '../customers/service';
import { InvoiceService } from '../invoices/service';
import { readReceipt } from '../payments/receipt';
import { CompanySettingsService } from '../settings/service';
import { openSharedDocument, shareDocument } from './links';
import { printPath, statementDocument, type DocumentOptions, type FoundDocument } from './printed';
import { documentLetter, recipientsOf, sendDocument } from './send';

interface DocumentKind {
  /** GET {path}/pdf-ish address, POST {path}/link and POST {path}/send, with the record's id in `:id`. */
  pdfPath: string;
  linkPath: string;
  sendPath: string;
  /** Reading the record; sending it needs `documents.send` besides. */
  permission: Permission;
  query: GenericSchema;
  link: GenericSchema;
  /** The query of the send call: a statement's period. */
  sendQuery?: GenericSchema;
  find: (id: string, options: DocumentOptions) => Promise<FoundDocument>;
}

const safeName = (filename: string) => filename.replace(/[^\w.-]/g, '_');

/**
 * The documents customers receive, as PDFs made from their print views (pdf-renderer.ts), and
 * as links that open the PDF without signing in (links.ts). Each call checks the caller may read
 * the record and that it exists, then renders its page as the caller.
 */
export default async function documentRoutes(plain: FastifyInstance, { db, pdf, config: settings }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const invoices = new InvoiceService(db);
  const customers = new CustomerService(db);
  const creditNotes = new CreditNoteService(db);
  const company = new CompanySettingsService(db);
  const today = () => businessToday(settings.businessTz, settings.now());

  const kinds: DocumentKind[] = [
    {
      pdfPath: `${RESOURCES.invoices.path}/:id/pdf`,
      linkPath: `${RESOURCES.invoices.path}/:id/link`,
      sendPath: `${RESOURCES.invoices.path}/:id/send`,
      permission: 'invoices.read',
      query: DocumentQuerySchema,
      link: DocumentLinkInputSchema,
      find: async (id) => {
        const invoice = await invoices.get(id);
        return {
          kind: 'invoice',
          recordId: invoice._id,
          entityType: 'invoice',
          label: invoice.invoiceNumber,
          filename: `${invoice.invoiceNumber}.pdf`,
          page: `${RESOURCES.invoices.page}/${invoice._id}/print`,
          customerId: invoice.customer._id,
          facts: () => ({ number: invoice.invoiceNumber, amount: invoice.totalAmount }),
        };
      },
    },
    {
      pdfPath: `${RESOURCES.creditNotes.path}/:id/pdf`,
      linkPath: `${RESOURCES.creditNotes.path}/:id/link`,
      sendPath: `${RESOURCES.creditNotes.path}/:id/send`,
      permission: 'creditNotes.read',
      query: DocumentQuerySchema,
      link: DocumentLinkInputSchema,
      find: async (id) => {
        const note = await creditNotes.get(id);
        return {
          kind: 'credit-note',
          recordId: note._id,
          entityType: 'credit-note',
          label: note.creditNoteNumber,
          filename: `${note.creditNoteNumber}.pdf`,
          page: `${RESOURCES.creditNotes.page}/${note._id}/print`,
          customerId: note.customer._id,
          facts: () => ({ number: note.creditNoteNumber, amount: note.amount }),
        };
      },
    },
    {
      pdfPath: `${RESOURCES.payments.path}/:id/receipt.pdf`,
      linkPath: `${RESOURCES.payments.path}/:id/receipt/link`,
      sendPath: `${RESOURCES.payments.path}/:id/send`,
      permission: 'payments.read',
      query: DocumentQuerySchema,
      link: DocumentLinkInputSchema,
      find: async (id) => {
        const receipt = await readReceipt(db, id);
        return {
          kind: 'receipt',
          recordId: receipt._id,
          entityType: 'payment',
          label: receipt.paymentNumber,
          filename: `receipt-${receipt.paymentNumber}.pdf`,
          page: `${RESOURCES.payments.page}/${receipt._id}/receipt`,
          customerId: receipt.customer._id,
          facts: () => ({ number: receipt.receiptNumber, amount: receipt.total }),
        };
      },
    },
    {
      pdfPath: `${RESOURCES.customers.path}/:id/statement.pdf`,
      linkPath: `${RESOURCES.customers.path}/:id/statement/link`,
      sendPath: `${RESOURCES.customers.path}/:id/statement/send`,
      sendQuery: StatementQuerySchema,
      permission: 'receivables.read',
      query: StatementDocumentQuerySchema,
      link: StatementLinkInputSchema,
      find: async (id, { from, to }) =>
        statementDocument(db, await customers.get(id), { from: from && toDay(from), to: to && toDay(to) }, today()),
    },
  ];

  const render = (request: FastifyRequest, document: FoundDocument, lang: DocumentLanguage | undefined) =>
    pdf.render(printPath(document, lang), bearerToken(request) ?? '');

  const sendPdf = (reply: FastifyReply, filename: string, document: Buffer) =>
    reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${safeName(filename)}"`)
      .send(document);

  for (const kind of kinds) {
    const config = { permission: kind.permission };
    app.get(
      kind.pdfPath,
      { config, schema: { params: IdParamsSchema, querystring: kind.query } },
      async (request, reply) => {
        const options = request.query as DocumentOptions;
        const document = await kind.find(request.params.id, options);
        return sendPdf(reply, document.filename, await render(request, document, options.lang));
      },
    );
    app.post(kind.linkPath, { config, schema: { params: IdParamsSchema, body: kind.link } }, async (request, reply) => {
      const options = request.body as DocumentOptions & { days: number };
      const document = await kind.find(request.params.id, options);
      const file = await render(request, document, options.lang);
      const { token, expiresAt } = await shareDocument(
        db,
        actorOfRequest(request),
        { ...document, pdf: file },
        options.days,
        settings.now(),
      );
      const origin = settings.publicUrl ?? `${request.protocol}://${request.host}`;
      const link: DocumentLink = {
        url: `${origin}/api${CORE_PATHS.sharedDocument}/${token}`,
        expiresAt: expiresAt.toISOString(),
      };
      return reply.code(201).send({ data: link });
    });
    app.post(
      kind.sendPath,
      {
        config: { permission: 'documents.send' },
        schema: {
          params: IdParamsSchema,
          body: DocumentSendInputSchema,
          ...(kind.sendQuery ? { querystring: kind.sendQuery } : {}),
        },
      },
      async (request, reply) => {
        // Sending needs the document's own read permission too (the PDF is rendered as the caller).
        if (!signedInUser(request).permissions.includes(kind.permission))
          throw new HttpError(403, permissionDenied(kind.permission));
        const input = request.body as DocumentSendInput;
        const document = await kind.find(request.params.id, (request.query ?? {}) as DocumentOptions);
        const customer = await customers.get(document.customerId);
        const to = recipientsOf(customer, input.to);
        const language = input.language ?? customer.preferredLanguage;
        const file = await render(request, document, language);
        const letter = documentLetter(document.kind, language, await document.facts(), customer, await company.get());
        const message = await sendDocument(db, actorOfRequest(request), {
          document: { ...document, pdf: file },
          to,
          language,
          customerLanguage: customer.preferredLanguage,
          ...letter,
        });
        return reply.code(202).send({ data: message });
      },
    );
  }

  // The link itself: no session, only the one PDF it was made for, and nothing for search engines.
  app.get<{ Params: { token: string } }>(
    `${CORE_PATHS.sharedDocument}/:token`,
    { config: { public: true } },
    async (request, reply) => {
      const shared = await openSharedDocument(db, request.params.token, settings.now());
      reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
      return sendPdf(reply, shared.filename, shared.pdf);
    },
  );
}
