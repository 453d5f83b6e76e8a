import type { Db } from '../db/db.js';
import { approveBlock, publishBlockOffer, rejectBlock } from '../modules/stock-offers/block.js';
import { cancelIpo, publishIpo, reviewSubscription } from '../modules/stock-offers/ipo.js';
import { findIpo, listIpos, subscriptionsOf } from '../modules/stock-offers/storage.js';
import type { Command, CommandContext } from './commands.js';
import { parseFlags } from './loans.js';
import { UsageError } from './usage-error.js';

const now = (context: CommandContext) => context.clock?.() ?? new Date();

/** "2026-12-01T14:30:00Z", or "+90s", "+5m", "+2h", "+1d" from the clock. */
function timeOf(text: string | undefined, flag: string, at: Date): Date {
  if (!text) throw new UsageError(`--${flag} is required (an ISO time or +90s, +5m, +2h, +1d)`);
  const relative = /^\+(\d{1,6})([smhd])$/.exec(text);
  if (relative) return new Date(at.getTime() + Number(relative[1]) * { s: 1e3, m: 6e4, h: 3.6e6, d: 8.64e7 }[relative[2] as 's' | 'm' | 'h' | 'd']);
  const date = new Date(text);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d\d-\d\dT/.test(text)) throw new UsageError(`--${flag}: not a time: ${text}`);
  return date;
}

function only(flags: Record<string, string>, allowed: string[]): void {
  const unknown = Object.keys(flags).filter((f) => !allowed.includes(f));
  if (unknown.length) throw new UsageError(`Unknown option(s): ${unknown.map((f) => `--${f}`).join(' ')}; use ${allowed.map((f) => `--${f}`).join(' ')}`);
}

const plain = (text: string | undefined, flag: string): string => {
  if (!text || !/^\d{1,30}(\.\d{1,18})?$/.test(text)) throw new UsageError(`--${flag} must be a plain decimal`);
  return text;
};

/** A service's plain Error is the operator's usage message (the change is rolled back with it). */
async function asUsage<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    if (error instanceof Error && !/^(insert|update|select)/i.test(error.message)) throw new UsageError(error.message);
    throw error;
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : '-');

/**
 * Operator commands of IPOs and block trades. Operators publish offers and decide subscriptions; none sets a seed,
 * a draw, a price paid or a balance: the draw is the job's, from the seed drawn at publication.
 */
export const STOCK_OFFER_COMMANDS: Command[] = [
  {
    name: 'ipo:publish',
    usage: 'ipo:publish <symbol> --name --price --shares --lot --from --until --draw-at --listing [--pe]',
    summary: 'Publish an IPO; its seed is drawn now and its SHA-256 published (times: ISO or +5m)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      only(flags, ['name', 'price', 'shares', 'lot', 'from', 'until', 'draw-at', 'listing', 'pe']);
      const symbol = words[0];
      if (!symbol || !flags.name) throw new UsageError('name a symbol (AAPL:NASDAQ) and --name');
      const at = now(context);
      const ipo = await asUsage(() => publishIpo(tx!, {
        symbol, name: flags.name!, issuePrice: plain(flags.price, 'price'), peRatio: flags.pe ?? null, sharesOffered: plain(flags.shares, 'shares'),
        lotSize: Number(flags.lot ?? '0'), subscribeFrom: timeOf(flags.from, 'from', at), subscribeUntil: timeOf(flags.until, 'until', at),
        allocateAt: timeOf(flags['draw-at'], 'draw-at', at), listAt: timeOf(flags.listing, 'listing', at),
      }, context.operator, at));
      context.print(`IPO ${ipo.id} ${ipo.symbol} published: ${ipo.sharesOffered} shares at ${ipo.issuePrice} ${ipo.currency}, lots of ${ipo.lotSize}; seed SHA-256 ${ipo.seedHash}`);
      return { target: `stock-ipo:${ipo.id}`, detail: { symbol: ipo.symbol, issuePrice: ipo.issuePrice, sharesOffered: ipo.sharesOffered, lotSize: ipo.lotSize, seedHash: ipo.seedHash } };
    },
  },
  {
    name: 'ipo:list',
    usage: 'ipo:list',
    summary: 'List the IPOs with their state and seed hash',
    changes: false,
    async run(_args, _db, context) {
      const ipos = await listIpos(await context.db());
      if (!ipos.length) context.print('No IPO.');
      for (const i of ipos) context.print([i.id, i.symbol, i.state, `${i.issuePrice} ${i.currency}`, `${i.sharesOffered} shares / ${i.lotSize}`, iso(i.subscribeFrom), iso(i.subscribeUntil), iso(i.allocateAt), iso(i.listAt), i.seedHash].join('  '));
    },
  },
  {
    name: 'ipo:subscriptions',
    usage: 'ipo:subscriptions <ipo>',
    summary: 'List the subscriptions of an IPO',
    changes: false,
    async run(args, _db, context) {
      const db = await context.db();
      if (!args[0] || !(await findIpo(db, args[0]))) throw new UsageError('name an IPO id (see ipo:list)');
      const subs = await subscriptionsOf(db, args[0], ['pending', 'passed', 'rejected', 'processing', 'completed', 'canceled']);
      if (!subs.length) context.print('No subscription.');
      for (const s of subs) context.print([s.id, `user:${s.userId}`, s.mode, s.status, `${s.lots} lots`, `${s.amount} USDT held`, s.place === null ? '' : `place ${s.place}, won ${s.lotsWon}`].join('  '));
    },
  },
  {
    name: 'ipo:review',
    usage: 'ipo:review <subscription> <pass|reject> [reason…]',
    summary: 'Pass or reject a subscription pending review (a rejection releases its funds)',
    changes: true,
    async run(args, tx, context) {
      const [id, decision] = args;
      if (!id || (decision !== 'pass' && decision !== 'reject')) throw new UsageError('usage: ipo:review <subscription> <pass|reject> [reason…]');
      const reason = args.slice(2).join(' ').trim();
      if (decision === 'reject' && !reason) throw new UsageError('a rejection needs a reason');
      const s = await asUsage(() => reviewSubscription(tx!, id, decision, reason, now(context)));
      context.print(`Subscription ${s.id} of user ${s.userId}: ${s.status}`);
      return { target: `user:${s.userId}`, detail: { subscription: s.id, decision, reason } };
    },
  },
  {
    name: 'ipo:pass-all',
    usage: 'ipo:pass-all <ipo>',
    summary: 'Pass every subscription of an IPO pending review',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name an IPO id (see ipo:list)');
      const pending = await subscriptionsOf(tx!, args[0], ['pending'], true);
      for (const s of pending) await reviewSubscription(tx!, s.id, 'pass', '', now(context));
      context.print(`${pending.length} subscription(s) of IPO ${args[0]} passed.`);
      return { target: `stock-ipo:${args[0]}`, detail: { passed: pending.map((s) => s.id) } };
    },
  },
  {
    name: 'ipo:cancel',
    usage: 'ipo:cancel <ipo> <reason…>',
    summary: 'Cancel an IPO not yet drawn; every subscription is released',
    changes: true,
    async run(args, tx: Db | undefined, context) {
      const reason = args.slice(1).join(' ').trim();
      if (!args[0] || !reason) throw new UsageError('usage: ipo:cancel <ipo> <reason…>');
      const { ipo, released } = await asUsage(() => cancelIpo(tx!, args[0]!, reason, now(context)));
      context.print(`IPO ${ipo.id} canceled; ${released} subscription(s) released.`);
      return { target: `stock-ipo:${ipo.id}`, detail: { reason, released } };
    },
  },
  {
    name: 'block:publish',
    usage: 'block:publish <symbol> --name --price --min --max --from --until',
    summary: 'Publish a block offer (times: ISO or +5m)',
    changes: true,
    async run(args, tx, context) {
      const { words, flags } = parseFlags(args);
      only(flags, ['name', 'price', 'min', 'max', 'from', 'until']);
      if (!words[0] || !flags.name) throw new UsageError('name a symbol (AAPL:NASDAQ) and --name');
      const at = now(context);
      const o = await asUsage(() => publishBlockOffer(tx!, {
        symbol: words[0]!, name: flags.name!, price: plain(flags.price, 'price'), minQuantity: plain(flags.min, 'min'), maxQuantity: plain(flags.max, 'max'),
        opensAt: timeOf(flags.from, 'from', at), closesAt: timeOf(flags.until, 'until', at),
      }, context.operator, at));
      context.print(`Block offer ${o.id} ${o.symbol}: ${o.minQuantity}-${o.maxQuantity} shares at ${o.price} ${o.currency}, ${iso(o.opensAt)} to ${iso(o.closesAt)}`);
      return { target: `stock-block:${o.id}`, detail: { symbol: o.symbol, price: o.price, min: o.minQuantity, max: o.maxQuantity } };
    },
  },
  {
    name: 'block:pending',
    usage: 'block:pending',
    summary: 'List the block subscriptions waiting for a decision, oldest first',
    changes: false,
    async run(_args, _db, context) {
      const db = await context.db();
      const { rows } = await db.query<{ id: string; offer: string; symbol: string; user: string; mode: string; quantity: string; amount: string; created: Date }>(
        `SELECT b.id::text AS id, o.id::text AS offer, o.symbol, b.user_id::text AS user, b.mode, b.quantity::text AS quantity, b.amount::text AS amount, b.created_at AS created
         FROM stock_block_subscriptions b JOIN stock_block_offers o ON o.id = b.offer_id WHERE b.status = 'pending' ORDER BY b.id`,
      );
      if (!rows.length) context.print('No block subscription is pending.');
      for (const r of rows) context.print([r.id, `offer:${r.offer}`, r.symbol, `user:${r.user}`, r.mode, `${r.quantity} shares`, `${r.amount} USDT held`, r.created.toISOString()].join('  '));
    },
  },
  {
    name: 'block:approve',
    usage: 'block:approve <subscription>',
    summary: 'Approve a block subscription: its funds are paid and the shares delivered at the block price',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name a block subscription (see block:pending)');
      const b = await asUsage(() => approveBlock(tx!, args[0]!, context.operator, now(context)));
      context.print(`Block subscription ${b.id} of user ${b.userId} approved: ${b.quantity} shares, ${b.amount} USDT.`);
      return { target: `user:${b.userId}`, detail: { subscription: b.id, quantity: b.quantity, amount: b.amount } };
    },
  },
  {
    name: 'block:reject',
    usage: 'block:reject <subscription> <reason…>',
    summary: 'Reject a block subscription; its funds are released',
    changes: true,
    async run(args, tx, context) {
      const reason = args.slice(1).join(' ').trim();
      if (!args[0] || !reason) throw new UsageError('usage: block:reject <subscription> <reason…>');
      const b = await asUsage(() => rejectBlock(tx!, args[0]!, reason, context.operator, now(context)));
      context.print(`Block subscription ${b.id} of user ${b.userId} rejected: ${reason}`);
      return { target: `user:${b.userId}`, detail: { subscription: b.id, reason } };
    },
  },
];
