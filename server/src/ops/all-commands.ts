import { MODULES } from '../app.js';
import { operatorCommands, runCommand as runWith, type CommandContext, type Command } from './commands.js';

/** Every operator command: the channel's own and each module's, in the order of the module list in app.ts. */
export const COMMANDS: Command[] = operatorCommands(MODULES);

/** Runs one command of the whole list (`pnpm ops`, the operator channel and tests). */
export function runCommand(argv: string[], context: CommandContext, commands: readonly Command[] = COMMANDS): Promise<void> {
  return runWith(argv, context, commands);
}

export { UsageError, type Command, type CommandContext } from './commands.js';
