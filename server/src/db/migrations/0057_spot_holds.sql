-- Spot orders and conditionals move onto named holds (src/platform-kit/product/holds.ts), the one way money is set
-- aside: a resting limit order's quote (a buy) or base (a sell), and a conditional group's base (a stop buy: its
-- quote), wait in the spot wallet's 'held' part under a hold instead of its 'frozen' part.
--
-- A limit order is filled in parts, so a hold can now be drawn in parts: `drawn` is what draws (each in the
-- fill's own ledger batch) took out of it; an open hold holds amount − drawn, and `ledger verify` checks the held
-- balances against that. The draw that takes the last unit posts the hold; a release gives back the undrawn rest.
ALTER TABLE holds ADD COLUMN drawn numeric(40, 18) NOT NULL DEFAULT 0;
ALTER TABLE holds ADD CONSTRAINT holds_drawn_check CHECK (drawn >= 0 AND drawn <= amount);

CREATE OR REPLACE FUNCTION holds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'holds are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.user_id, NEW.mode, NEW.wallet, NEW.asset, NEW.amount, NEW.reason, NEW.reference_kind, NEW.reference_id, NEW.created_at)
       IS DISTINCT FROM (OLD.user_id, OLD.mode, OLD.wallet, OLD.asset, OLD.amount, OLD.reason, OLD.reference_kind, OLD.reference_id, OLD.created_at)
     OR OLD.status <> 'open' OR NEW.drawn < OLD.drawn THEN
    RAISE EXCEPTION 'a hold changes only from open to posted or released, and is only drawn further' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;

-- The hold a spot order's frozen amount lives in: its own (reference spot-order:<id>), or, for the order a
-- conditional's leg placed, the group's hold handed over to it (reference spot-conditional:<id>).
ALTER TABLE spot_orders ADD COLUMN hold_id bigint REFERENCES holds (id);

-- Upgrade: every pending order and conditional that froze the old way gets a hold of what it still has frozen,
-- moved frozen → held by an ordinary ledger transfer (the trigger refuses it if the frozen balance were short),
-- under the key the hold would have used: hold:<id>:place.
INSERT INTO holds (user_id, mode, wallet, asset, amount, reason, reference_kind, reference_id, created_at)
SELECT user_id, mode, 'spot', frozen_asset, frozen, 'spotOrder', 'spot-order', id::text, created_at
  FROM spot_orders WHERE status = 'pending' AND frozen > 0 ORDER BY id;

INSERT INTO holds (user_id, mode, wallet, asset, amount, reason, reference_kind, reference_id, created_at)
SELECT user_id, mode, 'spot', CASE WHEN side = 'buy' THEN quote ELSE base END, frozen, 'spotConditional', 'spot-conditional', id::text, created_at
  FROM spot_conditionals WHERE status = 'pending' AND frozen > 0 ORDER BY id;

UPDATE spot_orders o SET hold_id = h.id
  FROM holds h WHERE h.reference_kind = 'spot-order' AND h.reference_id = o.id::text AND h.reason = 'spotOrder';

INSERT INTO ledger_accounts (holder, mode, wallet, asset, part)
SELECT DISTINCT user_id, mode, wallet, asset, 'held' FROM holds WHERE reference_kind IN ('spot-order', 'spot-conditional')
ON CONFLICT (holder, mode, wallet, asset, part) DO NOTHING;

INSERT INTO ledger_batches (idempotency_key, cause_type, cause_id, created_at)
SELECT 'hold:' || id || ':place', reference_kind, reference_id, created_at FROM holds
 WHERE reference_kind IN ('spot-order', 'spot-conditional') ORDER BY id;

INSERT INTO ledger_transfers (batch_id, debit_account, credit_account, asset, amount, created_at)
SELECT b.id, f.id, h2.id, h.asset, h.amount, h.created_at
  FROM holds h
  JOIN ledger_batches b ON b.idempotency_key = 'hold:' || h.id || ':place'
  JOIN ledger_accounts f ON f.holder = h.user_id AND f.mode = h.mode AND f.wallet = h.wallet AND f.asset = h.asset AND f.part = 'frozen'
  JOIN ledger_accounts h2 ON h2.holder = h.user_id AND h2.mode = h.mode AND h2.wallet = h.wallet AND h2.asset = h.asset AND h2.part = 'held'
 WHERE h.reference_kind IN ('spot-order', 'spot-conditional')
 ORDER BY h.id;
