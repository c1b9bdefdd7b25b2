import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import type { Translator } from './lib/i18n';
import type { Logger } from './lib/logger';

/** What every module receives from createApp: nothing reads a global database, clock or config. */
export interface AppDeps {
  db: Database;
  clock: Clock;
  config: AppConfig;
  logger: Logger;
}

/** The signed-in account behind a request. */
export interface Actor {
  userId: string;
  sessionId: string;
  roles: string[];
  /** The main account of a sub-account; null for a main account. */
  parentId: string | null;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    t: Translator;
  };
}

export interface AuthedEnv {
  Variables: AppEnv['Variables'] & { actor: Actor };
}

export interface ClientEnv {
  Variables: AppEnv['Variables'] & { clientId: string };
}
