import { MODULES } from '../app.js';
import { operatorCommands, productKindsOf, runCommand as runWith, type CommandContext, type Command } from './commands.js';

/** Every operator command: the channel's own and each module's, in the order of the module list in app.ts. */
export const COMMANDS: Command[] = operatorCommands(MODULES);

/** The product kinds the modules sell: one reserve account each (reserve:fund and reserve:status know exactly these). */
export const PRODUCT_KINDS: readonly string[] = productKindsOf(MODULES);

/** Runs one command of the whole list (`pnpm ops`, the operator channel and tests). */
export function runCommand(argv: string[], context: CommandContext, commands: readonly Command[] = COMMANDS): Promise<void> {
  return runWith(argv, context, commands, context.productKinds ?? PRODUCT_KINDS);
}

export { UsageError, type Command, type CommandContext } from './commands.js';
