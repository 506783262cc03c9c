import type { Config } from '../config';
import type { Database, DatabaseKind } from '../db/connect';
import type { AuthService } from './auth/service';

/** What every module's routes receive when app.ts registers them. */
export interface ModuleContext {
  db: Database;
  dbKind: DatabaseKind;
  config: Config;
  auth: AuthService;
}
