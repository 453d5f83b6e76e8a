-- Early redemption of a smart-pool order (issue 21: "early redeem with the penalty stated before confirming").
-- The penalty rate is part of the miner's terms (earlyRedeemPenaltyRate, frozen into the order at purchase; an
-- order frozen without one cannot be redeemed early). Redeeming early cancels the order's payouts not yet due
-- (its own incomes and its uplines' rebates: no income, no rebate) and posts the purchase's hold: the principal
-- less the penalty back to the wealth wallet, the penalty into the smart-pool reserve (the account that backs
-- every promise of the product), each a ledger move under the hold's key, with a receipt.

-- A scheduled payout may now end cancelled (never paid) instead of paid; nothing else about it ever changes.
ALTER TABLE product_payouts ADD COLUMN cancelled_at timestamptz;
ALTER TABLE product_payouts DROP CONSTRAINT product_payouts_status_check;
ALTER TABLE product_payouts ADD CONSTRAINT product_payouts_status_check CHECK (status IN ('pending', 'paid', 'cancelled'));
ALTER TABLE product_payouts ADD CONSTRAINT product_payouts_cancelled_check CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL));

CREATE OR REPLACE FUNCTION product_payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payouts are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.product_kind, NEW.holding_kind, NEW.holding_id, NEW.seq, NEW.user_id, NEW.mode, NEW.wallet, NEW.asset, NEW.amount,
      NEW.release_hold_id, NEW.due_at, NEW.created_at)
       IS DISTINCT FROM (OLD.product_kind, OLD.holding_kind, OLD.holding_id, OLD.seq, OLD.user_id, OLD.mode, OLD.wallet, OLD.asset,
      OLD.amount, OLD.release_hold_id, OLD.due_at, OLD.created_at)
     OR OLD.status <> 'pending' OR NEW.status NOT IN ('paid', 'cancelled') THEN
    RAISE EXCEPTION 'a payout''s amount is frozen when scheduled; it only becomes paid or cancelled' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;

-- One row per early redemption: what the frozen terms gave (rate, penalty, what came back) and its receipt.
CREATE TABLE smart_pool_redemptions (
  order_id bigint PRIMARY KEY REFERENCES smart_pool_orders (id),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  asset text NOT NULL,
  principal numeric(40, 18) NOT NULL CHECK (principal > 0),
  penalty_rate numeric(40, 18) NOT NULL CHECK (penalty_rate >= 0 AND penalty_rate <= 1),
  penalty numeric(40, 18) NOT NULL CHECK (penalty >= 0),
  returned numeric(40, 18) NOT NULL CHECK (returned >= 0),
  receipt_seq bigint NOT NULL,
  request_key text NOT NULL UNIQUE,
  redeemed_at timestamptz NOT NULL,
  CHECK (penalty + returned = principal)
);
CREATE TRIGGER smart_pool_redemptions_frozen BEFORE UPDATE OR DELETE ON smart_pool_redemptions FOR EACH ROW EXECUTE FUNCTION smart_pool_frozen();
