import os from 'node:os';
import { loadConfig } from '../config.js';
import type { Db } from '../db/db.js';
import { openDb } from '../db/open.js';
import { runCommand, UsageError } from './commands.js';

// Operator commands: `pnpm ops <command>`. With the embedded store the server must be stopped first, since
// one PGlite folder can be open in one process only.
let db: Db | undefined;
const config = loadConfig();
const quietLog = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };

try {
  await runCommand(process.argv.slice(2), {
    operator: process.env.MERIDIAN_OPERATOR || os.userInfo().username,
    db: async () => (db ??= await openDb(config, quietLog)),
    print: (line) => console.log(line),
    dataDir: config.dataDir,
  });
} catch (error) {
  console.error(error instanceof UsageError ? error.message : error);
  process.exitCode = error instanceof UsageError ? 2 : 1;
} finally {
  await db?.close();
}
