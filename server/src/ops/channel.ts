import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Db } from '../db/db.js';
import { runCommand, UsageError, type Command } from './commands.js';

/**
 * The operator channel: a running server listens on a Unix socket in DATA_DIR, and `pnpm ops` sends its command
 * there instead of opening the database itself. With the embedded PGlite that is the only way an operator can
 * act while the server runs (one process per data folder); with PostgreSQL it is simply one less connection.
 * The socket is 0600 in the data folder, so only the OS user who could open the database files can use it, and
 * every command runs through runCommand exactly as from the shell: the same rules and the same audit rows.
 *
 * Protocol: the client writes one JSON line {argv, operator, cwd, stdin?}; the server answers JSON lines
 * {line} for each printed line and a last {exitCode, error?}.
 */
export interface OpsRequest {
  argv: string[];
  operator: string;
  cwd: string;
  stdin?: string;
}

export type OpsReply = { line: string } | { exitCode: number; error?: string };

export function opsSocketPath(dataDir: string): string {
  return path.join(dataDir, 'ops.sock');
}

export async function listenOpsChannel(options: {
  dataDir: string;
  db: Db;
  clock: () => Date;
  /** The commands it runs: the core ones and the modules' (operatorCommands). */
  commands: readonly Command[];
  /** The product kinds the modules sell (productKindsOf): the reserves the reserve commands know. */
  productKinds?: readonly string[];
}): Promise<{ close(): Promise<void> }> {
  const socketPath = opsSocketPath(options.dataDir);
  // A socket file left by a process that was killed would refuse the listen.
  await rm(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      socket.removeAllListeners('data');
      const send = (reply: OpsReply) => socket.write(`${JSON.stringify(reply)}\n`);
      let request: OpsRequest;
      try {
        request = JSON.parse(buffer.slice(0, newline)) as OpsRequest;
        if (!Array.isArray(request.argv) || typeof request.operator !== 'string' || !request.operator) throw new Error('bad request');
      } catch {
        send({ exitCode: 2, error: 'Malformed operator request' });
        socket.end();
        return;
      }
      runCommand(request.argv.map(String), {
        operator: request.operator,
        db: async () => options.db,
        print: (line) => send({ line }),
        dataDir: options.dataDir,
        cwd: request.cwd,
        readStdin: async () => request.stdin ?? '',
        clock: options.clock,
      }, options.commands, options.productKinds).then(
        () => send({ exitCode: 0 }),
        (error: unknown) =>
          error instanceof UsageError ? send({ exitCode: 2, error: error.message }) : send({ exitCode: 1, error: String((error as Error)?.message ?? error) }),
      ).finally(() => socket.end());
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        rm(socketPath, { force: true }).catch(() => undefined);
      }),
  };
}

/**
 * Sends a command to the server running on this data folder. Resolves undefined when no server listens there
 * (the caller then opens the database itself), otherwise with the command's exit code after printing its output.
 */
export function sendToRunningServer(
  dataDir: string,
  request: OpsRequest,
  output: { print(line: string): void; error(line: string): void },
): Promise<number | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(opsSocketPath(dataDir));
    let buffer = '';
    let connected = false;
    let exitCode: number | undefined;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const reply = JSON.parse(buffer.slice(0, newline)) as OpsReply;
        buffer = buffer.slice(newline + 1);
        if ('line' in reply) output.print(reply.line);
        else {
          if (reply.error) output.error(reply.error);
          exitCode = reply.exitCode;
        }
      }
    });
    socket.on('error', () => resolve(connected ? 1 : undefined));
    socket.on('close', () => resolve(connected ? (exitCode ?? 1) : undefined));
  });
}
