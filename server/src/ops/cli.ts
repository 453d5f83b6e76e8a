import os from 'node:os';
import { loadConfig } from '../config.js';
import type { Db } from '../db/db.js';
import { openDb } from '../db/open.js';
import { sendToRunningServer } from './channel.js';
import { runCommand, UsageError } from './all-commands.js';

// Operator commands: `pnpm ops <command>`. When a server runs on this DATA_DIR the command goes to it through
// its operator socket (src/ops/channel.ts), since one PGlite folder can be open in one process only; otherwise
// this process opens the database itself.
const config = loadConfig();
const argv = process.argv.slice(2);
const operator = process.env.MERIDIAN_OPERATOR || os.userInfo().username;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const stdin = argv.includes('-') ? await readStdin() : undefined;
const viaServer = await sendToRunningServer(
  config.dataDir,
  { argv, operator, cwd: process.cwd(), ...(stdin !== undefined ? { stdin } : {}) },
  { print: (line) => console.log(line), error: (line) => console.error(line) },
);

if (viaServer !== undefined) {
  process.exitCode = viaServer;
} else {
  let db: Db | undefined;
  const quietLog = { info: () => undefined, error: (obj: object, msg: string) => console.error(msg, obj) };
  try {
    await runCommand(argv, {
      operator,
      db: async () => (db ??= await openDb(config, quietLog)),
      print: (line) => console.log(line),
      dataDir: config.dataDir,
      ...(stdin !== undefined ? { readStdin: async () => stdin } : {}),
    });
  } catch (error) {
    console.error(error instanceof UsageError ? error.message : error);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  } finally {
    await db?.close();
  }
}
