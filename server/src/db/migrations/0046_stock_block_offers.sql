-- Block trades (issue 20): an operator publishes a block offer (`pnpm ops block:publish`, audited); users subscribe
-- a quantity with its cost held from their spot USDT; an operator approves (the hold is posted to the broker, the
-- shares delivered at the block price) or rejects (released); undecided at the window's end → expired (a job).
CREATE TABLE stock_block_offers (
  id bigserial PRIMARY KEY,
  symbol text NOT NULL,
  name text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('USD', 'JPY')),
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  min_quantity numeric(40, 0) NOT NULL CHECK (min_quantity > 0),
  max_quantity numeric(40, 0) NOT NULL CHECK (max_quantity >= min_quantity),
  opens_at timestamptz NOT NULL,
  closes_at timestamptz NOT NULL CHECK (closes_at > opens_at),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE stock_block_subscriptions (
  id bigserial PRIMARY KEY,
  offer_id bigint NOT NULL REFERENCES stock_block_offers (id),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  quantity numeric(40, 0) NOT NULL CHECK (quantity > 0),
  price numeric(40, 18) NOT NULL,
  rate numeric(40, 18) NOT NULL CHECK (rate > 0),
  rate_version integer NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  hold_id bigint REFERENCES holds (id),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'completed', 'expired')),
  reason text NOT NULL DEFAULT '',
  decided_by text,
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  approved_at timestamptz,
  rejected_at timestamptz,
  completed_at timestamptz,
  expired_at timestamptz
);
CREATE INDEX stock_block_subscriptions_status ON stock_block_subscriptions (status, offer_id);
CREATE INDEX stock_block_subscriptions_user ON stock_block_subscriptions (user_id, mode, id DESC);

CREATE FUNCTION stock_block_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' OR TG_TABLE_NAME = 'stock_block_offers' THEN
    RAISE EXCEPTION '%: % refused (published offers never change)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.offer_id, NEW.user_id, NEW.mode, NEW.quantity, NEW.price, NEW.rate, NEW.amount, NEW.request_key, NEW.created_at)
     IS DISTINCT FROM (OLD.id, OLD.offer_id, OLD.user_id, OLD.mode, OLD.quantity, OLD.price, OLD.rate, OLD.amount, OLD.request_key, OLD.created_at)
     OR (OLD.hold_id IS NOT NULL AND NEW.hold_id IS DISTINCT FROM OLD.hold_id) THEN
    RAISE EXCEPTION 'stock_block_subscriptions: a subscription''s terms never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status <> OLD.status AND NOT (
       (OLD.status = 'pending' AND NEW.status IN ('approved', 'rejected', 'expired'))
    OR (OLD.status = 'approved' AND NEW.status = 'completed')) THEN
    RAISE EXCEPTION 'stock_block_subscriptions: % → % refused', OLD.status, NEW.status USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER stock_block_offers_guard BEFORE UPDATE OR DELETE ON stock_block_offers FOR EACH ROW EXECUTE FUNCTION stock_block_guard();
CREATE TRIGGER stock_block_subscriptions_guard BEFORE UPDATE OR DELETE ON stock_block_subscriptions
  FOR EACH ROW EXECUTE FUNCTION stock_block_guard();
