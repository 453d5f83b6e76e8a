import type { Db } from '../../db/db.js';
import { Dec } from '../../modules/ledger/decimal.js';
import { normalize, parseAmount, post, type AccountRef, type Mode, type Posting, type UserWallet } from '../../modules/ledger/ledger.js';

/**
 * Named holds: a user's funds set aside for one reason and one reference (a purchase, an escrow trade…), in the
 * ledger's 'held' part. A hold is placed once (available → held), then either posted once (held → where the
 * product sends it) or released once (held → available). Each move's ledger key is derived from the hold id, and
 * the hold row is locked while it closes, so retries and parallel calls move the money once: a second post (or
 * release) answers the first result; a post after a release (or the reverse) is refused. `ledger verify` proves
 * every held balance equals the sum of the open holds' undrawn amounts.
 *
 * A hold may also be drawn in parts (drawHold: a resting order filled bit by bit), each draw moving part of it out
 * of held in the caller's own ledger batch; the hold is posted when it is fully drawn, and a release gives back
 * only what was not drawn. A module whose ledger keys predate the kit (spot-freeze:<id>…) may keep them: a key
 * given to place or release is used instead of the derived one, and must be as unique to the hold.
 */
export type HoldStatus = 'open' | 'posted' | 'released';

export interface Hold {
  id: string;
  userId: string;
  mode: Mode;
  wallet: UserWallet;
  asset: string;
  amount: string;
  /** What draws have already moved out of the hold (0 unless drawn in parts); open holds hold amount − drawn. */
  drawn: string;
  reason: string;
  referenceKind: string;
  referenceId: string;
  status: HoldStatus;
  createdAt: Date;
  closedAt: Date | null;
}

/** A hold to place; `reason` is a catalogue-style key (productPurchase, withdrawal…), `reference` what holds it. */
export type NewHold = Pick<Hold, 'userId' | 'mode' | 'wallet' | 'asset' | 'amount' | 'reason'> & { reference: { kind: string; id: string } };

/**
 * A ledger key (and cause) used instead of the ones derived from the hold (a module's keys from before the kit; a
 * hold handed to another holder, whose account history names that holder).
 */
export interface HoldKey {
  ledgerKey?: string;
  cause?: { type: string; id: string };
}

/** A destination of a posted hold; the amounts add up to the hold's. */
export interface HoldDestination {
  to: AccountRef;
  amount: string;
}

/** A hold closing the other way than asked (post after release, release after post). */
export class HoldClosed extends Error {
  constructor(readonly hold: Hold) {
    super(`hold ${hold.id} is already ${hold.status}`);
  }
}

const COLUMNS = `id::text AS id, user_id::text AS "userId", mode, wallet, asset, amount::text AS amount, drawn::text AS drawn, reason,
  reference_kind AS "referenceKind", reference_id AS "referenceId", status, created_at AS "createdAt", closed_at AS "closedAt"`;

const hold = (row: Hold): Hold => ({ ...row, amount: normalize(row.amount), drawn: normalize(row.drawn) });

const part = (h: Hold, p: 'available' | 'held'): AccountRef => ({ holder: h.userId, mode: h.mode, wallet: h.wallet, asset: h.asset, part: p });

/** The account a hold's money waits in: what a draw's moves take from. */
export const heldAccount = (h: Pick<Hold, 'userId' | 'mode' | 'wallet' | 'asset'>): AccountRef => part(h as Hold, 'held');

/** What an open hold still holds. */
export const undrawn = (h: Pick<Hold, 'amount' | 'drawn'>): string => new Dec(h.amount).minus(h.drawn).toFixed();

const sameAccount = (a: AccountRef, b: AccountRef) =>
  a.holder === b.holder && a.mode === b.mode && a.wallet === b.wallet && a.asset === b.asset && (a.part ?? 'available') === (b.part ?? 'available');

/** A hold's ledger batches name what holds it (a withdrawal's are the withdrawal's in the account history). */
const cause = (h: Hold) => ({ type: h.referenceKind, id: h.referenceId });

/**
 * Places a hold: its row and the move available → held, in one transaction (the caller's when there is one).
 * The same reference and reason again finds the first hold and moves nothing; too little available money refuses
 * with "insufficientBalance" and leaves nothing.
 */
export async function placeHold(db: Db, input: NewHold, now: Date, options: HoldKey = {}): Promise<Hold> {
  const amount = parseAmount(input.amount).toFixed();
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<Hold>(
      `INSERT INTO holds (user_id, mode, wallet, asset, amount, reason, reference_kind, reference_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (reference_kind, reference_id, reason) DO NOTHING RETURNING ${COLUMNS}`,
      [input.userId, input.mode, input.wallet, input.asset, amount, input.reason, input.reference.kind, input.reference.id, now],
    );
    if (!rows[0]) return (await holdOf(tx, input.reference, input.reason))!;
    const placed = hold(rows[0]);
    await post(tx, { key: options.ledgerKey ?? `hold:${placed.id}:place`, cause: options.cause ?? cause(placed), moves: [{ from: part(placed, 'available'), to: part(placed, 'held'), amount }] }, now);
    return placed;
  });
}

/** The hold of a reference for one reason. */
export async function holdOf(db: Db, reference: { kind: string; id: string }, reason: string): Promise<Hold | undefined> {
  const { rows } = await db.query<Hold>(`SELECT ${COLUMNS} FROM holds WHERE reference_kind = $1 AND reference_id = $2 AND reason = $3`, [reference.kind, reference.id, reason]);
  return rows[0] && hold(rows[0]);
}

export async function findHold(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<Hold | undefined> {
  const { rows } = await db.query<Hold>(`SELECT ${COLUMNS} FROM holds WHERE id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] && hold(rows[0]);
}

/** The open holds of a reference (what a holding still has set aside). */
export async function holdsOf(db: Db, reference: { kind: string; id: string }): Promise<Hold[]> {
  const { rows } = await db.query<Hold>(`SELECT ${COLUMNS} FROM holds WHERE reference_kind = $1 AND reference_id = $2 ORDER BY id`, [reference.kind, reference.id]);
  return rows.map(hold);
}

/**
 * Closes a hold one way, once: under the hold's row lock, an open hold moves its money and changes status; one
 * already closed this way answers as it is; one closed the other way is refused (HoldClosed).
 */
async function close(db: Db, id: string, to: 'posted' | 'released', moves: (h: Hold) => { from: AccountRef; to: AccountRef; amount: string }[], now: Date, options: HoldKey = {}): Promise<Hold> {
  return db.transaction(async (tx) => {
    const current = await findHold(tx, id, { forUpdate: true });
    if (!current) throw new Error(`no hold ${id}`);
    if (current.status === to) return current;
    if (current.status !== 'open') throw new HoldClosed(current);
    const verb = to === 'posted' ? 'post' : 'release';
    const due = moves(current);
    // a hold drawn to the last unit closes in its last draw; one left with nothing undrawn has nothing to move
    if (due.length) await post(tx, { key: options.ledgerKey ?? `hold:${id}:${verb}`, cause: options.cause ?? cause(current), moves: due }, now);
    const { rows } = await tx.query<Hold>(`UPDATE holds SET status = $2, closed_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`, [id, to, now]);
    return hold(rows[0]!);
  });
}

/** Moves the held funds to their destinations (amounts adding up to what the hold still holds), exactly once. */
export async function postHold(db: Db, id: string, destinations: HoldDestination[], now: Date): Promise<Hold> {
  return close(db, id, 'posted', (h) => {
    const total = destinations.reduce((sum, d) => sum.plus(parseAmount(d.amount)), new Dec(0));
    if (!total.eq(undrawn(h))) throw new Error(`hold ${h.id}: destinations add up to ${total.toFixed()}, not ${undrawn(h)}`);
    for (const d of destinations) if (d.to.asset !== h.asset || d.to.mode !== h.mode) throw new Error(`hold ${h.id}: a destination keeps the asset and mode`);
    return destinations.map((d) => ({ from: part(h, 'held'), to: d.to, amount: d.amount }));
  }, now);
}

/** Gives what the hold still holds back to the user's available balance, exactly once. */
export async function releaseHold(db: Db, id: string, now: Date, options: HoldKey = {}): Promise<Hold> {
  return close(db, id, 'released', (h) => (new Dec(undrawn(h)).gt(0) ? [{ from: part(h, 'held'), to: part(h, 'available'), amount: undrawn(h) }] : []), now, options);
}

/**
 * Draws part of an open hold in the caller's ledger batch: `posting`'s moves out of the hold's account
 * (heldAccount) are what the draw takes, the others (what the user receives in exchange, a fee…) ride along, so an
 * execution stays one batch. Under the hold's row lock: refused beyond what the hold still holds or once it is
 * closed; the batch's key makes a retry move nothing and draw nothing; the draw that takes the last unit posts
 * the hold.
 */
export async function drawHold(db: Db, id: string, posting: Posting, now: Date): Promise<Hold> {
  return db.transaction(async (tx) => {
    const current = await findHold(tx, id, { forUpdate: true });
    if (!current) throw new Error(`no hold ${id}`);
    const from = part(current, 'held');
    const drawn = posting.moves.filter((m) => sameAccount(m.from, from)).reduce((sum, m) => sum.plus(parseAmount(m.amount)), new Dec(0));
    if (current.status !== 'open') throw new HoldClosed(current);
    if (drawn.gt(undrawn(current))) throw new Error(`hold ${id}: a draw of ${drawn.toFixed()} exceeds the ${undrawn(current)} it holds`);
    const { replayed } = await post(tx, posting, now);
    if (replayed || drawn.isZero()) return current;
    const full = drawn.eq(undrawn(current));
    const { rows } = await tx.query<Hold>(
      `UPDATE holds SET drawn = drawn + $2, status = CASE WHEN $3 THEN 'posted' ELSE status END, closed_at = CASE WHEN $3 THEN $4::timestamptz END
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, drawn.toFixed(), full, now],
    );
    return hold(rows[0]!);
  });
}
