import {
  MAIL_SETTINGS_PATH,
  MailSettingsInputSchema,
  MailTestSchema,
  OutboxListQuerySchema,
  type OutboxMessage,
  CORE_RESOURCES,
} from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { languageOfRequest } from '../../http/answer-language';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest, registerReadOnly, type ListExport } from '../../http/resource-routes';
import { mailQueued } from '../../lib/mail-queued';
import type { ModuleContext } from '../context';
import { listOutbox, readOutboxMessage, resendMail } from './outbox';
import { readMailSettings, saveMailSettings } from './settings';
import { sendTestMail } from './test-message';

const CSV: ListExport<OutboxMessage> = {
  filename: 'sent-mail.csv',
  columns: [
    { header: 'Created', value: (m) => m.createdAt },
    { header: 'To', value: (m) => m.to },
    { header: 'Subject', value: (m) => m.subject },
    { header: 'Status', value: (m) => m.status },
    { header: 'Attempts', value: (m) => m.attempts },
    { header: 'Last error', value: (m) => m.lastError ?? '' },
    { header: 'Sent', value: (m) => m.sentAt ?? '' },
  ],
};

/** The mail server's settings (admins) and Sent mail, the outbox (admins and accountants). */
export default async function mailRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const settings = { permission: 'mail.settings' as const };

  app.get(MAIL_SETTINGS_PATH, { config: settings }, async () => ({ data: await readMailSettings(db, config) }));
  app.put(MAIL_SETTINGS_PATH, { config: settings, schema: { body: MailSettingsInputSchema } }, async (request) => {
    const saved = await saveMailSettings(db, config, actorOfRequest(request), request.body);
    // Messages waiting for a server go now.
    mailQueued();
    return { data: saved };
  });
  app.post(`${MAIL_SETTINGS_PATH}/test`, { config: settings, schema: { body: MailTestSchema } }, async (request) => ({
    data: await sendTestMail(db, config, actorOfRequest(request), request.body.to, languageOfRequest(request)),
  }));

  registerReadOnly(plain, CORE_RESOURCES.outbox, {
    service: { list: (query) => listOutbox(db, query), get: (id) => readOutboxMessage(db, id) },
    listQuerySchema: OutboxListQuerySchema,
    csv: CSV,
  });
  app.post(
    `${CORE_RESOURCES.outbox.path}/:id/resend`,
    { config: { permission: 'outbox.resend' }, schema: { params: IdParamsSchema } },
    async (request, reply) => {
      const copy = await resendMail(db, actorOfRequest(request), request.params.id);
      mailQueued();
      return reply.code(201).send({ data: copy });
    },
  );
}
