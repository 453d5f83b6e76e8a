import { defineModule } from '../../platform-kit/define-module.js';
import { LEDGER_COMMANDS } from '../../ops/ledger.js';

/** The double-entry ledger has no routes of its own (modules move money through ledger.ts); operators verify it. */
export const ledgerModule = defineModule({
  name: 'ledger',
  opsCommands: LEDGER_COMMANDS,
});
