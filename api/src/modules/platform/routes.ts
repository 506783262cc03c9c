import { CORE_PATHS, PlatformReportSchema } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { listReleases, readReports, recordReport } from 'ops/platform-api';
import type { ContractTypeProvider } from '../../http/contract-schemas';
import { notFound } from '../../http/errors';
import type { ModuleContext } from '../context';

/**
 * The platform's health as browsers see it, and its releases for testers. Reports and releases
 * live in the release folder beside platform.json (RELEASES_DIR), written with the release
 * commands' lock and atomic writer, so a canary dropped here is dropped for every instance.
 */
export default async function platformRoutes(plain: FastifyInstance, { config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const dir = config.releasesDir;

  // Any signed-in page may report that a release failed in it; a canary may be dropped as a result.
  app.post(
    CORE_PATHS.platformReports,
    { config: { anyUser: true }, schema: { body: PlatformReportSchema } },
    async (request, reply) => {
      const report = request.body;
      const result = recordReport({
        dir,
        area: report.area,
        version: report.version,
        kind: report.kind,
        message: report.message,
        now: config.now(),
      });
      if (!result) throw notFound(`The ${report.area} area has no release ${report.version}`);
      return reply.code(201).send({ data: result });
    },
  );

  app.get(CORE_PATHS.platformReports, { config: { anyUser: true } }, async () => ({ data: readReports(dir) }));

  app.get(CORE_PATHS.platformReleases, { config: { permission: 'platform.manage' } }, async () => ({
    data: listReleases(dir),
  }));
}
