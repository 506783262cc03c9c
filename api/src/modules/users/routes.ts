import {
  UserCreateSchema,
  UserListQuerySchema,
  UserUpdateSchema,
  type StaffUser,
  RESOURCES,
} from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { IdParamsSchema, type ContractTypeProvider } from '../../http/contract-schemas';
import { actorOfRequest, answerList, type ListExport } from '../../http/resource-routes';
import type { ModuleContext } from '../context';
import { UserService } from './service';

const CSV: ListExport<StaffUser> = {
  filename: 'users.csv',
  columns: [
    { header: 'Username', value: (u) => u.username },
    { header: 'Name', value: (u) => u.name },
    { header: 'Role', value: (u) => u.role },
    { header: 'Active', value: (u) => (u.active ? 'yes' : 'no') },
    { header: 'Last Sign-in', value: (u) => u.lastSignInAt },
    { header: 'Created Date', value: (u) => u.createdAt },
  ],
};

export default async function userRoutes(plain: FastifyInstance, { db, config }: ModuleContext) {
  const app = plain.withTypeProvider<ContractTypeProvider>();
  const service = new UserService(db, config);
  const read = { permission: 'users.read' as const };
  const manage = { permission: 'users.manage' as const };
  const one = { params: IdParamsSchema };

  app.get(
    RESOURCES.users.path,
    { config: read, schema: { querystring: UserListQuerySchema } },
    async (request, reply) => answerList(request, reply, service.list(request.query), CSV),
  );
  app.get(`${RESOURCES.users.path}/:id`, { config: read, schema: one }, async (request) => ({
    data: await service.get(request.params.id),
  }));
  app.post(RESOURCES.users.path, { config: manage, schema: { body: UserCreateSchema } }, async (request, reply) =>
    reply.code(201).send({ data: await service.create(actorOfRequest(request), request.body) }),
  );
  app.put(
    `${RESOURCES.users.path}/:id`,
    { config: manage, schema: { ...one, body: UserUpdateSchema } },
    async (request) => ({
      data: await service.update(actorOfRequest(request), request.params.id, request.body),
    }),
  );
  app.post(`${RESOURCES.users.path}/:id/reset-password`, { config: manage, schema: one }, async (request) => ({
    data: await service.resetPassword(actorOfRequest(request), request.params.id),
  }));
}
