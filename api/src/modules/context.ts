import type { Config } from '../config';
import type { Database, DatabaseKind } from '../db/connect';
import type { PdfRenderer } from './documents/pdf-renderer';

/** What every module's routes receive when app.ts registers them. */
export interface ModuleContext {
  db: Database;
  dbKind: DatabaseKind;
  config: Config;
  /** Makes PDFs of the print views (documents/pdf-renderer.ts). */
  pdf: PdfRenderer;
}
