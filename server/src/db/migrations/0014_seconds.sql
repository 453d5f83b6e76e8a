-- Seconds contracts (server/src/modules/seconds): fixed-term up/down contracts settled on recorded feed ticks.
-- Honest by construction: no column, call or command can choose an outcome, a price or an expiry. The outcome and
-- the payout are generated from the recorded prices; the close must be the first recorded tick at or after the
-- fixed expiry (checked by the trigger below, whoever writes); a contract's terms never change after purchase and
-- a settled contract never changes at all.

-- What operators offer (`pnpm ops seconds:product-set`, audited): per symbol and duration, the payout ratio and the
-- stake limits for purchases made from now on. A contract copies them.
CREATE TABLE seconds_products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  symbol text NOT NULL,
  duration_seconds integer NOT NULL CHECK (duration_seconds BETWEEN 10 AND 86400),
  payout_ratio numeric(10, 4) NOT NULL CHECK (payout_ratio > 0 AND payout_ratio <= 10),
  min_stake numeric(40, 18) NOT NULL CHECK (min_stake > 0),
  max_stake numeric(40, 18) NOT NULL CHECK (max_stake >= min_stake),
  enabled boolean NOT NULL DEFAULT true,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  updated_at timestamptz NOT NULL,
  UNIQUE (symbol, duration_seconds)
);

-- Feed ticks of the symbols that have open contracts (and every opening tick), as the feed gave them: the only
-- prices a contract opens and settles at. Append-only except for the retention job, which deletes old ticks no
-- contract refers to and no open contract may still need.
CREATE TABLE seconds_ticks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  symbol text NOT NULL,
  feed_time timestamptz NOT NULL,
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  bid numeric(40, 18) NOT NULL,
  ask numeric(40, 18) NOT NULL,
  source text NOT NULL CHECK (source IN ('simulated', 'exchange')),
  recorded_at timestamptz NOT NULL,
  -- the same tick delivered twice is recorded once; two different ticks with the same time are both kept (in the
  -- order they were recorded, which is the order settlement reads them in)
  UNIQUE (symbol, feed_time, price, bid, ask, source)
);

CREATE FUNCTION seconds_ticks_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'recorded ticks never change' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER seconds_ticks_no_update BEFORE UPDATE ON seconds_ticks FOR EACH ROW EXECUTE FUNCTION seconds_ticks_refuse_update();

CREATE TABLE seconds_contracts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol text NOT NULL,
  direction text NOT NULL CHECK (direction IN ('up', 'down')),
  -- the terms frozen at purchase
  product_id bigint NOT NULL REFERENCES seconds_products (id),
  product_version integer NOT NULL,
  duration_seconds integer NOT NULL CHECK (duration_seconds > 0),
  payout_ratio numeric(10, 4) NOT NULL CHECK (payout_ratio > 0),
  stake numeric(40, 18) NOT NULL CHECK (stake > 0),
  opened_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  open_tick_id bigint NOT NULL REFERENCES seconds_ticks (id),
  open_price numeric(40, 18) NOT NULL,
  open_receipt_seq bigint NOT NULL REFERENCES receipts (seq),
  request_key text NOT NULL UNIQUE,
  -- settlement
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled')),
  close_tick_id bigint REFERENCES seconds_ticks (id),
  close_price numeric(40, 18),
  settled_at timestamptz,
  settle_receipt_seq bigint REFERENCES receipts (seq),
  -- derived from the recorded prices, never written
  outcome text GENERATED ALWAYS AS (
    CASE WHEN close_price IS NULL THEN NULL
         WHEN close_price = open_price THEN 'tie'
         WHEN (close_price > open_price) = (direction = 'up') THEN 'win'
         ELSE 'loss' END) STORED,
  payout numeric(40, 18) GENERATED ALWAYS AS (
    CASE WHEN close_price IS NULL THEN NULL
         WHEN close_price = open_price THEN stake
         WHEN (close_price > open_price) = (direction = 'up') THEN stake * (1 + payout_ratio)
         ELSE 0 END) STORED,
  CHECK (expires_at = opened_at + make_interval(secs => duration_seconds)),
  CHECK ((status = 'settled') = (close_tick_id IS NOT NULL)),
  CHECK ((status = 'settled') = (close_price IS NOT NULL AND settled_at IS NOT NULL AND settle_receipt_seq IS NOT NULL))
);
CREATE INDEX seconds_contracts_user ON seconds_contracts (user_id, mode, status, id DESC);
CREATE INDEX seconds_contracts_due ON seconds_contracts (expires_at) WHERE status = 'open';
CREATE INDEX seconds_contracts_open_symbol ON seconds_contracts (symbol, expires_at) WHERE status = 'open';
CREATE INDEX seconds_contracts_open_tick ON seconds_contracts (open_tick_id);
CREATE INDEX seconds_contracts_close_tick ON seconds_contracts (close_tick_id);

-- A contract opens on a recorded tick of its symbol at that tick's price, and settles only on the first recorded
-- tick of its symbol at or after its expiry, at that tick's price. Nothing else about it may ever change, and a
-- settled contract (or any contract) is never deleted.
CREATE FUNCTION seconds_contracts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
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
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER seconds_contracts_guard BEFORE INSERT OR UPDATE OR DELETE ON seconds_contracts
  FOR EACH ROW EXECUTE FUNCTION seconds_contracts_guard();
CREATE FUNCTION seconds_contracts_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'seconds contracts are never deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER seconds_contracts_no_truncate BEFORE TRUNCATE ON seconds_contracts
  FOR EACH STATEMENT EXECUTE FUNCTION seconds_contracts_refuse_truncate();
