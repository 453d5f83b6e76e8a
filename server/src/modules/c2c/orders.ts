import type { Db } from '../../db/db.js';
import { refuse } from '../../http/refuse.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { enqueueJob } from '../../platform-kit/jobs/job-store.js';
import type { AuthUser } from '../identity/auth.js';
import { grantUpload, ownsUpload } from '../identity/upload/service.js';
import { Dec } from '../ledger/decimal.js';
import { parseAmount } from '../ledger/ledger.js';
import { notify } from '../notifications/service.js';
import { pushToUser } from '../platform/user-events.js';
import { requireRealVerified, type C2cDeps } from './ads.js';
import { escrow, holdAdRemainder, releaseAdHold, releaseToBuyer, reholdAd, returnToSeller } from './escrow.js';
import { findAd, findOrder, insertMessage, messagesOf, ORDER, orderRow, paymentMethodsOf, type AdRow, type OrderRow, type OrderStatus } from './storage.js';
import { messageView, orderView } from './views.js';

/** The one-off job that cancels an order still unpaid when its payment window ends (key: the order id). */
export const EXPIRE_JOB = 'c2c.order-expire';

type Step = 'created' | 'paid' | 'appeal' | 'released' | 'cancelled' | 'timeout' | 'appeal-release' | 'appeal-return';

async function recordStep(tx: Db, key: string, order: OrderRow, step: Step, actor: string, now: Date): Promise<void> {
  await tx.query(`INSERT INTO c2c_steps (request_key, order_id, step, actor, created_at) VALUES ($1, $2, $3, $4, $5)`, [key, order.id, step, actor, now]);
  // both sides' screens follow the order live (the positions stream), after the commit
  for (const party of [order.buyerId, order.sellerId]) pushToUser(tx, party, { action: 'C2C_ORDER', mode: 'real', orderId: order.id, step });
}

/** Tells a party of a step: the English text for the record, the kind and params the app translates it from. */
async function tell(tx: Db, userId: string, order: OrderRow, step: Step, text: string, now: Date, extra: Record<string, string> = {}): Promise<void> {
  await notify(tx, { userId, kind: `c2c.${step}`, params: { orderId: order.id, quantity: order.quantity, asset: order.asset, total: order.total, fiat: order.fiat, ...extra }, title: 'C2C order', body: text, ref: { type: 'c2c-order', id: order.id } }, now);
}

async function setStatus(tx: Db, order: OrderRow, from: OrderStatus[], to: OrderStatus, fields: Record<string, unknown>): Promise<OrderRow> {
  const names = Object.keys(fields);
  const sets = names.map((name, i) => `${name} = $${i + 4}`).join(', ');
  const { rows } = await tx.query<OrderRow>(
    `UPDATE c2c_orders SET status = $2${sets ? `, ${sets}` : ''} WHERE id = $1 AND status = ANY($3::text[]) RETURNING ${ORDER}`,
    [order.id, to, from, ...names.map((n) => fields[n])],
  );
  if (!rows[0]) throw refuse('c2cOrderState', { status: order.status });
  return orderRow(rows[0]);
}

/**
 * The escrow back to the seller, once: an order cancelled by the buyer or by its window gives its quantity back to
 * the ad while the ad is up (a sell ad holds it again); an appeal returned to the seller does not re-offer it.
 */
async function giveBack(tx: Db, order: OrderRow, reoffer: boolean, now: Date): Promise<void> {
  await returnToSeller(tx, order, now);
  const ad = (await findAd(tx, order.adId, true))!;
  if (!reoffer || ad.status !== 'open') return;
  const remaining = new Dec(ad.remaining).plus(order.quantity).toFixed();
  const generation = await reholdAd(tx, ad, remaining, now);
  await tx.query(`UPDATE c2c_ads SET remaining = $2, hold_generation = $3 WHERE id = $1`, [ad.id, remaining, generation]);
}

/** Cancels an unpaid order whose window has ended, once; false when it is no longer unpaid (paid, cancelled…). */
export async function expireOrder(tx: Db, orderId: string, now: Date): Promise<boolean> {
  const order = await findOrder(tx, orderId, true);
  if (!order || order.status !== 'unpaid') return false;
  // a job that ran early (clocks apart) fails and is retried with backoff until the window is over
  if (now < order.payDeadline) throw new Error(`order ${orderId}: the payment window is still open`);
  const cancelled = await setStatus(tx, order, ['unpaid'], 'cancelled', { cancelled_at: now, outcome: 'timeout' });
  await giveBack(tx, cancelled, true, now);
  await recordStep(tx, `timeout:${order.id}`, cancelled, 'timeout', 'system', now);
  for (const party of [order.buyerId, order.sellerId]) await tell(tx, party, order, 'timeout', `Order ${order.id} was cancelled: it was not paid within the payment window.`, now);
  return true;
}

/** An operator's decision on an appeal: the escrow to the buyer or back to the seller, with a reason both see. */
export async function resolveAppeal(db: Db, orderId: string, outcome: 'release' | 'return', reason: string, operator: string, now: Date): Promise<OrderRow> {
  return db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, true);
    if (!order) throw new Error(`No C2C order ${orderId}`);
    if (order.status !== 'appeal') throw new Error(`Order ${orderId} is ${order.status}, not under appeal`);
    const step = outcome === 'release' ? 'appeal-release' : 'appeal-return';
    const done = outcome === 'release'
      ? await setStatus(tx, order, ['appeal'], 'released', { released_at: now, outcome: step })
      : await setStatus(tx, order, ['appeal'], 'cancelled', { cancelled_at: now, outcome: step });
    if (outcome === 'release') await releaseToBuyer(tx, done, now);
    else await giveBack(tx, done, false, now);
    await tx.query(`UPDATE c2c_appeals SET status = 'resolved', outcome = $2, resolution = $3, resolved_by = $4, resolved_at = $5 WHERE order_id = $1`, [orderId, outcome, reason, operator, now]);
    await recordStep(tx, `ops:appeal:${orderId}`, done, step, `operator:${operator}`, now);
    const text = outcome === 'release' ? `Appeal on order ${orderId} decided: the coins were released to the buyer. ${reason}` : `Appeal on order ${orderId} decided: the coins were returned to the seller. ${reason}`;
    for (const party of [order.buyerId, order.sellerId]) await tell(tx, party, order, step, text, now, { reason });
    return done;
  });
}

/** Orders on ads: escrow on creation, the payment window, paid, release, cancel, appeal, and the order chat. */
export function createOrders(deps: C2cDeps) {
  const { db, clock } = deps;

  async function partyOrder(store: Db, user: AuthUser, orderId: string, forUpdate = false): Promise<OrderRow> {
    const order = await findOrder(store, orderId, forUpdate);
    if (!order || (order.buyerId !== user.id && order.sellerId !== user.id)) throw refuse('c2cOrderNotFound');
    return order;
  }

  /** One step of an order by one of its parties, once per request id (a retry answers the order as it is now). */
  async function step(user: AuthUser, orderId: string, requestId: string, name: Step, request: Record<string, unknown>, change: (tx: Db, order: OrderRow, now: Date) => Promise<OrderRow>) {
    await partyOrder(db, user, orderId);
    const call = await idempotent(db, clock, {
      key: { scope: `c2c-${name}`, userId: user.id, mode: 'real', requestId },
      request: { orderId, ...request },
      replay: async (store, key) => {
        const { rows } = await store.query<{ id: string }>(`SELECT order_id::text AS id FROM c2c_steps WHERE request_key = $1`, [key]);
        const order = rows[0] && (await findOrder(store, rows[0].id));
        return order && orderView(store, order, user.id);
      },
    });
    return call.first ?? call.transaction(async (tx, now) => {
      const changed = await change(tx, await partyOrder(tx, user, orderId, true), now);
      await recordStep(tx, call.key, changed, name, user.id, now);
      return orderView(tx, changed, user.id);
    });
  }

  const only = (order: OrderRow, user: AuthUser, role: 'buyerId' | 'sellerId') => {
    if (order[role] !== user.id) throw refuse('c2cOrderState', { status: order.status });
  };

  return {
    async create(user: AuthUser, input: { adId: string; quantity: string; requestId: string }) {
      requireRealVerified(user);
      const first = await findAd(db, input.adId);
      if (!first || first.status !== 'open') throw refuse('c2cAdNotFound');
      if (first.merchantId === user.id) throw refuse('c2cOwnAd');
      const quantity = parseAmount(input.quantity).toFixed();
      // the fiat the buyer transfers, to the cent
      const total = new Dec(first.price).times(quantity).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
      if (total.lt(first.minOrder) || total.gt(first.maxOrder)) throw refuse('c2cOrderLimits', { min: first.minOrder, max: first.maxOrder, fiat: first.fiat });
      const { requestId, ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'c2c-order', userId: user.id, mode: 'real', requestId },
        request,
        replay: async (store, key) => {
          const { rows } = await store.query<OrderRow>(`SELECT ${ORDER} FROM c2c_orders WHERE request_key = $1`, [key]);
          return rows[0] && orderView(store, orderRow(rows[0]), user.id);
        },
      });
      return call.first ?? call.transaction(async (tx, now) => {
        // the ad's row lock serialises takers: exactly as many orders as its quantity allows
        const ad = (await findAd(tx, input.adId, true)) as AdRow;
        if (ad.status !== 'open') throw refuse('c2cAdNotFound');
        if (new Dec(ad.remaining).lt(quantity)) throw refuse('c2cAdQuantity', { remaining: ad.remaining, asset: ad.asset });
        const unpaid = await tx.query(`SELECT 1 FROM c2c_orders WHERE ad_id = $1 AND taker_id = $2 AND status = 'unpaid'`, [ad.id, user.id]);
        if (unpaid.rows.length) throw refuse('c2cUnpaidOrderExists');
        const [buyerId, sellerId] = ad.side === 'sell' ? [user.id, ad.merchantId] : [ad.merchantId, user.id];
        const methods = (await paymentMethodsOf(tx, sellerId)).filter((m) => ad.paymentKinds.includes(m.kind)).map(({ userId: _u, ...m }) => m);
        if (!methods.length) throw refuse('c2cNoPaymentMethod', { kinds: ad.paymentKinds.join(', ') });
        const deadline = new Date(now.getTime() + ad.windowMinutes * 60_000);
        const { rows } = await tx.query<OrderRow>(
          `INSERT INTO c2c_orders (ad_id, merchant_id, taker_id, buyer_id, seller_id, asset, fiat, price, quantity, total, payment_methods, status, pay_deadline, request_key, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, 'unpaid', $12, $13, $14) RETURNING ${ORDER}`,
          [ad.id, ad.merchantId, user.id, buyerId, sellerId, ad.asset, ad.fiat, ad.price, quantity, total.toFixed(), JSON.stringify(methods), deadline, call.key, now],
        );
        const order = orderRow(rows[0]!);
        // the buyer pays by the seller's methods: their bank photos become readable to the buyer
        for (const m of methods) if (m.photo) await grantUpload(tx, m.photo, buyerId, `c2c-order:${order.id}`, now);
        const remaining = new Dec(ad.remaining).minus(quantity).toFixed();
        let generation = ad.holdGeneration;
        if (ad.side === 'sell') {
          // the ad's held coins: the order's part into escrow, the rest held again
          await releaseAdHold(tx, ad, now);
          await escrow(tx, order, now);
          generation += 1;
          await holdAdRemainder(tx, ad, generation, remaining, now);
        } else {
          await escrow(tx, order, now);
        }
        await tx.query(`UPDATE c2c_ads SET remaining = $2, hold_generation = $3 WHERE id = $1`, [ad.id, remaining, generation]);
        await enqueueJob(tx, { kind: EXPIRE_JOB, key: order.id, payload: { orderId: order.id }, runAt: deadline }, now);
        await recordStep(tx, call.key, order, 'created', user.id, now);
        await tell(tx, ad.merchantId, order, 'created', `New order ${order.id} on your ad: ${quantity} ${ad.asset} for ${order.total} ${ad.fiat}.`, now);
        return orderView(tx, order, user.id);
      });
    },

    async list(user: AuthUser, filter: { status?: string | undefined; limit: number; offset: number }) {
      const statuses = !filter.status ? null : filter.status === 'active' ? ['unpaid', 'paid', 'appeal'] : [filter.status];
      const params = [user.id, statuses];
      const where = `(buyer_id = $1 OR seller_id = $1) AND ($2::text[] IS NULL OR status = ANY($2::text[]))`;
      const total = Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM c2c_orders WHERE ${where}`, params)).rows[0]!.n);
      const { rows } = await db.query<OrderRow>(`SELECT ${ORDER} FROM c2c_orders WHERE ${where} ORDER BY id DESC LIMIT ${filter.limit} OFFSET ${filter.offset}`, params);
      return { total, list: await Promise.all(rows.map((r) => orderView(db, orderRow(r), user.id))) };
    },

    async detail(user: AuthUser, orderId: string) {
      return orderView(db, await partyOrder(db, user, orderId), user.id);
    },

    markPaid(user: AuthUser, input: { orderId: string; proof?: string | undefined; requestId: string }) {
      const proof = input.proof?.trim() ?? '';
      return step(user, input.orderId, input.requestId, 'paid', { proof }, async (tx, order, now) => {
        only(order, user, 'buyerId');
        if (proof && !(await ownsUpload(tx, user.id, proof))) throw refuse('invalidImage');
        // after the window the order is the timer's to cancel
        if (order.status === 'unpaid' && now >= order.payDeadline) throw refuse('c2cOrderState', { status: 'expired' });
        const paid = await setStatus(tx, order, ['unpaid'], 'paid', { paid_at: now, proof });
        if (proof) await grantUpload(tx, proof, order.sellerId, `c2c-order:${order.id}`, now);
        await tell(tx, order.sellerId, order, 'paid', `The buyer of order ${order.id} says they have paid ${order.total} ${order.fiat}. Check your account, then release.`, now);
        return paid;
      });
    },

    release(user: AuthUser, input: { orderId: string; requestId: string }) {
      return step(user, input.orderId, input.requestId, 'released', {}, async (tx, order, now) => {
        only(order, user, 'sellerId');
        const released = await setStatus(tx, order, ['paid'], 'released', { released_at: now, outcome: 'released' });
        await releaseToBuyer(tx, released, now);
        await tell(tx, order.buyerId, order, 'released', `Order ${order.id} is complete: ${order.quantity} ${order.asset} were released to you.`, now);
        return released;
      });
    },

    cancel(user: AuthUser, input: { orderId: string; requestId: string }) {
      return step(user, input.orderId, input.requestId, 'cancelled', {}, async (tx, order, now) => {
        only(order, user, 'buyerId');
        const cancelled = await setStatus(tx, order, ['unpaid'], 'cancelled', { cancelled_at: now, outcome: 'buyer' });
        await giveBack(tx, cancelled, true, now);
        await tell(tx, order.sellerId, order, 'cancelled', `The buyer cancelled order ${order.id}; the escrow was returned.`, now);
        return cancelled;
      });
    },

    appeal(user: AuthUser, input: { orderId: string; reason: string; evidence?: string | undefined; requestId: string }) {
      const evidence = input.evidence?.trim() ?? '';
      return step(user, input.orderId, input.requestId, 'appeal', { reason: input.reason, evidence }, async (tx, order, now) => {
        if (evidence && !(await ownsUpload(tx, user.id, evidence))) throw refuse('invalidImage');
        const appealed = await setStatus(tx, order, ['paid'], 'appeal', {});
        await tx.query(`INSERT INTO c2c_appeals (order_id, opened_by, reason, evidence, status, created_at) VALUES ($1, $2, $3, $4, 'open', $5)`, [order.id, user.id, input.reason.trim(), evidence, now]);
        const other = order.buyerId === user.id ? order.sellerId : order.buyerId;
        if (evidence) await grantUpload(tx, evidence, other, `c2c-order:${order.id}`, now);
        await tell(tx, other, order, 'appeal', `An appeal was opened on order ${order.id}; staff will review it and the chat.`, now);
        return appealed;
      });
    },

    async messages(user: AuthUser, orderId: string, after?: string) {
      await partyOrder(db, user, orderId);
      return (await messagesOf(db, orderId, after)).map((m) => messageView(m, user.id));
    },

    async send(user: AuthUser, input: { orderId: string; body?: string | undefined; image?: string | undefined }) {
      const order = await partyOrder(db, user, input.orderId);
      const body = input.body?.trim() ?? '';
      const image = input.image?.trim() ?? '';
      if (!body && !image) throw refuse('fieldRequired', { field: 'body' });
      if (image && !(await ownsUpload(db, user.id, image))) throw refuse('invalidImage');
      return db.transaction(async (tx) => {
        const message = await insertMessage(tx, { orderId: order.id, senderId: user.id, body, image }, clock());
        if (image) await grantUpload(tx, image, order.buyerId === user.id ? order.sellerId : order.buyerId, `c2c-order:${order.id}`, clock());
        for (const party of [order.buyerId, order.sellerId]) pushToUser(tx, party, { action: 'C2C_MESSAGE', mode: 'real', orderId: order.id });
        return messageView(message, user.id);
      });
    },
  };
}
