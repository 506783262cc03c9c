import { LoginSchema, type ProfileResponse } from '@admin/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parse } from '../../http/validate';
import type { ModuleContext } from '../context';
import type { AuthService } from './service';

function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * The guard every /api route sits behind, run before the body is read: a route is protected
 * unless it declares `config: { public: true }`.
 */
export function authGuard(auth: AuthService) {
  return async (request: FastifyRequest) => {
    if (request.routeOptions.config.public) return;
    request.user = await auth.authenticate(bearerToken(request));
  };
}

export default async function authRoutes(app: FastifyInstance, { auth }: ModuleContext) {
  app.post('/auth/login', { config: { public: true } }, async (request) =>
    auth.login(parse(LoginSchema, request.body), request.ip),
  );

  app.get('/auth/profile', async (request): Promise<ProfileResponse> => ({ user: request.user! }));

  app.post('/auth/logout', async (request, reply) => {
    await auth.logout(bearerToken(request)!);
    return reply.code(204).send();
  });
}
