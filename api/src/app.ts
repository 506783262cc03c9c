import type { AuthUser, Permission } from '@admin/shared/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { DbHandle } from './db/connect';
import { frameworkErrorHandler, registerErrorHandling } from './http/errors';
import { registerSecurityHeaders, securityHeaders } from './http/headers';
import { loggerOptions, safeLogController } from './http/logging';
import { registerReportLane } from './http/report-lane';
import { registerReadSource } from './http/read-source';
import { registerExportGate } from './http/export-gate';
import { registerRequestId, requestIdOptions } from './http/request-id';
import auditRoutes from './modules/audit/routes';
import authRoutes, { authGuard } from './modules/auth/routes';
import { AuthService } from './modules/auth/service';
import { proxyHopTrust } from './modules/auth/throttle';
import type { ModuleContext } from './modules/context';
import chequeRoutes from './modules/cheques/routes';
import collectionRoutes from './modules/collections/routes';
import customerBalanceRoutes from './modules/customer-balances/routes';
import customerRoutes from './modules/customers/routes';
import creditNoteRoutes from './modules/credit-notes/routes';
import dashboardRoutes from './modules/dashboard/routes';
import documentRoutes from './modules/documents/routes';
import healthRoutes from './modules/health/routes';
import invoiceRoutes from './modules/invoices/routes';
import lookupRoutes from './modules/lookups/routes';
import { registerMetrics } from './modules/metrics/metrics';
import metricsRoutes from './modules/metrics/routes';
import paymentRoutes from './modules/payments/routes';
import platformRoutes from './modules/platform/routes';
import settingsRoutes from './modules/settings/routes';
import mailRoutes from './modules/mail/routes';
import reminderRoutes from './modules/reminders/routes';
import approvalRoutes from './modules/approvals/routes';
import periodLockRoutes from './modules/period-lock/routes';
import productRoutes from './modules/products/routes';
import receivableRoutes from './modules/receivables/routes';
import scheduledInvoiceRoutes from './modules/scheduled-invoices/routes';
import userRoutes from './modules/users/routes';
import { registerWebPlatform } from './static';
import { PdfRenderer } from './modules/documents/pdf-renderer';
import { requireAccessRule, type ApiRoute } from './http/access';
import apiPackage from '../package.json';
import { checkWithContract, declareAnswers, registerApiReference } from './http/contract-schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with the access it declares, in registration order. */
    apiRoutes: ApiRoute[];
    /** Draws the print views as PDFs: the document routes' and the jobs' one browser. */
    pdf: PdfRenderer;
  }
  interface FastifyRequest {
    /** The signed-in user; set by the auth guard on every protected route. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in. */
    public?: boolean;
    /** Open to every signed-in user whose password is their own (not a temporary one). */
    anyUser?: boolean;
    /**
     * The signed-in user's own account (profile, password, language, sign-out): the only routes
     * open while a temporary password is unchanged.
     */
    ownAccount?: boolean;
    /** What the caller must be allowed to do; every other /api route names one. */
    permission?: Permission;
  }
}

export interface AppOptions {
  db: Pick<DbHandle, 'db' | 'kind' | 'pool' | 'abortReport' | 'replica'>;
  config: Config;
  /** Also serve the host, the released remotes and platform.json (pnpm start). */
  web?: boolean;
  logger?: FastifyServerOptions['logger'];
}

export async function buildApp({ db, config, web = false, logger = false }: AppOptions) {
  const app = Fastify({
    // Every line of a request carries its requestId; errors and URLs are logged without customer data.
    logger: loggerOptions(logger),
    logController: safeLogController(),
    ...requestIdOptions(config.trustedProxyHops),
    frameworkErrors: frameworkErrorHandler(securityHeaders(config)),
    bodyLimit: 64 * 1024,
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    trustProxy: proxyHopTrust(config.trustedProxyHops, config.trustedProxies),
  });
  registerErrorHandling(app);
  // Before any route, so they cover the API, the web platform, errors and 404s alike.
  registerRequestId(app);
  registerSecurityHeaders(app, config);
  registerMetrics(app, db);
  // Before the auth guard, so that its session reads of a GET are in the report lane too.
  registerReportLane(app, db);
  registerReadSource(app, db, config);
  registerExportGate(app, config.exportsAtOnce, config.exportsWaiting);
  app.decorateRequest('user', null);
  // Routes declare the contract's schemas: checked by its parse, and documented at /api/docs.
  checkWithContract(app);
  await registerApiReference(app, apiPackage.version);

  const pdf = new PdfRenderer({
    chromiumPath: config.chromiumPath,
    // Served here, the print views are reached on the loopback at the port the API listens on.
    webUrl: config.documentsWebUrl ?? (web ? `http://127.0.0.1:${config.port}` : undefined),
    timeoutMs: config.pdfTimeoutMs,
  });
  app.addHook('onClose', () => pdf.close());
  app.decorate('pdf', pdf);
  const ctx: ModuleContext = { db: db.db, dbKind: db.kind, config, pdf };
  const auth = new AuthService(db.db, config);
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  await app.register(
    async (api) => {
      // A route that declares neither a permission nor that it is public or for any signed-in user
      // stops the start: no route can be left open by omission.
      api.addHook('onRoute', (route) => {
        routes.push(requireAccessRule(route));
        declareAnswers(route, '/api');
      });
      api.addHook('onRequest', authGuard(auth));
      // Answers carry business data: never store them in shared or browser caches.
      api.addHook('onSend', async (_request, reply) => {
        reply.header('cache-control', 'no-store');
      });
      // The reference of every route below, generated from their declarations.
      api.get('/docs', { config: { public: true } }, async () => app.swagger());
      // One line per module.
      await api.register(healthRoutes, ctx);
      await api.register(metricsRoutes, ctx);
      await api.register(authRoutes, { ...ctx, auth });
      await api.register(userRoutes, ctx);
      await api.register(lookupRoutes, ctx);
      await api.register(customerRoutes, ctx);
      await api.register(productRoutes, ctx);
      await api.register(invoiceRoutes, ctx);
      await api.register(creditNoteRoutes, ctx);
      await api.register(scheduledInvoiceRoutes, ctx);
      await api.register(paymentRoutes, ctx);
      await api.register(chequeRoutes, ctx);
      await api.register(customerBalanceRoutes, ctx);
      await api.register(receivableRoutes, ctx);
      await api.register(collectionRoutes, ctx);
      await api.register(dashboardRoutes, ctx);
      await api.register(auditRoutes, ctx);
      await api.register(platformRoutes, ctx);
      await api.register(settingsRoutes, ctx);
      await api.register(documentRoutes, ctx);
      await api.register(mailRoutes, ctx);
      await api.register(reminderRoutes, ctx);
      await api.register(approvalRoutes, ctx);
      await api.register(periodLockRoutes, ctx);
    },
    { prefix: '/api' },
  );

  const webFallback = web ? await registerWebPlatform(app, config) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    if (webFallback && (await webFallback(request, reply))) return reply;
    return reply.code(404).send({ message: 'Not found' });
  });
  return app;
}
