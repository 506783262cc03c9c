import { protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';

const { serialize } = protocol;

/** A select to run: a text, planned at this call, or a statement prepared under this name. */
export type Select = { text: string } | { name: string };

/**
 * Runs a select on PGlite's one connection in one call into PGlite: parse (or the prepared
 * statement's name), bind, describe, execute and sync as one message. PGlite's `query` sends them
 * in six calls, each through its own queue and promise, and its protocol layer cost more than the
 * engine for a small select (`select 1`: 230-250 µs against 130-140; a 10-row page 500-550 against
 * 360-410). Values become text as node-postgres makes them on PostgreSQL, each typed by the
 * statement, so a query binds the same text on both databases. Rows are read with the client's
 * parsers, as `query` reads them, and a database error is thrown as `query` throws it.
 */
export async function selectInOneCall<T>(
  client: PGlite,
  select: Select,
  params: readonly unknown[],
  options?: QueryOptions,
): Promise<Results<T>> {
  const statement = 'name' in select ? select.name : '';
  const message = joined([
    ...('text' in select ? [serialize.parse({ text: select.text })] : []),
    serialize.bind({ statement, values: params.map((value) => pgUtils.prepareValue(value)) }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  await client._checkReady();
  // As `query` does: no transaction of another request is open meanwhile, so this read does not
  // run inside it. A read changes nothing, so nothing is synced to the folder after it.
  const replies = await client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(() => client.execProtocolStream(message, { syncToFs: false })),
  );
  return resultOf<T>(client, replies, options);
}

function resultOf<T>(
  client: PGlite,
  replies: Awaited<ReturnType<PGlite['execProtocolStream']>>,
  options: QueryOptions | undefined,
): Results<T> {
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  for (const reply of replies) {
    if (reply instanceof protocol.messages.RowDescriptionMessage)
      fields = reply.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID }));
    else if (reply instanceof protocol.messages.DataRowMessage) {
      const values = reply.fields.map((text, i) => parsed(client, options, text, fields[i]!.dataTypeID));
      rows.push(
        options?.rowMode === 'array' ? values : Object.fromEntries(fields.map(({ name }, i) => [name, values[i]])),
      );
    }
  }
  return { rows: rows as T[], fields, affectedRows: 0 };
}

/** A field's text as `query` parses it: the query's own parser for its type, else the client's. */
function parsed(client: PGlite, options: QueryOptions | undefined, text: string | null, type: number): unknown {
  if (text === null) return null;
  const parse = options?.parsers?.[type] ?? client.parsers[type];
  return parse ? parse(text, type) : text;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    message.set(part, at);
    at += part.length;
  }
  return message;
}
