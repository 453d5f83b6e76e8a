import type { SecondsPushAction } from '@meridian/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import type { AuthUser } from '../identity/auth.js';
import type { Mode } from '../ledger/ledger.js';
import { idempotent, rowOfKey } from '../../platform-kit/idempotent.js';
import type { MarketService } from '../market/service.js';
import { pushToUser } from '../platform/user-events.js';
import type { TradingEngine } from '../trading/engine.js';
import { contractView, type ContractRow } from './contract.js';
import { placeContract } from './opening.js';
import { TickRecorder } from './recorder.js';
import { createSettlement } from './settlement.js';
import { CONTRACT_OF_REQUEST, contractById, deleteOldTicks, findProduct, listContracts, receiptHashes, ticksByIds } from './storage.js';
import { checkPurchase, requireProductFits, TICK_RETENTION_MS, type OpenInput } from './terms.js';

export type SecondsService = ReturnType<typeof createSeconds>;

/**
 * Seconds contracts: purchase (opening.ts) on the product's terms (terms.ts), tick recording (recorder.ts),
 * settlement or refund at expiry (settlement.ts), the rows in storage.ts.
 */
export function createSeconds(deps: { db: Db; engine: TradingEngine; market: MarketService; log?: FastifyBaseLogger | undefined }) {
  const { db, engine, market } = deps;
  const clock = () => engine.clock();
  const recorder = new TickRecorder({ db, clock, source: (symbol) => market.source(symbol), log: deps.log });
  let unsubscribe: (() => void) | undefined;

  const push = (tx: Db, row: Pick<ContractRow, 'userId' | 'mode' | 'symbol' | 'id'>, action: SecondsPushAction) =>
    pushToUser(tx, row.userId, { action, mode: row.mode, symbol: row.symbol, contractId: row.id });
  const { settleDue } = createSettlement({ engine, push });

  return {
    recorder,

    /** Loads the symbols to record and starts recording the market's ticks. */
    async start(): Promise<void> {
      await recorder.load().catch((err: unknown) => deps.log?.error({ err }, 'seconds: could not read the symbols to record yet'));
      // only the feed's owner records (single-process: this process), so each tick is recorded once
      unsubscribe ??= market.subscribeOwned((_quotes, ticks) => recorder.onTicks(ticks));
    },

    async stop(): Promise<void> {
      unsubscribe?.();
      unsubscribe = undefined;
      await recorder.idle();
    },

    contractById: (id: string) => contractById(db, id),

    /**
     * Buys a contract: the product's terms frozen into it, the stake moved from the option wallet's available to
     * its frozen part, the feed's current tick recorded as the opening price, expiry = acceptance + duration.
     */
    async open(user: AuthUser, input: OpenInput): Promise<ContractRow> {
      const { requestId, ...body } = input;
      const call = await idempotent(db, clock, { key: { scope: 'seconds-open', userId: user.id, mode: user.mode, requestId }, request: { ...body, mode: user.mode }, replay: rowOfKey<ContractRow>(CONTRACT_OF_REQUEST) });
      if (call.first) return call.first;
      const symbol = market.instrument(input.symbol).symbol;
      const product = requireProductFits(await findProduct(db, { productId: input.productId, symbol, duration: input.duration }), input, symbol);
      engine.requireOpen(symbol);
      const stake = checkPurchase(product, input.stake, clock(), market.tradingTime(symbol).nextClose);
      return call.transaction((tx, now) =>
        placeContract({ engine, market, recorder, push }, tx, { user, symbol, product, input: { ...input, stake }, requestKey: call.key }, now));
    },

    settleDue,

    /**
     * Deletes recorded ticks older than the retention that no contract refers to and that no open contract may
     * still settle on (ticks at or after an open contract's expiry stay).
     */
    pruneTicks: (tx: Db, now: Date, retentionMs = TICK_RETENTION_MS): Promise<number> => deleteOldTicks(tx, new Date(now.getTime() - retentionMs)),

    /** The user's contracts: open ones soonest expiry first, history newest settlement first; and the user's record. */
    list(userId: string, mode: Mode, options: { status: 'open' | 'history'; symbol?: string | undefined; limit: number; offset: number }) {
      return listContracts(db, userId, mode, { ...options, symbol: options.symbol ? market.instrument(options.symbol).symbol : null });
    },

    /** A contract with its opening and closing ticks and receipt hashes. */
    async detail(row: ContractRow) {
      const ticks = await ticksByIds(db, [row.openTickId, row.closeTickId].filter((id): id is string => id !== null));
      const receipts = await receiptHashes(db, [row.openReceiptSeq, row.settleReceiptSeq, row.refundReceiptSeq].filter((s): s is string => s !== null));
      const tick = (id: string | null) => ticks.find((t) => t.id === id) ?? null;
      const hash = (seq: string | null) => receipts.find((r) => r.seq === seq)?.hash ?? null;
      return {
        contract: contractView(row), openTick: tick(row.openTickId)!, closeTick: tick(row.closeTickId), openReceiptHash: hash(row.openReceiptSeq)!,
        settleReceiptHash: hash(row.settleReceiptSeq ?? row.refundReceiptSeq),
      };
    },
  };
}
