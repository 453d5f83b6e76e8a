-- Ordinary stocks and day trading (issue 20): positions with their cost basis, orders, fills and deliveries.
-- Shares themselves are ledger balances: the user's ledger wallet `stock` (ordinary) or `dayTrading` (day trading),
-- asset = the stock symbol (AAPL:NASDAQ), against the platform's `broker` account, so `ledger verify` covers them.
-- These tables keep what the ledger does not: the cost basis, the orders and their evidence.

-- One position per (user, mode, book, symbol): the cost of the shares held, at the running average.
CREATE TABLE stock_positions (
  user_id text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  book text NOT NULL CHECK (book IN ('stock', 'dayTrading')),
  symbol text NOT NULL,
  currency text NOT NULL CHECK (currency IN ('USD', 'JPY')),
  -- the shares the cost below is for (the ledger's available + frozen shares of the wallet)
  shares numeric(40, 18) NOT NULL DEFAULT 0 CHECK (shares >= 0),
  -- what those shares cost, in the stock's currency and in USDT (fees included in USDT)
  cost_local numeric(60, 36) NOT NULL DEFAULT 0 CHECK (cost_local >= 0),
  cost_usdt numeric(60, 36) NOT NULL DEFAULT 0 CHECK (cost_usdt >= 0),
  -- realised P/L of sells, in USDT
  realised_usdt numeric(60, 36) NOT NULL DEFAULT 0,
  opened_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, mode, book, symbol)
);

-- A stock order: market or limit, DAY or GTC, on the ordinary stock book or the day-trading book.
CREATE TABLE stock_orders (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  book text NOT NULL CHECK (book IN ('stock', 'dayTrading')),
  symbol text NOT NULL,
  venue text NOT NULL CHECK (venue IN ('US', 'TSE')),
  currency text NOT NULL CHECK (currency IN ('USD', 'JPY')),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  type text NOT NULL CHECK (type IN ('market', 'limit')),
  time_in_force text NOT NULL CHECK (time_in_force IN ('DAY', 'GTC')),
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'canceled', 'expired')),
  -- user: placed by the user; sessionEnd: the day-trading close at the venue's close
  origin text NOT NULL DEFAULT 'user' CHECK (origin IN ('user', 'sessionEnd')),
  price numeric(40, 18),
  shares numeric(40, 18) NOT NULL CHECK (shares > 0),
  done_shares numeric(40, 18) NOT NULL DEFAULT 0,
  done_value numeric(60, 36) NOT NULL DEFAULT 0,
  done_value_usdt numeric(40, 18) NOT NULL DEFAULT 0,
  fee_usdt numeric(40, 18) NOT NULL DEFAULT 0,
  fee_rate numeric(20, 18) NOT NULL,
  -- the rate the order is converted at (its version), fixed when it was placed
  rate numeric(40, 18) NOT NULL,
  rate_version integer NOT NULL,
  -- held for a resting order: USDT for a buy, shares for a sell
  frozen numeric(40, 18) NOT NULL DEFAULT 0,
  frozen_asset text NOT NULL,
  trigger_id bigint,
  -- the venue close a DAY order expires at (the trading day it was placed in)
  expires_at timestamptz,
  request_key text UNIQUE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX stock_orders_user ON stock_orders (user_id, mode, book, created_at DESC);
CREATE INDEX stock_orders_day_open ON stock_orders (expires_at) WHERE status = 'pending' AND time_in_force = 'DAY';

-- One fill of an order: one level of the book at the tick it used (the evidence), with its receipt.
CREATE TABLE stock_fills (
  id bigserial PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES stock_orders (id),
  price numeric(40, 18) NOT NULL,
  shares numeric(40, 18) NOT NULL CHECK (shares > 0),
  value numeric(60, 36) NOT NULL,
  value_usdt numeric(40, 18) NOT NULL,
  fee_usdt numeric(40, 18) NOT NULL,
  liquidity text NOT NULL CHECK (liquidity IN ('maker', 'taker')),
  evidence jsonb NOT NULL,
  receipt_seq bigint NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX stock_fills_order ON stock_fills (order_id);

-- Shares delivered into a user's wallet by another product (IPO allocation, block trade) through deliverShares:
-- once per key, with the price and rate their cost basis was taken at.
CREATE TABLE stock_deliveries (
  id bigserial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  user_id text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  book text NOT NULL CHECK (book IN ('stock', 'dayTrading')),
  symbol text NOT NULL,
  shares numeric(40, 18) NOT NULL CHECK (shares > 0),
  price numeric(40, 18) NOT NULL CHECK (price >= 0),
  price_currency text NOT NULL CHECK (price_currency IN ('USD', 'JPY', 'USDT')),
  rate numeric(40, 18),
  rate_version integer,
  cause_type text NOT NULL,
  cause_id text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The day-trading closes done at a venue's close: one row per (venue, close instant), so the close runs once.
CREATE TABLE stock_session_closes (
  venue text NOT NULL CHECK (venue IN ('US', 'TSE')),
  close_at timestamptz NOT NULL,
  done_at timestamptz NOT NULL,
  PRIMARY KEY (venue, close_at)
);
