-- Token offerings (IEO/ICO, cryptoIpo/*) and allotments (code-gated, cryptoAllotment/*): src/modules/token-offers.
-- An operator publishes an offering with `pnpm ops offer:publish` (audited, its terms a version in product_terms);
-- users subscribe with USDT from their spot wallet as a named hold; the allocation job hands out lots in rounds in
-- the order of HMAC-SHA256(seed, subscription id), the seed's SHA-256 having been published when the offering was
-- created; the distribution job posts the winners' holds and delivers the token at listing. Nothing here lets
-- anybody set an allocation: the result columns are written once by the job and never change.
CREATE TABLE token_offers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9][a-z0-9-]{1,31}$'),
  -- ipo: anyone subscribes (cryptoIpo); allotment: a 4-digit code is needed (cryptoAllotment)
  kind text NOT NULL CHECK (kind IN ('ipo', 'allotment')),
  token text NOT NULL CHECK (token ~ '^[A-Z0-9]{2,12}$'),
  symbol text NOT NULL REFERENCES market_instrument (symbol),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
  terms_version_id bigint NOT NULL REFERENCES product_terms (id),
  -- USDT per token
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  -- tokens offered in each mode (real and demo allocate apart), a whole number of lots
  supply numeric(40, 18) NOT NULL CHECK (supply > 0),
  lot numeric(40, 18) NOT NULL CHECK (lot > 0),
  min_lots integer NOT NULL CHECK (min_lots >= 1),
  max_lots integer NOT NULL CHECK (max_lots >= min_lots),
  open_at timestamptz NOT NULL,
  close_at timestamptz NOT NULL,
  allocate_at timestamptz NOT NULL,
  list_at timestamptz NOT NULL,
  -- SHA-256 (hex) of the seed's text, public from creation; the seed itself is answered only once allocated_at is set
  seed_hash text NOT NULL CHECK (seed_hash ~ '^[0-9a-f]{64}$'),
  seed text NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  -- allotments: SHA-256 (hex) of "<code>:<4-digit code>" (the digits themselves are not stored)
  code_hash text CHECK (code_hash IS NULL OR code_hash ~ '^[0-9a-f]{64}$'),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  allocated_at timestamptz,
  distributed_at timestamptz,
  CHECK (open_at < close_at AND close_at <= allocate_at AND allocate_at <= list_at),
  CHECK ((kind = 'allotment') = (code_hash IS NOT NULL)),
  CHECK (distributed_at IS NULL OR allocated_at IS NOT NULL)
);

-- What an offering promised never changes; allocated_at and distributed_at are each set once.
CREATE FUNCTION token_offers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'token offerings are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.code, NEW.kind, NEW.token, NEW.symbol, NEW.terms_version_id, NEW.price, NEW.supply, NEW.lot, NEW.min_lots, NEW.max_lots,
      NEW.open_at, NEW.close_at, NEW.allocate_at, NEW.list_at, NEW.seed_hash, NEW.seed, NEW.code_hash, NEW.created_at)
     IS DISTINCT FROM (OLD.code, OLD.kind, OLD.token, OLD.symbol, OLD.terms_version_id, OLD.price, OLD.supply, OLD.lot, OLD.min_lots, OLD.max_lots,
      OLD.open_at, OLD.close_at, OLD.allocate_at, OLD.list_at, OLD.seed_hash, OLD.seed, OLD.code_hash, OLD.created_at)
     OR (OLD.allocated_at IS NOT NULL AND NEW.allocated_at IS DISTINCT FROM OLD.allocated_at)
     OR (OLD.distributed_at IS NOT NULL AND NEW.distributed_at IS DISTINCT FROM OLD.distributed_at) THEN
    RAISE EXCEPTION 'a token offering''s terms, seed and outcome times never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER token_offers_guard BEFORE UPDATE OR DELETE ON token_offers FOR EACH ROW EXECUTE FUNCTION token_offers_guard();

-- One subscription per user, offering and mode (asking twice would buy a second place in each round).
CREATE TABLE token_subscriptions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  offer_id bigint NOT NULL REFERENCES token_offers (id),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  lots integer NOT NULL CHECK (lots >= 1),
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0),
  -- USDT held: quantity × price
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  hold_id bigint NOT NULL REFERENCES holds (id),
  terms_version_id bigint NOT NULL REFERENCES product_terms (id),
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  -- the allocation job's result (written once): place in the HMAC order (1 first), lots won, cost and refund
  place integer,
  won_lots integer,
  won_quantity numeric(40, 18),
  cost numeric(40, 18),
  refund numeric(40, 18),
  allocated_at timestamptz,
  -- the hold posted (winners) or released (the others), and the token delivered
  settled_at timestamptz,
  UNIQUE (offer_id, user_id, mode),
  CHECK ((allocated_at IS NULL) = (won_lots IS NULL) AND (allocated_at IS NULL) = (place IS NULL)),
  CHECK (won_lots IS NULL OR (won_lots >= 0 AND won_lots <= lots AND cost + refund = amount))
);
CREATE INDEX token_subscriptions_user ON token_subscriptions (user_id, mode, created_at DESC);
CREATE INDEX token_subscriptions_offer ON token_subscriptions (offer_id, mode);

-- A subscription's request never changes; its allocation is set once and its settlement once.
CREATE FUNCTION token_subscriptions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'token subscriptions are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.offer_id, NEW.user_id, NEW.mode, NEW.lots, NEW.quantity, NEW.amount, NEW.hold_id, NEW.terms_version_id, NEW.request_key, NEW.created_at)
     IS DISTINCT FROM (OLD.offer_id, OLD.user_id, OLD.mode, OLD.lots, OLD.quantity, OLD.amount, OLD.hold_id, OLD.terms_version_id, OLD.request_key, OLD.created_at)
     OR (OLD.allocated_at IS NOT NULL AND (NEW.place, NEW.won_lots, NEW.won_quantity, NEW.cost, NEW.refund, NEW.allocated_at)
         IS DISTINCT FROM (OLD.place, OLD.won_lots, OLD.won_quantity, OLD.cost, OLD.refund, OLD.allocated_at))
     OR (OLD.settled_at IS NOT NULL AND NEW.settled_at IS DISTINCT FROM OLD.settled_at) THEN
    RAISE EXCEPTION 'a token subscription''s request and allocation never change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER token_subscriptions_guard BEFORE UPDATE OR DELETE ON token_subscriptions FOR EACH ROW EXECUTE FUNCTION token_subscriptions_guard();
