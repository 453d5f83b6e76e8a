-- OTC: buying and selling coins against the platform at a quoted price. A quote is stored when given and honoured
-- only until valid_until; an order waits for an operator to confirm the bank transfer (pnpm ops otc:confirm,
-- audited). A buy credits nothing until confirmed; a sell's coins are a named hold (otcSell) until then.
CREATE TABLE otc_quotes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  asset text NOT NULL,
  fiat text NOT NULL,
  -- what the user pays per coin (buy) and receives per coin (sell): the feed's price ± the stated spread
  buy_price numeric(40, 18) NOT NULL CHECK (buy_price > 0),
  sell_price numeric(40, 18) NOT NULL CHECK (sell_price > 0),
  spread numeric(10, 6) NOT NULL,
  created_at timestamptz NOT NULL,
  valid_until timestamptz NOT NULL
);

CREATE TABLE otc_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  quote_id bigint NOT NULL REFERENCES otc_quotes (id),
  asset text NOT NULL,
  fiat text NOT NULL,
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0 AND quantity <= 1e17),
  total numeric(40, 18) NOT NULL CHECK (total > 0),
  status text NOT NULL CHECK (status IN ('pending', 'completed', 'rejected')),
  reason text NOT NULL DEFAULT '',
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text
);
CREATE INDEX otc_orders_user ON otc_orders (user_id, id DESC);
