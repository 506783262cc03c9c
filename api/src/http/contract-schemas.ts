import swagger from '@fastify/swagger';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import * as v from 'valibot';
import { notFound } from './errors';
import { parse } from './validate';

/**
 * A route's schemas are the contract's valibot schemas (shared with the browser): `schema: { body:
 * InvoiceInputSchema }`. A handler then reads `request.body` already parsed (trimmed, defaulted,
 * converted) and typed as the schema's output.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends v.GenericSchema ? v.InferOutput<this['schema']> : unknown;
  serializer: this['schema'] extends v.GenericSchema ? v.InferInput<this['schema']> : unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `:id` of a record's path: anything but a uuid names no record (a 404, not a 400). */
export const IdParamsSchema = v.object({
  id: v.pipe(v.string(), v.regex(UUID, 'Not found'), v.description('The record’s id (a uuid)')),
});

/**
 * Every declared part is checked by the contract's parse, so a refusal is the same 400 as before,
 * with each field's message (the answer's language follows). A path that names no record is a 404.
 */
export function checkWithContract(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (data: unknown) => {
    try {
      return { value: parse(schema as v.GenericSchema, data) };
    } catch (error) {
      return { error: httpPart === 'params' ? notFound() : (error as Error) };
    }
  });
}

/** A contract schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses); what JSON Schema cannot say (transforms, checks in code) is left out. */
function jsonSchemaOf(schema: unknown) {
  const { $schema: _dialect, ...json } = toJsonSchema(schema as v.GenericSchema, {
    target: 'draft-2020-12',
    errorMode: 'ignore',
  });
  return json;
}

const PARTS = ['body', 'querystring', 'params'] as const;

/**
 * The API reference (OpenAPI 3.1), generated from the routes themselves: their paths, methods,
 * declared schemas and access rules. Registered before the routes, which it records as they are added.
 */
export async function registerApiReference(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Admin System API',
        version,
        description:
          'Customers, products, invoices, scheduled invoices, payments, balances and receivables of the Admin System. ' +
          'Money is in fils (1 KD = 1000 fils), days are yyyy-mm-dd (Asia/Kuwait). Sign in with POST /api/auth/login and send ' +
          '`Authorization: Bearer <token>`; each route names the permission it needs. Errors answer `{ message, errors? }` ' +
          'in the language of Accept-Language (en or ar).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: ({ schema, url, route }) => {
      const declared = (schema ?? {}) as Record<string, unknown>;
      const documented: Record<string, unknown> = {};
      for (const part of PARTS) if (declared[part]) documented[part] = jsonSchemaOf(declared[part]);
      const {
        public: open,
        ownAccount,
        anyUser,
        permission,
      } = (route.config ?? {}) as { public?: boolean; ownAccount?: boolean; anyUser?: boolean; permission?: string };
      const access = open
        ? 'Public.'
        : ownAccount
          ? 'The signed-in user, a temporary password included.'
          : anyUser
            ? 'Any signed-in user.'
            : `Needs the permission \`${permission}\`.`;
      return {
        schema: {
          ...documented,
          description: access,
          tags: [url.split('/')[2] ?? 'api'],
          ...(open ? {} : { security: [{ bearer: [] }] }),
        } as FastifySchema,
        url,
      };
    },
  });
}
