-- The trading engine (server/src/modules/trading) and spot trading (server/src/modules/spot). Perpetual contracts
-- add their own tables in 0012.

-- The terms of each tradable instrument as they apply to orders placed now. Seeded from the market catalogue;
-- operators change them with `pnpm ops` (audited, and each version kept below). An order or position copies the
-- terms it uses, so a change never alters one already open.
CREATE TABLE trading_instruments (
  symbol text PRIMARY KEY,
  base text NOT NULL,
  quote text NOT NULL,
  price_decimals integer NOT NULL CHECK (price_decimals BETWEEN 0 AND 18),
  amount_decimals integer NOT NULL CHECK (amount_decimals BETWEEN 0 AND 18),
  leverages integer[] NOT NULL CHECK (cardinality(leverages) >= 1),
  min_quantity numeric(40, 18) NOT NULL CHECK (min_quantity > 0),
  max_quantity numeric(40, 18) NOT NULL CHECK (max_quantity >= min_quantity),
  maker_fee_rate numeric(20, 10) NOT NULL CHECK (maker_fee_rate >= 0 AND maker_fee_rate < 0.1),
  taker_fee_rate numeric(20, 10) NOT NULL CHECK (taker_fee_rate >= 0 AND taker_fee_rate < 0.1),
  -- [{"maxNotional": "50000" | null, "rate": "0.005"}, …] ascending; the last has no upper bound
  maintenance_tiers jsonb NOT NULL,
  funding_interval_hours integer NOT NULL CHECK (funding_interval_hours BETWEEN 1 AND 24),
  funding_rate numeric(20, 10) NOT NULL CHECK (abs(funding_rate) < 0.05),
  spot_enabled boolean NOT NULL,
  perpetual_enabled boolean NOT NULL,
  is_ico boolean NOT NULL DEFAULT false,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  updated_at timestamptz NOT NULL
);

-- Every version of every instrument's terms, from the seed on: which terms an order copied can always be shown.
CREATE TABLE trading_instrument_versions (
  symbol text NOT NULL REFERENCES trading_instruments (symbol),
  version integer NOT NULL,
  terms jsonb NOT NULL,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (symbol, version)
);

-- A user's contract settings per mode (margin mode applies to all USDT contracts of the user).
CREATE TABLE trading_settings (
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  margin_mode text NOT NULL DEFAULT 'isolated' CHECK (margin_mode IN ('isolated', 'cross')),
  position_mode text NOT NULL DEFAULT 'merge' CHECK (position_mode IN ('merge', 'split')),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, mode)
);

-- Price triggers of every owner (spot limit orders, perpetual limit opens, take-profit, stop-loss, liquidation):
-- the database holds the truth, the in-memory index (modules/trading/trigger-index.ts) is rebuilt from the pending
-- rows at start. A trigger fires once: the conditional UPDATE … WHERE status = 'pending' decides, in the same
-- transaction as the owner's ledger posting.
CREATE TABLE trading_triggers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  owner text NOT NULL,
  ref text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol text NOT NULL,
  -- gte: fires when the watched price is at or above `price`; lte: at or below
  direction text NOT NULL CHECK (direction IN ('gte', 'lte')),
  -- which tick price is watched: bid (a sell's limit), ask (a buy's limit), last, or mark (perpetuals)
  watch text NOT NULL CHECK (watch IN ('bid', 'ask', 'last', 'mark')),
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'fired', 'canceled')),
  created_at timestamptz NOT NULL,
  done_at timestamptz,
  CHECK ((status = 'pending') = (done_at IS NULL))
);
CREATE INDEX trading_triggers_pending ON trading_triggers (symbol) WHERE status = 'pending';
CREATE INDEX trading_triggers_owner ON trading_triggers (owner, ref);

-- Spot orders. Terms (fee rates, decimals, terms version) are copied at placement.
CREATE TABLE spot_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol text NOT NULL,
  base text NOT NULL,
  quote text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  is_ico boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('pending', 'opening', 'completed', 'canceled', 'merged')),
  price numeric(40, 18) CHECK (price > 0),
  quantity numeric(40, 18) CHECK (quantity > 0),
  amount numeric(40, 18) CHECK (amount > 0),
  done_quantity numeric(40, 18) NOT NULL DEFAULT 0 CHECK (done_quantity >= 0),
  done_value numeric(40, 18) NOT NULL DEFAULT 0 CHECK (done_value >= 0),
  fee numeric(40, 18) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  fee_asset text NOT NULL,
  frozen_asset text NOT NULL,
  -- what the order still holds in the spot wallet's frozen part
  frozen numeric(40, 18) NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  maker_fee_rate numeric(20, 10) NOT NULL,
  taker_fee_rate numeric(20, 10) NOT NULL,
  price_decimals integer NOT NULL,
  amount_decimals integer NOT NULL,
  terms_version integer NOT NULL,
  trigger_id bigint REFERENCES trading_triggers (id),
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz,
  CHECK (type <> 'limit' OR (price IS NOT NULL AND quantity IS NOT NULL)),
  CHECK (quantity IS NOT NULL OR (amount IS NOT NULL AND side = 'buy' AND type = 'market')),
  CHECK (status <> 'pending' OR finished_at IS NULL),
  CHECK (status NOT IN ('completed', 'canceled') OR (finished_at IS NOT NULL AND frozen = 0))
);
CREATE INDEX spot_orders_user ON spot_orders (user_id, mode, status, id DESC);
CREATE INDEX spot_orders_pending ON spot_orders (symbol) WHERE status = 'pending';

-- The receipt chain: every fill, liquidation, funding payment… is one link whose hash is
-- sha256(prev_hash || payload), payload being the canonical JSON text of the event. `pnpm ops receipts verify`
-- recomputes it. Appends are serialised on receipt_chain_head (a row lock), so concurrent writers cannot fork it.
CREATE TABLE receipts (
  seq bigint PRIMARY KEY CHECK (seq >= 1),
  kind text NOT NULL,
  ref text NOT NULL,
  payload text NOT NULL,
  prev_hash text NOT NULL,
  hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX receipts_ref ON receipts (kind, ref);

CREATE TABLE receipt_chain_head (
  id integer PRIMARY KEY CHECK (id = 1),
  seq bigint NOT NULL,
  hash text NOT NULL
);
-- The genesis: 64 zeros.
INSERT INTO receipt_chain_head (id, seq, hash) VALUES (1, 0, repeat('0', 64));

CREATE FUNCTION receipts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER receipts_append_only BEFORE UPDATE OR DELETE ON receipts FOR EACH ROW EXECUTE FUNCTION receipts_refuse_change();
CREATE TRIGGER receipts_no_truncate BEFORE TRUNCATE ON receipts FOR EACH STATEMENT EXECUTE FUNCTION receipts_refuse_change();

-- One fill of a spot order with the tick it used: the evidence the user sees.
CREATE TABLE spot_fills (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES spot_orders (id),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0),
  value numeric(40, 18) NOT NULL CHECK (value > 0),
  fee numeric(40, 18) NOT NULL CHECK (fee >= 0),
  fee_asset text NOT NULL,
  liquidity text NOT NULL CHECK (liquidity IN ('maker', 'taker')),
  -- the evidence: the tick as the feed gave it
  tick_symbol text NOT NULL,
  feed_time timestamptz NOT NULL,
  bid numeric(40, 18) NOT NULL,
  ask numeric(40, 18) NOT NULL,
  last numeric(40, 18) NOT NULL,
  source text NOT NULL CHECK (source IN ('simulated', 'exchange')),
  side_used text NOT NULL CHECK (side_used IN ('bid', 'ask')),
  levels jsonb NOT NULL,
  receipt_seq bigint NOT NULL REFERENCES receipts (seq),
  created_at timestamptz NOT NULL
);
CREATE INDEX spot_fills_order ON spot_fills (order_id, id);
CREATE INDEX spot_fills_user ON spot_fills (user_id, mode, symbol, id);
