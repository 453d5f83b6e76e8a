import type { Db } from '../../db/db.js';
import { defineModule } from '../../platform-kit/define-module.js';
import { currentTerms } from '../../platform-kit/product/terms.js';
import type { MarketService } from '../market/service.js';
import { AI_FUND_COMMANDS } from './ops.js';
import { aiFundRoutes } from './routes.js';
import { seedFunds } from './seed.js';
import { AI_FUND, type AiFundTerms } from './terms.js';
import { valueAllFunds } from './values.js';

export const AI_FUND_VALUE_JOB = 'ai-funds.value';
/** How often every fund is valued (and rebalanced when due) from the recorded prices. */
export const AI_FUND_VALUE_MS = 60_000;

/** Every symbol some fund's current terms name. */
async function fundSymbols(db: Db, fundId?: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('SELECT id FROM ai_funds WHERE $1::text IS NULL OR id = $1', [fundId ?? null]);
  const symbols = new Set<string>();
  for (const { id } of rows) for (const s of (await currentTerms<AiFundTerms>(db, AI_FUND, id))?.terms.symbols ?? []) symbols.add(s);
  return [...symbols];
}

/**
 * The stored history a valuation reads: the market's daily K-lines of the funds' instruments (a momentum ranking
 * looks weeks back; a closed market's last price is its last bar) and the bars still in memory. Runs outside any
 * transaction (the market writes in its own).
 */
export function historyPreparer(db: Db, market: Pick<MarketService, 'ensureHistory' | 'flush'>) {
  return async (fundId?: string) => {
    for (const symbol of await fundSymbols(db, fundId)) await market.ensureHistory(symbol, '1d').catch(() => undefined);
    await market.flush();
  };
}

/** AI funds: seeded funds, their valuation job, the calls and the operators' publish and code commands. */
export const aiFundsModule = defineModule({
  name: 'ai-funds',
  needs: ['market'],
  productKinds: [AI_FUND],
  seed: ({ db, clock }) => seedFunds(db, clock()),
  routes: ({ db, services: { market } }) => ({ '/asset/api': aiFundRoutes(historyPreparer(db, market)) }),
  jobs: ({ db, services: { market } }) => {
    const prepare = historyPreparer(db, market);
    return [{ kind: AI_FUND_VALUE_JOB, everyMs: AI_FUND_VALUE_MS, perform: () => prepare(), run: ({ db: tx, now }) => valueAllFunds(tx, now) }];
  },
  opsCommands: AI_FUND_COMMANDS,
});
