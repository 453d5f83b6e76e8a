import { parseAmount } from '../ledger/ledger.js';
import type { TradingEngine } from '../trading/engine.js';
import type { InstrumentTerms } from '../trading/instruments.js';
import { refuse } from '../trading/refusal.js';
import type { Side } from './storage.js';

/** A spot order as sent (create's body without its request id; the estimate's query). */
export interface SpotOrderFields {
  symbol: string;
  side: Side;
  type: 'market' | 'limit';
  price?: string | undefined;
  quantity?: string | undefined;
  amount?: string | undefined;
}

/** An order that passed the checks: its price (limit) and its size, a quantity or (a market buy) a quote amount. */
export interface CheckedOrder {
  limit: boolean;
  price: string | null;
  quantity: string | null;
  amount: string | null;
}

/**
 * The checks every spot order passes before any money moves, in order: the symbol's terms (spot enabled; a token
 * offering only through create-ico), trading hours, the price and its band, the size. create() and estimate()
 * both run them, so an estimate is refused exactly where placing would be.
 */
export async function checkSpotOrder(engine: TradingEngine, terms: InstrumentTerms, input: SpotOrderFields, route: 'create' | 'create-ico' | 'estimate'): Promise<CheckedOrder> {
  if (!terms.spotEnabled) throw refuse('symbolNotTradable', { symbol: terms.symbol });
  if (route === 'create-ico' && !terms.isIco) throw refuse('notIco', { symbol: terms.symbol });
  engine.requireOpen(terms.symbol);
  const limit = input.type === 'limit';
  const price = limit ? engine.checkPrice(terms, input.price) : null;
  // an ICO's price is set by its offering, not a market: no band around it
  if (price !== null && !terms.isIco) engine.checkPriceBand(terms, price, engine.tick(terms.symbol)?.price);
  const byAmount = !limit && input.side === 'buy' && input.quantity === undefined;
  const quantity = byAmount ? null : engine.checkQuantity(terms, input.quantity);
  const amount = byAmount ? parseAmount(input.amount).toFixed() : null;
  if (!byAmount && input.amount !== undefined) throw refuse('invalidSize');
  return { limit, price, quantity, amount };
}
