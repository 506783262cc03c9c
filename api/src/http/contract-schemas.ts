import swagger from '@fastify/swagger';
import { toJsonSchema } from '@valibot/to-json-schema';
import { answersOf, ErrorBodySchema, type RouteAnswer } from '@admin/shared/contract';
import type { FastifyInstance, FastifySchema, FastifyTypeProvider, RouteOptions } from 'fastify';
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

type JsonSchema = ReturnType<typeof toJsonSchema>;

/**
 * A value or null as one type list (`{ type: ['string', 'null'] }`) rather than `anyOf`: the
 * serializer writes a type list by looking at the value, where an `anyOf` has it validate each
 * value against each choice, and fail the answer when none fits. A nullable choice of words keeps
 * its words and adds null to them (`{ type: ['string', 'null'], enum: ['a', 'b', null] }`).
 */
function nullableOf(jsonSchema: JsonSchema): JsonSchema | undefined {
  const [value, none, ...more] = jsonSchema.anyOf ?? [];
  if (more.length || typeof value !== 'object' || typeof none !== 'object' || none.type !== 'null') return undefined;
  if (typeof value.type !== 'string' || value.anyOf) return undefined;
  return { ...value, type: [value.type, 'null'], ...(value.enum && { enum: [...value.enum, null] }) };
}

/**
 * A contract schema as JSON Schema 2020-12 (what OpenAPI 3.1 uses); what JSON Schema cannot say
 * (transforms, checks in code) is left out. An open (loose) object says so: the serializer keeps
 * the fields it does not name rather than dropping them; an exact (strict) one writes only its own.
 */
function jsonSchemaOf(schema: unknown) {
  const { $schema: _dialect, ...json } = toJsonSchema(schema as v.GenericSchema, {
    target: 'draft-2020-12',
    errorMode: 'ignore',
    overrideSchema: ({ valibotSchema, jsonSchema }) =>
      valibotSchema.type === 'loose_object'
        ? { ...jsonSchema, additionalProperties: true }
        : valibotSchema.type === 'nullable'
          ? nullableOf(jsonSchema)
          : undefined,
  });
  return json;
}

const PARTS = ['body', 'querystring', 'params'] as const;

const ERROR_BODY = jsonSchemaOf(ErrorBodySchema);

// The contract's answers are module constants: each is converted once per process, and every app
// built from them shares the same schema objects (whose serializers are then compiled once too).
const converted = new WeakMap<readonly RouteAnswer[], Record<string, unknown>>();

/** A route's answers as Fastify's `schema.response`: per status, each content type it may answer. */
function responseSchemaOf(answers: readonly RouteAnswer[]) {
  const known = converted.get(answers);
  if (known) return known;
  const response: Record<string, unknown> = { '4xx': ERROR_BODY, '5xx': ERROR_BODY };
  for (const status of new Set(answers.map((answer) => answer.status))) {
    const content: Record<string, { schema: unknown }> = {};
    for (const { json, file } of answers.filter((answer) => answer.status === status)) {
      if (json) content['application/json'] = { schema: jsonSchemaOf(json) };
      if (file) content[file] = { schema: { type: 'string', format: 'binary' } };
    }
    response[status] = Object.keys(content).length ? { content } : { description: 'No content', type: 'null' };
  }
  converted.set(answers, response);
  return response;
}

/**
 * Gives an /api route the answers the contract declares for it (shared/src/contract/answers.ts):
 * the serializer writes exactly those, and /api/docs lists them. A route the contract does not
 * know stops the start, naming it, so no route answers an undeclared shape.
 */
export function declareAnswers(route: RouteOptions, prefix: string): void {
  const method = [route.method].flat().join(',');
  const path = route.url.slice(prefix.length);
  const answers = answersOf(method, path);
  if (!answers) throw new Error(`${method} ${route.url} declares no answer (shared/src/contract/answers.ts)`);
  route.schema = { ...route.schema, response: responseSchemaOf(answers) };
}

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
      // Already JSON Schema: declareAnswers converted the contract's answers for the serializer.
      if (declared.response) documented.response = declared.response;
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
