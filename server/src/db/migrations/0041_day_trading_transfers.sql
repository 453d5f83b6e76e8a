-- Transfers between a user's spot wallet and the day-trading wallet (issue 20, accountDayTrading/deposit|withdraw):
-- the ledger batch moves the USDT (key stock-day:<request key>); this row is the fund record, once per request.
CREATE TABLE stock_day_transfers (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  direction text NOT NULL CHECK (direction IN ('deposit', 'withdraw')),
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);
CREATE INDEX stock_day_transfers_user ON stock_day_transfers (user_id, mode, created_at DESC);
