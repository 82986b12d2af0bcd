import type { Config } from './config/env';
import type { Database } from './db/client';
import type { Jobs } from './services/jobs';
import type { Storage } from './services/storage';

/** What route plugins need, passed explicitly rather than hung on globals. */
export interface AppContext {
  config: Config;
  database: Database;
  storage: Storage;
  jobs: Jobs;
}
