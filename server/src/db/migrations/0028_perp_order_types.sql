-- Order types users expect on perpetual and forex contracts (issue 17): stop-market, stop-limit and trailing stop
-- orders (conditional: they rest untriggered until the mark or last price reaches their trigger, then become a
-- market or limit order), time in force (GTC, IOC, FOK), post-only and reduce-only.
ALTER TABLE perp_orders DROP CONSTRAINT perp_orders_type_check;
ALTER TABLE perp_orders ADD CONSTRAINT perp_orders_type_check CHECK (type IN ('market', 'limit', 'stop_market', 'stop_limit', 'trailing_stop'));
ALTER TABLE perp_orders
  -- the stop price of a stop order (the trailing stop's first one; its live one is its trigger's price)
  ADD COLUMN trigger_price numeric(40, 18) CHECK (trigger_price > 0),
  ADD COLUMN trigger_source text CHECK (trigger_source IN ('mark', 'last')),
  -- a trailing stop's callback rate in percent of the best price since placement
  ADD COLUMN callback_rate numeric(10, 4) CHECK (callback_rate > 0 AND callback_rate < 100),
  ADD COLUMN time_in_force text NOT NULL DEFAULT 'GTC' CHECK (time_in_force IN ('GTC', 'IOC', 'FOK')),
  ADD COLUMN post_only boolean NOT NULL DEFAULT false,
  ADD COLUMN reduce_only boolean NOT NULL DEFAULT false,
  -- a triggered stop order: when, and the market or limit order it became
  ADD COLUMN triggered_at timestamptz,
  ADD COLUMN child_order_id bigint REFERENCES perp_orders (id),
  -- what an IOC order did not fill at once and cancelled
  ADD COLUMN expired_quantity numeric(40, 18) NOT NULL DEFAULT 0 CHECK (expired_quantity >= 0),
  -- why the engine cancelled an order (a refusal key: a triggered stop that could not be placed, a reduce-only order
  -- whose position was gone)
  ADD COLUMN cancel_reason text,
  ADD CONSTRAINT perp_orders_stop_trigger CHECK (type NOT IN ('stop_market', 'stop_limit') OR trigger_price IS NOT NULL),
  ADD CONSTRAINT perp_orders_stop_limit_price CHECK (type <> 'stop_limit' OR price IS NOT NULL),
  ADD CONSTRAINT perp_orders_trailing CHECK (type <> 'trailing_stop' OR callback_rate IS NOT NULL);

-- A trailing trigger: its price follows the best watched price since placement (`trail_peak`, the highest for a
-- falling trigger, the lowest for a rising one) at `trail_callback` percent from it. The peak is persisted as it
-- moves, so a restart rebuilds the trigger where it was.
ALTER TABLE trading_triggers
  ADD COLUMN trail_callback numeric(10, 4) CHECK (trail_callback > 0 AND trail_callback < 100),
  ADD COLUMN trail_peak numeric(40, 18) CHECK (trail_peak > 0),
  ADD CONSTRAINT trading_triggers_trail CHECK ((trail_callback IS NULL) = (trail_peak IS NULL));
