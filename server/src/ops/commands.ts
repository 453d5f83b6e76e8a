import type { Db } from '../db/db.js';
import { listAudit, recordAudit } from '../modules/audit/storage.js';
import { UsageError } from './usage-error.js';

export interface CommandContext {
  /** Who runs the command, recorded with every change. */
  operator: string;
  db(): Promise<Db>;
  print(line: string): void;
  /** DATA_DIR, for commands that read local files (upload:export). */
  dataDir?: string;
  /** The operator's working directory, against which file arguments are resolved (the process's when unset). */
  cwd?: string;
  /** Standard input, for commands that take a file or "-" (news:publish); tests supply their own. */
  readStdin?: () => Promise<string>;
  /** The time commands record (loan approval starts a loan's term); the system clock unless a test sets one. */
  clock?: () => Date;
  /** Every command of this run (help lists them); runCommand sets it. */
  commands?: readonly Command[];
  /** The product kinds the modules sell (one reserve each); runCommand sets it from the module list. */
  productKinds?: readonly string[];
}

/** What a changing command adds to its audit row: the target it changed and details beyond its arguments. */
export interface AuditNote {
  target?: string;
  detail?: Record<string, unknown>;
}

export interface Command {
  name: string;
  usage: string;
  summary: string;
  /**
   * A command that changes anything sets this: it then runs inside a transaction that also writes its
   * audit_log row, so the change and its record commit together or not at all.
   */
  changes: boolean;
  run(args: string[], db: Db | undefined, context: CommandContext): Promise<void | AuditNote>;
}

/**
 * The commands of the operator channel itself; each module adds its own (`opsCommands` in its definition), and
 * `operatorCommands` joins them in the order of the module list in app.ts.
 */
export const CORE_COMMANDS: Command[] = [
  {
    name: 'help',
    usage: 'help',
    summary: 'List the commands',
    changes: false,
    async run(_args, _db, { print, commands = CORE_COMMANDS }) {
      print('Usage: pnpm ops <command> [arguments]');
      print('');
      for (const command of commands) print(`  ${command.usage.padEnd(36)} ${command.summary}`);
      print('');
      print('Every command that changes something is recorded in audit_log as MERIDIAN_OPERATOR (default: the OS user).');
    },
  },
  {
    name: 'audit',
    usage: 'audit [limit]',
    summary: 'Print the audit log, newest first (default 50 entries)',
    changes: false,
    async run(args, _db, context) {
      const limit = args[0] === undefined ? 50 : Number(args[0]);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError('limit must be a positive integer');
      const entries = await listAudit(await context.db(), limit);
      if (!entries.length) context.print('The audit log is empty.');
      for (const entry of entries) {
        context.print(
          [entry.createdAt.toISOString(), entry.actor, entry.action, entry.target ?? '-', JSON.stringify(entry.detail)].join('  '),
        );
      }
    },
  },
];

/** The core commands and the modules' own; a name declared twice is a mistake in the module list. */
/** The product kinds the modules declare, once each, in module order. */
export function productKindsOf(modules: readonly { name: string; productKinds?: readonly string[] }[]): string[] {
  const kinds: string[] = [];
  for (const module of modules) {
    for (const kind of module.productKinds ?? []) {
      if (kinds.includes(kind)) throw new Error(`Product kind "${kind}" of module "${module.name}" is declared twice: one reserve per kind`);
      kinds.push(kind);
    }
  }
  return kinds;
}

export function operatorCommands(modules: readonly { name: string; opsCommands?: readonly Command[] }[]): Command[] {
  const commands = [...CORE_COMMANDS];
  for (const module of modules) {
    for (const command of module.opsCommands ?? []) {
      if (commands.some((other) => other.name === command.name)) throw new Error(`Operator command "${command.name}" of module "${module.name}" is declared twice`);
      commands.push(command);
    }
  }
  return commands;
}

export { UsageError };

export async function runCommand(argv: string[], context: CommandContext, commands: readonly Command[], productKinds?: readonly string[]): Promise<void> {
  const [first = 'help', ...args] = argv;
  let name = first;
  // "ledger verify" and "ledger:verify" name the same command.
  if (!commands.some((candidate) => candidate.name === name) && args[0] && commands.some((c) => c.name === `${name}:${args[0]}`)) {
    name = `${name}:${args.shift()}`;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) throw new UsageError(`Unknown command "${name}"; run "pnpm ops help"`);
  const withList = { ...context, commands, ...(productKinds ? { productKinds } : {}) };
  if (!command.changes) {
    await command.run(args, undefined, withList);
    return;
  }
  const db = await context.db();
  await db.transaction(async (tx) => {
    const note = await command.run(args, tx, withList);
    await recordAudit(tx, { actor: context.operator, action: command.name, target: note?.target, detail: { args, ...note?.detail } });
  });
}
