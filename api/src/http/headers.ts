import type { FastifyInstance } from 'fastify';

/** One year: the value browsers and the HSTS preload list expect. */
export const HSTS = 'max-age=31536000';

/**
 * Headers on every answer, the API's and the web platform's alike, errors and 404s included:
 * - `X-Content-Type-Options: nosniff`: a browser never runs an answer as another type than the
 *   one it declares (a JSON error or an uploaded-looking file as a script or a page);
 * - `Strict-Transport-Security` when PUBLIC_URL is https://: after one visit the browser refuses
 *   plain http to this host for a year, so a network attacker cannot strip TLS. Without
 *   includeSubDomains: other hosts of the business's domain may still serve plain http.
 *   Sent whatever the scheme of the hop that reached us, because TLS usually ends at the proxy.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl?: string }): void {
  const hsts = options.publicUrl?.startsWith('https://') ? HSTS : undefined;
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    if (hsts) reply.header('strict-transport-security', hsts);
  });
}

/** The same headers for an answer written outside the hooks (Fastify's own URL errors). */
export function securityHeaders(options: { publicUrl?: string }): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    ...(options.publicUrl?.startsWith('https://') ? { 'strict-transport-security': HSTS } : {}),
  };
}
