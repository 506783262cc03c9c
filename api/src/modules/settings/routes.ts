import {
  CompanySettingsInputSchema,
  HOLIDAYS_PATH,
  LOGO_TYPES,
  MAX_LOGO_BYTES,
  PublicHolidaysInputSchema,
  type LogoType,
  RESOURCES,
} from '@admin/shared/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../http/errors';
import type { ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { checkedLogo, LOGO_EXTENSIONS } from './logo';
import { CompanySettingsService, readHolidays, replaceHolidays } from './service';

/** Uploads up to this size reach the logo check, which names the 256 KB limit; larger ones are cut off. */
const LOGO_BODY_LIMIT = 4 * MAX_LOGO_BYTES;
const TYPE_OF_EXTENSION = Object.fromEntries(LOGO_TYPES.map((type) => [LOGO_EXTENSIONS[type], type])) as Record<
  string,
  LogoType
>;

export default async function settingsRoutes(plain: FastifyInstance, { db }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new CompanySettingsService(db);

  // The logo upload is the image itself; any other type reaches the check too, which refuses it by name.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_BODY_LIMIT }, (_request, body, done) =>
    done(null, body),
  );

  // Every printed document shows the company block, so any signed-in user reads it.
  app.get(RESOURCES.companySettings.path, { config: { anyUser: true } }, async () => ({ data: await service.get() }));

  app.put(
    RESOURCES.companySettings.path,
    { config: { permission: 'settings.update' }, schema: { body: CompanySettingsInputSchema } },
    async (request) => ({ data: await service.update(actorOfRequest(request), request.body) }),
  );

  // The days the cheques to deposit skip; staff planning deposits may read them.
  app.get(HOLIDAYS_PATH, { config: { anyUser: true } }, async () => ({ data: await readHolidays(db) }));
  app.put(
    HOLIDAYS_PATH,
    { config: { permission: 'settings.update' }, schema: { body: PublicHolidaysInputSchema } },
    async (request) => ({ data: await replaceHolidays(db, actorOfRequest(request), request.body) }),
  );

  app.put(
    `${RESOURCES.companySettings.path}/logo`,
    { config: { permission: 'settings.update' }, bodyLimit: LOGO_BODY_LIMIT },
    async (request) => {
      const logo = checkedLogo(request.headers['content-type'], request.body);
      return { data: await service.setLogo(actorOfRequest(request), logo.type, logo.bytes) };
    },
  );

  app.delete(
    `${RESOURCES.companySettings.path}/logo`,
    { config: { permission: 'settings.update' } },
    async (request) => ({
      data: await service.removeLogo(actorOfRequest(request)),
    }),
  );

  // Named by its content: a new logo is a new URL, so this one never changes and is cached for good.
  // Public: the logo is printed on every document the customers receive, and an <img> sends no
  // bearer token.
  const cachedForGood = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    // After the API's own "no-store" (route hooks run after the API's hooks).
    if (reply.statusCode === 200) reply.header('Cache-Control', 'public, max-age=31536000, immutable');
    return payload;
  };
  const logoRoute = { config: { public: true }, onSend: cachedForGood };
  app.get<{ Params: { file: string } }>(
    `${RESOURCES.companySettings.path}/logo/:file`,
    logoRoute,
    async (request, reply) => {
      const [, sha256, extension] = /^([0-9a-f]{64})\.(png|svg)$/.exec(request.params.file) ?? [];
      const type = extension && TYPE_OF_EXTENSION[extension];
      const bytes = sha256 && type ? await service.logo(sha256, type) : undefined;
      if (!bytes || !type) throw notFound('The company has no logo');
      reply.header('Content-Type', type).header('X-Content-Type-Options', 'nosniff');
      // An SVG opened on its own is a document: it may draw and style itself, never run a script.
      if (type === 'image/svg+xml')
        reply.header(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        );
      return reply.send(bytes);
    },
  );
}
