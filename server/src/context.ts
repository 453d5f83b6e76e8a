import type { Cluster } from './cluster/cluster.js';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import type { Auth } from './modules/identity/auth.js';
import type { Outbox } from './modules/outbox/service.js';

/** What every module's routes plugin receives as its options. */
export interface AppContext {
  config: Config;
  db: Db;
  outbox: Outbox;
  /** Sessions: verifyToken(token) and requireUser(request) (modules/identity/auth.ts). */
  auth: Auth;
  /** The current time; tests inject their own (AppDeps.clock). */
  clock: () => Date;
  /** Cluster mode's bus and leadership (src/cluster); omitted or SINGLE: one process. */
  cluster?: Cluster;
}
