import { UserCreateSchema, UserListQuerySchema, UserUpdateSchema, type StaffUser } from '@admin/shared/contract';
import type { FastifyInstance } from 'fastify';
import { actorOfRequest, answerList, idParam, type ListExport } from '../../http/resource-routes';
import { parse } from '../../http/validate';
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

export default async function userRoutes(app: FastifyInstance, { db, config }: ModuleContext) {
  const service = new UserService(db, config);
  const read = { config: { permission: 'users.read' } } as const;
  const manage = { config: { permission: 'users.manage' } } as const;

  app.get('/users', read, async (request, reply) => answerList(request, reply, service.list(parse(UserListQuerySchema, request.query)), CSV));
  // Every users answer is wrapped in { data }, as POST's must be to carry the temporary password.
  app.get('/users/:id', read, async (request) => ({ data: await service.get(idParam(request)) }));
  app.post('/users', manage, async (request, reply) =>
    reply.code(201).send(await service.create(actorOfRequest(request), parse(UserCreateSchema, request.body))),
  );
  app.put('/users/:id', manage, async (request) => {
    const id = idParam(request);
    return { data: await service.update(actorOfRequest(request), id, parse(UserUpdateSchema, request.body)) };
  });
  app.post('/users/:id/reset-password', manage, async (request) =>
    service.resetPassword(actorOfRequest(request), idParam(request)),
  );
}
