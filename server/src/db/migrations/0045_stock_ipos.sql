-- IPO subscriptions (issue 20). An operator publishes an IPO (`pnpm ops ipo:publish`, audited); users subscribe in
-- lots with the cost held from their spot USDT (a named hold); the allocation is drawn from a secret seed whose
-- SHA-256 is published with the IPO and which is revealed at allocation (modules/stock-offers/draw.ts). Real and
-- demo subscriptions are drawn apart (each mode gets the whole offering), from the same seed.
CREATE TABLE stock_ipos (
  id bigserial PRIMARY KEY,
  symbol text NOT NULL,
  name text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('USD', 'JPY')),
  issue_price numeric(40, 18) NOT NULL CHECK (issue_price > 0),
  pe_ratio numeric(40, 18),
  shares_offered numeric(40, 0) NOT NULL CHECK (shares_offered > 0),
  lot_size integer NOT NULL CHECK (lot_size > 0),
  subscribe_from timestamptz NOT NULL,
  subscribe_until timestamptz NOT NULL CHECK (subscribe_until > subscribe_from),
  allocate_at timestamptz NOT NULL CHECK (allocate_at >= subscribe_until),
  list_at timestamptz NOT NULL CHECK (list_at >= allocate_at),
  -- The seed is drawn at publication and kept from then on; its hash is public from the start, the seed only once
  -- revealed. The CHECK ties the two, and the guard below refuses any change of either.
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  seed_hash text NOT NULL CHECK (seed_hash = encode(sha256(convert_to(seed, 'UTF8')), 'hex')),
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'closed', 'allocated', 'listed', 'canceled')),
  closed_at timestamptz,
  allocated_at timestamptz,
  listed_at timestamptz,
  canceled_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE stock_ipo_subscriptions (
  id bigserial PRIMARY KEY,
  ipo_id bigint NOT NULL REFERENCES stock_ipos (id),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  lots integer NOT NULL CHECK (lots > 0),
  shares numeric(40, 0) NOT NULL CHECK (shares > 0),
  -- The issue price, the rate (USDT per unit of the currency) and the cost held, frozen when subscribing.
  price numeric(40, 18) NOT NULL,
  rate numeric(40, 18) NOT NULL CHECK (rate > 0),
  rate_version integer NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  hold_id bigint REFERENCES holds (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'passed', 'rejected', 'processing', 'completed', 'canceled')),
  reason text NOT NULL DEFAULT '',
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  reviewed_at timestamptz,
  processing_at timestamptz,
  completed_at timestamptz,
  canceled_at timestamptz,
  -- The draw: HMAC-SHA256(seed, id) in hex, the place in its order (1 = first) and the lots it won; written once.
  draw text,
  place integer,
  lots_won integer,
  cost numeric(40, 18),
  delivered_at timestamptz
);
CREATE INDEX stock_ipo_subscriptions_ipo ON stock_ipo_subscriptions (ipo_id, status);
CREATE INDEX stock_ipo_subscriptions_user ON stock_ipo_subscriptions (user_id, mode, id DESC);

-- Published terms and the seed never change; a state only moves forward; the draw's figures are written once.
CREATE FUNCTION stock_ipos_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'stock_ipos: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.symbol, NEW.currency, NEW.issue_price, NEW.shares_offered, NEW.lot_size, NEW.subscribe_from,
      NEW.subscribe_until, NEW.allocate_at, NEW.list_at, NEW.seed, NEW.seed_hash, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.symbol, OLD.currency, OLD.issue_price, OLD.shares_offered, OLD.lot_size,
      OLD.subscribe_from, OLD.subscribe_until, OLD.allocate_at, OLD.list_at, OLD.seed, OLD.seed_hash, OLD.created_at) THEN
    RAISE EXCEPTION 'stock_ipos: the published terms and the seed never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.state <> OLD.state AND NOT (
       (OLD.state = 'open' AND NEW.state IN ('closed', 'canceled'))
    OR (OLD.state = 'closed' AND NEW.state IN ('allocated', 'canceled'))
    OR (OLD.state = 'allocated' AND NEW.state = 'listed')) THEN
    RAISE EXCEPTION 'stock_ipos: % → % refused', OLD.state, NEW.state USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER stock_ipos_guard BEFORE UPDATE OR DELETE ON stock_ipos FOR EACH ROW EXECUTE FUNCTION stock_ipos_guard();

CREATE FUNCTION stock_ipo_subscriptions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'stock_ipo_subscriptions: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.ipo_id, NEW.user_id, NEW.mode, NEW.lots, NEW.shares, NEW.price, NEW.rate, NEW.amount, NEW.request_key, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.ipo_id, OLD.user_id, OLD.mode, OLD.lots, OLD.shares, OLD.price, OLD.rate, OLD.amount, OLD.request_key, OLD.created_at)
     OR (OLD.hold_id IS NOT NULL AND NEW.hold_id IS DISTINCT FROM OLD.hold_id) THEN
    RAISE EXCEPTION 'stock_ipo_subscriptions: a subscription''s terms never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF OLD.lots_won IS NOT NULL AND (NEW.draw, NEW.place, NEW.lots_won, NEW.cost) IS DISTINCT FROM (OLD.draw, OLD.place, OLD.lots_won, OLD.cost) THEN
    RAISE EXCEPTION 'stock_ipo_subscriptions: the draw is written once' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('passed', 'rejected', 'canceled'))
    OR (OLD.status = 'passed' AND NEW.status IN ('processing', 'canceled'))
    OR (OLD.status = 'processing' AND NEW.status IN ('completed', 'canceled'))) THEN
    RAISE EXCEPTION 'stock_ipo_subscriptions: % → % refused', OLD.status, NEW.status USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER stock_ipo_subscriptions_guard BEFORE UPDATE OR DELETE ON stock_ipo_subscriptions
  FOR EACH ROW EXECUTE FUNCTION stock_ipo_subscriptions_guard();
