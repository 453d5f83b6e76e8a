import { parseRate } from '../modules/stocks/conversion.js';
import { addRateVersion, currentRates, rateHistory } from '../modules/stocks/storage.js';
import { STOCK_CURRENCIES, type StockCurrency } from '../modules/stocks/venue.js';
import type { Command } from './commands.js';
import { UsageError } from './usage-error.js';
import { feeRateProblem, publishStockFees, STOCK_FEE_KIND, STOCK_FEE_PRODUCT, type StockFeeTerms } from '../modules/stocks/fee-terms.js';
import { termsHistory } from '../platform-kit/product/terms.js';

function currencyOf(text: string | undefined): StockCurrency {
  const currency = text?.toUpperCase();
  if (!currency || !(STOCK_CURRENCIES as readonly string[]).includes(currency)) throw new UsageError(`the currency is one of ${STOCK_CURRENCIES.join(', ')}`);
  return currency as StockCurrency;
}

const line = (r: { currency: string; version: number; rate: string; setAt: number }, by?: string) =>
  [`${r.currency}→USDT`, r.rate, `v${r.version}`, new Date(r.setAt).toISOString(), ...(by ? [by] : [])].join('  ');

/**
 * Operator commands of ordinary stocks: the USD→USDT and JPY→USDT rates stocks are valued at. A rate is set as a
 * new version (the old ones stay readable, figures name the version they used); nothing here moves a balance.
 */
export const STOCK_COMMANDS: Command[] = [
  {
    name: 'stock:rates',
    usage: 'stock:rates [USD|JPY]',
    summary: 'The stock conversion rates in force, or every version of one currency',
    changes: false,
    async run(args, _db, context) {
      const db = await context.db();
      if (args[0]) {
        const history = await rateHistory(db, currencyOf(args[0]));
        if (!history.length) context.print('No rate set yet.');
        for (const version of history) context.print(line(version, version.setBy));
        return;
      }
      const rates = await currentRates(db);
      for (const currency of STOCK_CURRENCIES) {
        const rate = rates.get(currency);
        context.print(rate ? line(rate) : `${currency}→USDT  not set (pnpm ops stock:rate ${currency} <rate>)`);
      }
    },
  },
  {
    name: 'stock:rate',
    usage: 'stock:rate <USD|JPY> <rate>',
    summary: 'Set the USDT value of 1 USD or 1 JPY for stocks (a new rate version)',
    changes: true,
    async run(args, tx, context) {
      if (args.length !== 2) throw new UsageError('usage: stock:rate <USD|JPY> <rate>, e.g. stock:rate JPY 0.0066');
      const currency = currencyOf(args[0]);
      const rate = parseRate(args[1]!);
      if (!rate) throw new UsageError('the rate is a plain decimal above 0 with at most 18 decimals (USDT for 1 unit), e.g. 0.0066');
      const before = (await currentRates(tx!)).get(currency) ?? null;
      const after = await addRateVersion(tx!, currency, rate, context.operator, context.clock?.() ?? new Date());
      context.print(`Set ${line(after)}${before ? ` (was ${before.rate}, v${before.version})` : ''}`);
      return { target: `stock-rate:${currency}`, detail: { before, after } };
    },
  },
  {
    name: 'stock:fees',
    usage: 'stock:fees',
    summary: 'Every version of the stock fee terms (taker and maker rates, of the USDT value)',
    changes: false,
    async run(_args, _db, context) {
      for (const v of await termsHistory<StockFeeTerms>(await context.db(), STOCK_FEE_KIND, STOCK_FEE_PRODUCT)) {
        context.print(`v${v.version}  taker ${v.terms.taker}  maker ${v.terms.maker}  from ${v.effectiveFrom.toISOString()}  ${v.createdBy}`);
      }
    },
  },
  {
    name: 'stock:set-fees',
    usage: 'stock:set-fees <taker> <maker>',
    summary: 'Publish the next version of the stock fee terms: orders placed from now on pay it, earlier ones keep theirs',
    changes: true,
    async run(args, tx, context) {
      if (args.length !== 2) throw new UsageError('usage: stock:set-fees <taker> <maker>, e.g. stock:set-fees 0.001 0.0008 (of the USDT value)');
      for (const rate of args) {
        const problem = feeRateProblem(rate);
        if (problem) throw new UsageError(problem);
      }
      const published = await publishStockFees(tx!, { taker: args[0]!, maker: args[1]! }, context.operator, context.clock?.() ?? new Date());
      context.print(`Stock fees v${published.version}: taker ${published.terms.taker}, maker ${published.terms.maker}`);
      return { target: `${STOCK_FEE_KIND}:${STOCK_FEE_PRODUCT}`, detail: { version: published.version, terms: published.terms } };
    },
  },
];
