import { decideMerchant, findAppeal, findOrder, listAppeals, listMerchants, messagesOf } from '../modules/c2c/storage.js';
import { resolveAppeal } from '../modules/c2c/orders.js';
import { decideOtc, pendingOtc } from '../modules/c2c/otc.js';
import { addOtcRateVersion, currentOtcRates, isOtcFiat, otcRateHistory, type OtcRateVersion } from '../modules/c2c/otc-rates.js';
import { parseRate } from '../modules/stocks/conversion.js';
import { C2C_FIATS } from '@meridian/contracts';
import type { Command, CommandContext } from './commands.js';
import { UsageError } from './usage-error.js';

const now = (context: CommandContext) => context.clock?.() ?? new Date();

/** Runs a decision; its own refusal (not pending, not under appeal…) reaches the operator as a usage message. */
async function decided<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Error && /^(No |Order |OTC order )/.test(error.message)) throw new UsageError(error.message);
    throw error;
  }
}

function fiatOf(text: string | undefined): string {
  const fiat = text?.toUpperCase();
  if (!fiat || !isOtcFiat(fiat)) throw new UsageError(`the fiat is one of ${C2C_FIATS.join(', ')}`);
  return fiat;
}

const rateLine = (r: OtcRateVersion, by?: string) =>
  [`${r.fiat}/USDT`, r.rate, `spread ${r.spread}`, `v${r.version}`, r.setAt.toISOString(), ...(by ? [by] : [])].join('  ');

const reasonOf = (args: string[], from: number) => {
  const reason = args.slice(from).join(' ').trim();
  if (!reason) throw new UsageError('give a reason: both parties (or the user) see it');
  return reason;
};

/**
 * Operator commands of C2C and OTC (pnpm ops …), each audited: merchant applications, appeals (the chat and the
 * evidence shown first), OTC confirmations. None sets a balance: every coin moves by a hold or a ledger post.
 */
export const C2C_COMMANDS: Command[] = [
  {
    name: 'c2c:merchants',
    usage: 'c2c:merchants [pending|approved|rejected]',
    summary: 'List merchant applications (default: pending)',
    changes: false,
    async run(args, _db, context) {
      const status = (args[0] ?? 'pending') as 'pending' | 'approved' | 'rejected';
      const rows = await listMerchants(await context.db(), status);
      if (!rows.length) context.print(`No ${status} merchant.`);
      for (const m of rows) context.print([`user:${m.userId}`, `"${m.displayName}"`, m.status, m.appliedAt.toISOString(), m.reason].join('  '));
    },
  },
  {
    name: 'c2c:merchant-approve',
    usage: 'c2c:merchant-approve <user>',
    summary: 'Approve a pending merchant application: the user may post ads',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name a user id (see c2c:merchants)');
      const row = await decideMerchant(tx!, args[0], 'approved', '', context.operator, now(context));
      if (!row) throw new UsageError(`user ${args[0]} has no pending merchant application`);
      context.print(`Merchant "${row.displayName}" (user ${row.userId}) approved.`);
      return { target: `user:${row.userId}`, detail: { merchant: 'approved' } };
    },
  },
  {
    name: 'c2c:merchant-reject',
    usage: 'c2c:merchant-reject <user> <reason…>',
    summary: 'Reject a pending merchant application; the user sees the reason',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name a user id (see c2c:merchants)');
      const reason = reasonOf(args, 1);
      const row = await decideMerchant(tx!, args[0], 'rejected', reason, context.operator, now(context));
      if (!row) throw new UsageError(`user ${args[0]} has no pending merchant application`);
      context.print(`Merchant application of user ${row.userId} rejected: ${reason}`);
      return { target: `user:${row.userId}`, detail: { merchant: 'rejected', reason } };
    },
  },
  {
    name: 'c2c:appeals',
    usage: 'c2c:appeals',
    summary: 'List open appeals, oldest first',
    changes: false,
    async run(_args, _db, context) {
      const appeals = await listAppeals(await context.db(), 'open');
      if (!appeals.length) context.print('No open appeal.');
      for (const a of appeals) context.print([`order:${a.orderId}`, `by user:${a.openedBy}`, a.createdAt.toISOString(), `"${a.reason}"`, a.evidence].join('  '));
    },
  },
  {
    name: 'c2c:appeal-show',
    usage: 'c2c:appeal-show <order>',
    summary: 'Show an order under appeal: its figures, the appeal, the proof and the whole chat',
    changes: false,
    async run(args, _db, context) {
      if (!args[0]) throw new UsageError('name an order id (see c2c:appeals)');
      const db = await context.db();
      const order = await findOrder(db, args[0]);
      const appeal = order && (await findAppeal(db, order.id));
      if (!order || !appeal) throw new UsageError(`order ${args[0]} has no appeal`);
      context.print(`Order ${order.id}: ${order.quantity} ${order.asset} for ${order.total} ${order.fiat}, buyer user:${order.buyerId}, seller user:${order.sellerId}, ${order.status}`);
      context.print(`Paid at ${order.paidAt?.toISOString() ?? '-'}, proof ${order.proof || '-'}`);
      context.print(`Appeal by user:${appeal.openedBy}: "${appeal.reason}" ${appeal.evidence}`);
      for (const m of await messagesOf(db, order.id)) context.print(`  ${m.createdAt.toISOString()} user:${m.senderId}: ${m.body} ${m.image}`);
    },
  },
  {
    name: 'c2c:appeal-resolve',
    usage: 'c2c:appeal-resolve <order> <release|return> <reason…>',
    summary: 'Decide an appeal: release the escrow to the buyer or return it to the seller (once); both see the reason',
    changes: true,
    async run(args, tx, context) {
      const [orderId, outcome] = args;
      if (!orderId || (outcome !== 'release' && outcome !== 'return')) throw new UsageError('usage: c2c:appeal-resolve <order> <release|return> <reason…>');
      const reason = reasonOf(args, 2);
      const order = await decided(() => resolveAppeal(tx!, orderId, outcome, reason, context.operator, now(context)));
      context.print(`Appeal on order ${order.id} resolved: ${outcome === 'release' ? 'released to the buyer' : 'returned to the seller'}.`);
      return { target: `c2c-order:${order.id}`, detail: { outcome, reason, buyer: order.buyerId, seller: order.sellerId } };
    },
  },
  {
    name: 'otc:rates',
    usage: 'otc:rates [FIAT]',
    summary: 'The OTC desk terms in force per fiat, or every version of one fiat',
    changes: false,
    async run(args, _db, context) {
      const db = await context.db();
      if (args[0]) {
        const history = await otcRateHistory(db, fiatOf(args[0]));
        if (!history.length) context.print('No terms set yet.');
        for (const version of history) context.print(rateLine(version, version.setBy));
        return;
      }
      const rates = new Map((await currentOtcRates(db)).map((r) => [r.fiat, r]));
      for (const fiat of C2C_FIATS) {
        const rate = rates.get(fiat);
        context.print(rate ? rateLine(rate) : `${fiat}/USDT  not quoted (pnpm ops otc:rate ${fiat} <rate> [spread])`);
      }
    },
  },
  {
    name: 'otc:rate',
    usage: 'otc:rate <FIAT> <rate> [spread]',
    summary: 'Set the fiat the OTC desk takes or pays for 1 USDT, and optionally its spread (a new terms version)',
    changes: true,
    async run(args, tx, context) {
      if (args.length < 2 || args.length > 3) throw new UsageError('usage: otc:rate <FIAT> <rate> [spread], e.g. otc:rate JPY 151.2 0.015');
      const fiat = fiatOf(args[0]);
      const rate = parseRate(args[1]!);
      if (!rate) throw new UsageError('the rate is a plain decimal above 0 with at most 18 decimals (fiat for 1 USDT), e.g. 151.2');
      const spread = args[2];
      if (spread !== undefined && (!/^0(?:\.\d{1,6})?$/.test(spread) || Number(spread) >= 0.5)) throw new UsageError('the spread is a fraction from 0 to below 0.5 with at most 6 decimals, e.g. 0.015');
      const before = (await currentOtcRates(tx!)).find((r) => r.fiat === fiat) ?? null;
      const after = await addOtcRateVersion(tx!, { fiat, rate, spread }, context.operator, now(context));
      context.print(`Set ${rateLine(after)}${before ? ` (was ${before.rate}, spread ${before.spread}, v${before.version})` : ''}`);
      return { target: `otc-rate:${fiat}`, detail: { before, after } };
    },
  },
  {
    name: 'otc:pending',
    usage: 'otc:pending',
    summary: 'List OTC orders waiting for a bank transfer to be confirmed',
    changes: false,
    async run(_args, _db, context) {
      const rows = await pendingOtc(await context.db());
      if (!rows.length) context.print('No pending OTC order.');
      for (const o of rows) context.print([o.id, `user:${o.userId}`, o.side, `${o.quantity} ${o.asset}`, `${o.total} ${o.fiat}`, `ref OTC-${o.id}`, o.createdAt.toISOString()].join('  '));
    },
  },
  {
    name: 'otc:confirm',
    usage: 'otc:confirm <order>',
    summary: "Confirm an OTC order's bank transfer: a buy's coins are credited, a sell's held coins go to the desk (once)",
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name an OTC order id (see otc:pending)');
      const order = await decided(() => decideOtc(tx!, args[0]!, 'confirm', '', context.operator, now(context)));
      context.print(`OTC order ${order.id} confirmed (${order.side} ${order.quantity} ${order.asset}).`);
      return { target: `otc-order:${order.id}`, detail: { decision: 'confirm' } };
    },
  },
  {
    name: 'otc:reject',
    usage: 'otc:reject <order> <reason…>',
    summary: 'Reject an OTC order (no transfer arrived): a sell’s held coins go back; the user sees the reason',
    changes: true,
    async run(args, tx, context) {
      if (!args[0]) throw new UsageError('name an OTC order id (see otc:pending)');
      const reason = reasonOf(args, 1);
      const order = await decided(() => decideOtc(tx!, args[0]!, 'reject', reason, context.operator, now(context)));
      context.print(`OTC order ${order.id} rejected: ${reason}`);
      return { target: `otc-order:${order.id}`, detail: { decision: 'reject', reason } };
    },
  },
];
