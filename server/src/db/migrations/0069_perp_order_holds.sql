-- A pending perpetual or forex order's margin and fee (a resting limit, a stop that opens) move onto named holds
-- (src/platform-kit/product/holds.ts), as spot (0057), seconds (0058) and stock orders (0067) did: they wait in the
-- contract wallet's 'held' part under a hold (reason perpOrder, reference perp-order:<id>), a fill draws its part
-- into the frozen part (the position's margin and the fee), a cancel, a fired stop or a refusal releases the rest.
-- After this only open positions' margin is frozen, and ledger_frozen_owners names only them.
ALTER TABLE perp_orders ADD COLUMN hold_id bigint REFERENCES holds (id);

-- Upgrade: every pending order holding money the old way gets a hold of what it still holds, moved frozen → held
-- by an ordinary ledger transfer (the ledger's trigger refuses it if the frozen balance were short), under the
-- key the hold would have used: hold:<id>:place.
INSERT INTO holds (user_id, mode, wallet, asset, amount, reason, reference_kind, reference_id, created_at)
SELECT user_id, mode, 'contract', 'USDT', held, 'perpOrder', 'perp-order', id::text, created_at
  FROM perp_orders WHERE status = 'pending' AND held > 0 ORDER BY id;

UPDATE perp_orders o SET hold_id = h.id
  FROM holds h WHERE h.reference_kind = 'perp-order' AND h.reference_id = o.id::text AND h.reason = 'perpOrder';

INSERT INTO ledger_accounts (holder, mode, wallet, asset, part)
SELECT DISTINCT user_id, mode, wallet, asset, 'held' FROM holds WHERE reference_kind = 'perp-order'
ON CONFLICT (holder, mode, wallet, asset, part) DO NOTHING;

INSERT INTO ledger_batches (idempotency_key, cause_type, cause_id, created_at)
SELECT 'hold:' || id || ':place', reference_kind, reference_id, created_at FROM holds
 WHERE reference_kind = 'perp-order' ORDER BY id;

INSERT INTO ledger_transfers (batch_id, debit_account, credit_account, asset, amount, created_at)
SELECT b.id, f.id, h2.id, h.asset, h.amount, h.created_at
  FROM holds h
  JOIN ledger_batches b ON b.idempotency_key = 'hold:' || h.id || ':place'
  JOIN ledger_accounts f ON f.holder = h.user_id AND f.mode = h.mode AND f.wallet = h.wallet AND f.asset = h.asset AND f.part = 'frozen'
  JOIN ledger_accounts h2 ON h2.holder = h.user_id AND h2.mode = h.mode AND h2.wallet = h.wallet AND h2.asset = h.asset AND h2.part = 'held'
 WHERE h.reference_kind = 'perp-order'
 ORDER BY h.id;

CREATE OR REPLACE VIEW ledger_frozen_owners AS
SELECT user_id AS holder, mode, 'contract'::text AS wallet, 'USDT'::text AS asset, margin AS amount, 'perp-position'::text AS owner_kind, id::text AS owner_id
  FROM perp_positions WHERE status = 'open' AND margin > 0;
