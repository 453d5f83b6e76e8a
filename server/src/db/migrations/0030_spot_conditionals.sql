-- Conditional sells on a spot holding: take-profit/stop-loss (either or both) and OCO (both, one cancels the
-- other). The held base quantity is frozen once for the whole group (`frozen`), whichever legs it has; each leg
-- is a trading_triggers row (owner 'spot-conditional', ref '<id>:tp' or '<id>:sl') watching the bid. The first
-- leg to fire claims the group (status pending → triggered), cancels the other leg's trigger, and hands the hold
-- to the spot order it places (`order_id`): a limit sell at the take-profit price, a stop-limit sell at
-- `stop_limit_price`, or a market sell (stop-market) when that is null.
CREATE TABLE spot_conditionals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  kind text NOT NULL CHECK (kind IN ('tpsl', 'oco')),
  symbol text NOT NULL,
  base text NOT NULL,
  quote text NOT NULL,
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0),
  take_profit_price numeric(40, 18) CHECK (take_profit_price > 0),
  stop_price numeric(40, 18) CHECK (stop_price > 0),
  stop_limit_price numeric(40, 18) CHECK (stop_limit_price > 0),
  status text NOT NULL CHECK (status IN ('pending', 'triggered', 'canceled')),
  -- what the group still holds in the spot wallet's frozen base (0 once triggered or cancelled)
  frozen numeric(40, 18) NOT NULL DEFAULT 0 CHECK (frozen >= 0),
  tp_trigger_id bigint REFERENCES trading_triggers (id),
  sl_trigger_id bigint REFERENCES trading_triggers (id),
  triggered_leg text CHECK (triggered_leg IN ('tp', 'sl')),
  order_id bigint REFERENCES spot_orders (id),
  price_decimals integer NOT NULL,
  amount_decimals integer NOT NULL,
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz,
  CHECK (take_profit_price IS NOT NULL OR stop_price IS NOT NULL),
  CHECK (kind <> 'oco' OR (take_profit_price IS NOT NULL AND stop_price IS NOT NULL)),
  CHECK (stop_limit_price IS NULL OR stop_price IS NOT NULL),
  CHECK (take_profit_price IS NULL OR stop_price IS NULL OR take_profit_price > stop_price),
  CHECK ((status = 'pending') = (finished_at IS NULL)),
  CHECK (status = 'pending' OR frozen = 0),
  CHECK ((status = 'triggered') = (triggered_leg IS NOT NULL))
);
CREATE INDEX spot_conditionals_user ON spot_conditionals (user_id, mode, status, id DESC);
