-- Market data: the instruments catalogue, K-line history and per-user favorites.
CREATE TABLE market_instrument (
  symbol text PRIMARY KEY,
  name text NOT NULL,
  category text NOT NULL CHECK (category IN ('CRYPTO', 'FOREX', 'CFD', 'INDIES', 'STOCK')),
  -- The unit prices are quoted in: USDT for crypto, USD/JPY for stocks, the quote currency for forex.
  unit text NOT NULL,
  price_decimals smallint NOT NULL CHECK (price_decimals BETWEEN 0 AND 18),
  amount_decimals smallint NOT NULL CHECK (amount_decimals BETWEEN 0 AND 18),
  calendar_id text NOT NULL,
  status text NOT NULL DEFAULT 'TRADING' CHECK (status IN ('TRADING', 'HALTED', 'DELISTED')),
  is_ico smallint NOT NULL DEFAULT 0 CHECK (is_ico IN (0, 1)),
  -- The simulated feed's seed price: not market data.
  reference_price numeric NOT NULL CHECK (reference_price > 0),
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX market_instrument_category ON market_instrument (category, sort_order);

CREATE TABLE market_kline (
  symbol text NOT NULL REFERENCES market_instrument (symbol),
  interval text NOT NULL CHECK (interval IN ('1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w')),
  open_time timestamptz NOT NULL,
  open numeric NOT NULL,
  high numeric NOT NULL,
  low numeric NOT NULL,
  close numeric NOT NULL,
  volume numeric NOT NULL DEFAULT 0,
  PRIMARY KEY (symbol, interval, open_time),
  CHECK (low <= open AND low <= close AND high >= open AND high >= close)
);

-- One row per (symbol, interval) whose history has been generated, so it is generated once.
CREATE TABLE market_kline_backfill (
  symbol text NOT NULL REFERENCES market_instrument (symbol),
  interval text NOT NULL,
  bars integer NOT NULL,
  done_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (symbol, interval)
);

CREATE TABLE market_favorite (
  user_id text NOT NULL,
  symbol text NOT NULL REFERENCES market_instrument (symbol),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, symbol)
);
