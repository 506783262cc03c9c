import { stringify } from 'csv-stringify';
import { filsToKdString, type Fils } from '@admin/shared/money';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';

/**
 * CSV answers of the API: one way to write them, so every export reads the same in a spreadsheet.
 * UTF-8 with a byte-order mark (Excel otherwise reads Arabic names as Latin-1), a header row,
 * money as plain 3-decimal KD numbers ('1234.500', no separators or suffix), days as ISO
 * 'YYYY-MM-DD'. Rows are written as they arrive, so an export of every matching row never holds
 * the whole file in memory.
 */

export type CsvValue = string | number | null | undefined;

/** One column: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

/** Cell helpers for the two kinds of value that need one written form. */
export const csvCell = {
  /** Fils as a plain KD number with 3 decimals. */
  money: (amount: Fils | null | undefined): CsvValue =>
    amount === null || amount === undefined ? '' : filsToKdString(amount),
  /** A wire day (UTC midnight) or 'YYYY-MM-DD' as 'YYYY-MM-DD'. */
  day: (value: string | null | undefined): CsvValue => (value ? value.slice(0, 10) : ''),
};

// A spreadsheet runs a cell that starts with one of these as a formula ('=HYPERLINK(…)' in a
// customer's name). OWASP's answer: a leading apostrophe, which makes the cell text. A leading tab
// would do too, but values are stored trimmed, so one typed that way has lost it.
const FORMULA_START = /^[=+\-@\t\r]/;
// Money and other numbers ('-5.000') start with '-' and must stay numbers: nothing else in them runs.
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** A cell as every export writes it: text that would start a formula neutralised, numbers as they are. */
export function safeCell(value: CsvValue): string | number {
  if (typeof value !== 'string') return value ?? '';
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The CSV text of `rows` under `columns`, streamed, BOM first. */
export function csvStream<T>(columns: readonly CsvColumn<T>[], rows: AsyncIterable<T> | Iterable<T>): Readable {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: '\r\n',
  });
  void (async () => {
    try {
      for await (const row of rows) {
        const record = columns.map((column) => safeCell(column.value(row)));
        // Respect back-pressure: a slow download does not make us buffer the whole export.
        if (!stringifier.write(record)) await new Promise((resolve) => stringifier.once('drain', resolve));
      }
      stringifier.end();
    } catch (error) {
      stringifier.destroy(error as Error);
    }
  })();
  return stringifier;
}

/** True when the caller asked for CSV (Accept: text/csv), the way every list offers its export. */
export function wantsCsv(request: FastifyRequest): boolean {
  return /\btext\/csv\b/i.test(request.headers.accept ?? '');
}

/**
 * Sends a CSV answer as a download named `filename`, once the instance's export gate gives this
 * export its turn (http/export-gate.ts): 503 with Retry-After when too many wait already.
 */
export async function sendCsv<T>(
  reply: FastifyReply,
  filename: string,
  columns: readonly CsvColumn<T>[],
  rows: AsyncIterable<T> | Iterable<T>,
) {
  const leave = await reply.server.exportGate.enter(reply);
  const stream = csvStream(columns, rows);
  stream.once('close', leave);
  reply.raw.once('close', leave);
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .send(stream);
}
