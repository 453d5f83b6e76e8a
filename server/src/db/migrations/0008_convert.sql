-- A conversion between two assets of a user's platform wallet, at the feed's prices of that moment: the ticks it
-- used are recorded (price and time of each side), so the user can check the rate against the market.
CREATE TABLE conversions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  from_asset text NOT NULL,
  to_asset text NOT NULL,
  from_amount numeric(40, 18) NOT NULL CHECK (from_amount > 0),
  to_amount numeric(40, 18) NOT NULL CHECK (to_amount > 0),
  rate numeric(40, 18) NOT NULL,
  spread numeric(10, 6) NOT NULL,
  -- The ticks: USDT prices of each side (1 for USDT) and the time of the newer tick.
  from_price numeric(40, 18) NOT NULL,
  to_price numeric(40, 18) NOT NULL,
  tick_time timestamptz NOT NULL,
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  CHECK (from_asset <> to_asset)
);
CREATE INDEX conversions_user ON conversions (user_id, mode, id DESC);
