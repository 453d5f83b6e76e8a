-- Seconds contracts whose expiry has no recorded price (issue 17). A contract settles on the first recorded tick of
-- its symbol at or after its expiry; when the server was down at expiry that tick came minutes or hours later, so the
-- contract was decided on a price from long after its term. Now the close must lie within 2 seconds of the expiry
-- (SETTLE_TOLERANCE_MS in modules/seconds/service.ts); when the first tick recorded at or after the expiry is later
-- than that, no price was recorded at expiry and the stake is refunded. The refund is decided by the recorded ticks
-- alone (the absence of one in the window, proven by a later one), never by a person: no call or command writes it.
--
-- The refund is its own append-only table (the contract table keeps its status 'open' | 'settled' from 0014, whose
-- constraints only that migration changes); a refunded contract reads as `refunded` in the API.
CREATE TABLE seconds_refunds (
  contract_id bigint PRIMARY KEY REFERENCES seconds_contracts (id),
  reason text NOT NULL CHECK (reason = 'noPriceAtExpiry'),
  refunded_at timestamptz NOT NULL,
  receipt_seq bigint NOT NULL REFERENCES receipts (seq)
);

-- A refund is accepted only for an open contract of which no tick was recorded from its expiry to 2 s after it,
-- while a tick after that window is recorded (so the recorder was past the window: nothing can still arrive in it).
CREATE FUNCTION seconds_refunds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c seconds_contracts%ROWTYPE;
  first_after timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a refund never changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT * INTO c FROM seconds_contracts WHERE id = NEW.contract_id;
  IF c.status IS DISTINCT FROM 'open' THEN
    RAISE EXCEPTION 'only an open contract is refunded' USING ERRCODE = 'check_violation';
  END IF;
  SELECT min(feed_time) INTO first_after FROM seconds_ticks WHERE symbol = c.symbol AND feed_time >= c.expires_at;
  IF first_after IS NULL OR first_after <= c.expires_at + interval '2 seconds' THEN
    RAISE EXCEPTION 'a contract is refunded only when no tick was recorded within 2 s of its expiry' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER seconds_refunds_guard BEFORE INSERT OR UPDATE OR DELETE ON seconds_refunds
  FOR EACH ROW EXECUTE FUNCTION seconds_refunds_guard();
CREATE FUNCTION seconds_refunds_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a refund never changes' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER seconds_refunds_no_truncate BEFORE TRUNCATE ON seconds_refunds
  FOR EACH STATEMENT EXECUTE FUNCTION seconds_refunds_refuse_truncate();

-- The contract guard of 0014, stricter: besides everything it checked, a contract settles only on a tick within 2 s
-- of its expiry, and never once refunded.
CREATE OR REPLACE FUNCTION seconds_contracts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tick seconds_ticks%ROWTYPE;
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'seconds contracts are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT * INTO tick FROM seconds_ticks WHERE id = NEW.open_tick_id;
    IF tick.symbol IS DISTINCT FROM NEW.symbol OR tick.price IS DISTINCT FROM NEW.open_price THEN
      RAISE EXCEPTION 'a contract opens at the price of a recorded tick of its symbol' USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.status <> 'open' THEN
      RAISE EXCEPTION 'a contract is bought open' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF OLD.status = 'settled' THEN
    RAISE EXCEPTION 'a settled contract never changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF EXISTS (SELECT 1 FROM seconds_refunds WHERE contract_id = OLD.id) THEN
    RAISE EXCEPTION 'a refunded contract never changes' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.user_id, NEW.mode, NEW.symbol, NEW.direction, NEW.product_id, NEW.product_version, NEW.duration_seconds, NEW.payout_ratio,
      NEW.stake, NEW.opened_at, NEW.expires_at, NEW.open_tick_id, NEW.open_price, NEW.open_receipt_seq, NEW.request_key)
     IS DISTINCT FROM
     (OLD.user_id, OLD.mode, OLD.symbol, OLD.direction, OLD.product_id, OLD.product_version, OLD.duration_seconds, OLD.payout_ratio,
      OLD.stake, OLD.opened_at, OLD.expires_at, OLD.open_tick_id, OLD.open_price, OLD.open_receipt_seq, OLD.request_key) THEN
    RAISE EXCEPTION 'a contract''s terms are frozen at purchase' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status = 'settled' THEN
    SELECT * INTO tick FROM seconds_ticks
     WHERE symbol = NEW.symbol AND feed_time >= NEW.expires_at ORDER BY feed_time, id LIMIT 1;
    IF tick.id IS NULL OR tick.id IS DISTINCT FROM NEW.close_tick_id OR tick.price IS DISTINCT FROM NEW.close_price THEN
      RAISE EXCEPTION 'a contract settles on the first recorded tick at or after its expiry' USING ERRCODE = 'check_violation';
    END IF;
    IF tick.feed_time > NEW.expires_at + interval '2 seconds' THEN
      RAISE EXCEPTION 'no tick was recorded within 2 s of the expiry: the contract is refunded, not settled' USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;
