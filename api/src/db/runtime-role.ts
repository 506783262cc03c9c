import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database } from './database';
import { onlyRow, rowsOf } from './rows';

/** The role the API runs as on PostgreSQL when DATABASE_RUNTIME_URL does not name one. */
export const DEFAULT_RUNTIME_ROLE = 'admin_system_api';

/** The login the API's pools use: a role that may read and write the data but only append to the trail. */
export interface RuntimeRole {
  name: string;
  /** Set when the role is created here; an existing role's password is the DBA's to change. */
  password?: string;
}

/**
 * The runtime URL: DATABASE_RUNTIME_URL as given, or else DATABASE_URL with the user
 * admin_system_api and no password (a server that trusts local logins, or a ~/.pgpass line).
 */
export function runtimeUrlOf(ownerUrl: string, runtimeUrl: string | undefined): string {
  if (runtimeUrl) return runtimeUrl;
  const url = new URL(ownerUrl);
  url.username = DEFAULT_RUNTIME_ROLE;
  url.password = '';
  return url.toString();
}

export function runtimeRoleOf(runtimeUrl: string): RuntimeRole {
  const url = new URL(runtimeUrl);
  const name = decodeURIComponent(url.username);
  if (!name) throw new Error('DATABASE_RUNTIME_URL must name its user (postgres://billing_api:…@host/db)');
  return { name, password: url.password ? decodeURIComponent(url.password) : undefined };
}

/**
 * Run by the owner right after the migrations, under their lock (concurrent GRANTs on one table
 * fail): creates the runtime role if it does not exist, then grants it every table and sequence
 * of the schema, again each time, so the tables a migration adds are covered, and takes back
 * UPDATE, DELETE and TRUNCATE on the trail. Not owning audit_log, the role cannot disable its
 * triggers either.
 */
export async function grantRuntimeRole(client: pg.ClientBase, role: RuntimeRole): Promise<void> {
  const name = pg.escapeIdentifier(role.name);
  const exists = await client.query('select 1 from pg_roles where rolname = $1', [role.name]);
  if (!exists.rowCount) {
    const password = role.password ? ` PASSWORD ${pg.escapeLiteral(role.password)}` : '';
    try {
      await client.query(`CREATE ROLE ${name} LOGIN${password}`);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Another database's start created it meanwhile (roles belong to the whole server).
      if (code !== '42710' && code !== '23505') throw createRoleError(role, error as Error);
    }
  }
  // Connecting and the schema are PUBLIC's by default, and only the database's owner may grant
  // them: asked for only where a hardened server took them from PUBLIC.
  const { rows } = await client.query<{ database: string; connects: boolean; usesSchema: boolean }>(
    `select current_database() as database,
            has_database_privilege($1, current_database(), 'CONNECT') as connects,
            has_schema_privilege($1, 'public', 'USAGE') as "usesSchema"`,
    [role.name],
  );
  const access = rows[0]!;
  const statements = [
    ...(access.connects ? [] : [`GRANT CONNECT ON DATABASE ${pg.escapeIdentifier(access.database)} TO ${name}`]),
    ...(access.usesSchema ? [] : [`GRANT USAGE ON SCHEMA public TO ${name}`]),
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${name}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${name}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_log FROM ${name}`,
  ];
  for (const statement of statements) await client.query(statement);
}

function createRoleError(role: RuntimeRole, cause: Error): Error {
  return new Error(
    `Cannot create the API's database role "${role.name}" (${cause.message}). Give the owner of ` +
      `DATABASE_URL the CREATEROLE right, or create it once as a superuser: ` +
      `CREATE ROLE ${pg.escapeIdentifier(role.name)} LOGIN PASSWORD '…'; and put it in DATABASE_RUNTIME_URL.`,
    { cause },
  );
}

/**
 * Refuses to serve as a role that could rewrite the trail: a superuser, the owner of audit_log
 * (or a member of the owner's role), or one allowed UPDATE, DELETE or TRUNCATE on it.
 */
export async function refuseRewritingRole(db: Database): Promise<void> {
  const result = await db.execute(sql`
    select current_user as role, r.rolsuper as superuser,
           pg_has_role(current_user, c.relowner, 'MEMBER') as owns,
           has_table_privilege('audit_log', 'UPDATE') or has_table_privilege('audit_log', 'DELETE')
             or has_table_privilege('audit_log', 'TRUNCATE') as rewrites
    from pg_class c, pg_roles r
    where c.oid = 'audit_log'::regclass and r.rolname = current_user`);
  const row = onlyRow(rowsOf<{ role: string; superuser: boolean; owns: boolean; rewrites: boolean }>(result));
  const why = row.superuser
    ? 'is a superuser'
    : row.owns
      ? 'owns audit_log'
      : row.rewrites
        ? 'may change audit_log'
        : '';
  if (why)
    throw new Error(
      `The API's database role "${row.role}" ${why}, so it could rewrite the audit trail. ` +
        'DATABASE_RUNTIME_URL must name another role than the owner of DATABASE_URL (see docs/operations.md).',
    );
}
