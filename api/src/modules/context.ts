import type { Config } from '../config';
import type { Database, DatabaseKind } from '../db/connect';

/** What every module's routes receive when app.ts registers them. */
export interface ModuleContext {
  db: Database;
  dbKind: DatabaseKind;
  config: Config;
}
