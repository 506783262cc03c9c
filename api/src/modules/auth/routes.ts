import {
  ChangePasswordSchema,
  CORE_PATHS,
  LanguageChoiceSchema,
  LoginSchema,
  permissionDenied,
  type Answer,
  type ProfileResponse,
} from '@admin/shared/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContractTypeProvider } from '../../http/contract-schemas';
import { HttpError } from '../../http/errors';
import { signedInUser } from '../../http/resource-routes';
import { forgetReplacedInitialPassword, INITIAL_ADMIN } from './initial-admin';
import type { ModuleContext } from '../context';
import type { AuthService } from './service';

export function bearerToken(request: FastifyRequest): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
}

export const CHANGE_PASSWORD_FIRST = 'Change your temporary password before doing anything else';

/**
 * The guard every /api route sits behind, run before the body is read: 401 without a valid
 * session, 403 naming the action when the user's role lacks the route's permission, and 403 for
 * everything but one's own account (`ownAccount`) while a temporary password is unchanged.
 */
export function authGuard(auth: AuthService) {
  return async (request: FastifyRequest) => {
    const { config } = request.routeOptions;
    if (config.public) return;
    const user = await auth.authenticate(bearerToken(request));
    request.user = user;
    if (config.ownAccount) return;
    if (user.mustChangePassword) throw new HttpError(403, CHANGE_PASSWORD_FIRST);
    if (config.permission && !user.permissions.includes(config.permission)) {
      throw new HttpError(403, permissionDenied(config.permission));
    }
  };
}

/** Sign-in and one's own account; `auth` is the guard's AuthService (app.ts). */
export default async function authRoutes(
  plain: FastifyInstance,
  { auth, db, config }: ModuleContext & { auth: AuthService },
) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  app.post(CORE_PATHS.login, { config: { public: true }, schema: { body: LoginSchema } }, async (request) => ({
    data: await auth.login(request.body, request.ip),
  }));

  app.get(CORE_PATHS.profile, { config: { ownAccount: true } }, async (request): Promise<Answer<ProfileResponse>> => ({
    data: { user: signedInUser(request) },
  }));

  // Open to a user with a temporary password: choosing their own is what lifts the 403s.
  app.post(
    CORE_PATHS.password,
    { config: { ownAccount: true }, schema: { body: ChangePasswordSchema } },
    async (request): Promise<Answer<ProfileResponse>> => {
      const user = await auth.changePassword(signedInUser(request), bearerToken(request)!, request.body);
      // The generated first-admin password on disk no longer opens anything once admin chose theirs.
      if (user.username === INITIAL_ADMIN) await forgetReplacedInitialPassword(db, config.dataDir);
      return { data: { user } };
    },
  );

  // Open to a user with a temporary password too: the language is theirs to choose at any time.
  app.put(
    CORE_PATHS.language,
    { config: { ownAccount: true }, schema: { body: LanguageChoiceSchema } },
    async (request, reply) => {
      await auth.setLanguage(signedInUser(request), request.body.language);
      return reply.code(204).send();
    },
  );

  app.post(CORE_PATHS.logout, { config: { ownAccount: true } }, async (request, reply) => {
    await auth.logout(bearerToken(request)!);
    return reply.code(204).send();
  });
}
