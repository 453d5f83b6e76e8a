-- Perpetual contracts (server/src/modules/perpetual): orders, positions, their fills with evidence, funding
-- payments and liquidation records. Margin lives in the user's 'contract' wallet (USDT): what an order or position
-- holds is in the wallet's frozen part, and the rows below say which order or position holds how much.

CREATE TABLE perp_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  status text NOT NULL CHECK (status IN ('pending', 'opening', 'completed', 'canceled', 'merged')),
  price numeric(40, 18) CHECK (price > 0),
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  margin_mode text NOT NULL CHECK (margin_mode IN ('isolated', 'cross')),
  position_mode text NOT NULL CHECK (position_mode IN ('merge', 'split')),
  -- what a pending limit order holds frozen (margin + maker fee at its price); 0 once it is done
  held numeric(40, 18) NOT NULL DEFAULT 0 CHECK (held >= 0),
  margin numeric(40, 18) NOT NULL DEFAULT 0 CHECK (margin >= 0),
  fee numeric(40, 18) NOT NULL DEFAULT 0 CHECK (fee >= 0),
  done_quantity numeric(40, 18) NOT NULL DEFAULT 0,
  done_price numeric(40, 18),
  take_profit numeric(40, 18) CHECK (take_profit > 0),
  stop_loss numeric(40, 18) CHECK (stop_loss > 0),
  position_id bigint,
  trigger_id bigint REFERENCES trading_triggers (id),
  -- the instrument terms copied at placement
  maker_fee_rate numeric(20, 10) NOT NULL,
  taker_fee_rate numeric(20, 10) NOT NULL,
  price_decimals integer NOT NULL,
  maintenance_tiers jsonb NOT NULL,
  terms_version integer NOT NULL,
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  done_at timestamptz,
  CHECK (type <> 'limit' OR price IS NOT NULL),
  CHECK (status <> 'pending' OR done_at IS NULL),
  CHECK (status = 'pending' OR held = 0)
);
CREATE INDEX perp_orders_user ON perp_orders (user_id, mode, status, id DESC);

CREATE TABLE perp_positions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  status text NOT NULL CHECK (status IN ('open', 'closed')),
  -- open quantity; closed_quantity grows with each (partial) close
  quantity numeric(40, 18) NOT NULL CHECK (quantity >= 0),
  closed_quantity numeric(40, 18) NOT NULL DEFAULT 0 CHECK (closed_quantity >= 0),
  entry_price numeric(40, 18) NOT NULL CHECK (entry_price > 0),
  leverage integer NOT NULL CHECK (leverage >= 1),
  margin_mode text NOT NULL CHECK (margin_mode IN ('isolated', 'cross')),
  -- what the position holds in the contract wallet's frozen part
  margin numeric(40, 18) NOT NULL CHECK (margin >= 0),
  -- the margin when it was last at its largest (the base of a closed position's P/L %)
  peak_margin numeric(40, 18) NOT NULL CHECK (peak_margin >= 0),
  -- trade P/L of the closes, trading fees and funding, each signed from the user's side
  trade_pnl numeric(40, 18) NOT NULL DEFAULT 0,
  fees numeric(40, 18) NOT NULL DEFAULT 0 CHECK (fees >= 0),
  funding numeric(40, 18) NOT NULL DEFAULT 0,
  take_profit numeric(40, 18) CHECK (take_profit > 0),
  stop_loss numeric(40, 18) CHECK (stop_loss > 0),
  liquidation_price numeric(40, 18),
  tp_trigger_id bigint REFERENCES trading_triggers (id),
  sl_trigger_id bigint REFERENCES trading_triggers (id),
  liq_trigger_id bigint REFERENCES trading_triggers (id),
  parent_order_id bigint NOT NULL REFERENCES perp_orders (id),
  taker_fee_rate numeric(20, 10) NOT NULL,
  price_decimals integer NOT NULL,
  maintenance_tiers jsonb NOT NULL,
  terms_version integer NOT NULL,
  close_type text CHECK (close_type IN ('manual', 'take_profit', 'stop_loss', 'liquidation', 'reverse')),
  close_price numeric(40, 18),
  opened_at timestamptz NOT NULL,
  closed_at timestamptz,
  CHECK ((status = 'closed') = (closed_at IS NOT NULL)),
  CHECK (status = 'open' OR (quantity = 0 AND margin = 0 AND close_type IS NOT NULL))
);
CREATE INDEX perp_positions_user ON perp_positions (user_id, mode, status, id DESC);
CREATE INDEX perp_positions_open ON perp_positions (symbol) WHERE status = 'open';
-- merge mode: at most one open position per user, account mode, symbol and side
CREATE INDEX perp_positions_merge ON perp_positions (user_id, mode, symbol, side) WHERE status = 'open';
ALTER TABLE perp_orders ADD FOREIGN KEY (position_id) REFERENCES perp_positions (id);

-- Every fill of a position (opening, adding, closing, liquidation) with the tick it used.
CREATE TABLE perp_fills (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position_id bigint NOT NULL REFERENCES perp_positions (id),
  order_id bigint REFERENCES perp_orders (id),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  kind text NOT NULL CHECK (kind IN ('open', 'close', 'take_profit', 'stop_loss', 'liquidation', 'reverse')),
  side text NOT NULL CHECK (side IN ('long', 'short')),
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0),
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  fee numeric(40, 18) NOT NULL CHECK (fee >= 0),
  realised_pnl numeric(40, 18) NOT NULL,
  evidence jsonb NOT NULL,
  receipt_seq bigint NOT NULL REFERENCES receipts (seq),
  request_key text UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX perp_fills_position ON perp_fills (position_id, id);

-- One funding payment per position and funding time: the unique key makes the job's retries harmless.
CREATE TABLE perp_funding (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  position_id bigint NOT NULL REFERENCES perp_positions (id),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  funding_time timestamptz NOT NULL,
  rate numeric(20, 10) NOT NULL,
  mark_price numeric(40, 18) NOT NULL,
  quantity numeric(40, 18) NOT NULL,
  amount numeric(40, 18) NOT NULL,
  receipt_seq bigint NOT NULL REFERENCES receipts (seq),
  created_at timestamptz NOT NULL,
  UNIQUE (position_id, funding_time)
);

-- What a liquidation left: the margin to the insurance fund, or the shortfall the fund paid.
CREATE TABLE perp_liquidations (
  position_id bigint PRIMARY KEY REFERENCES perp_positions (id),
  mark_price numeric(40, 18) NOT NULL,
  to_insurance numeric(40, 18) NOT NULL CHECK (to_insurance >= 0),
  shortfall numeric(40, 18) NOT NULL CHECK (shortfall >= 0),
  receipt_seq bigint NOT NULL REFERENCES receipts (seq),
  created_at timestamptz NOT NULL
);
