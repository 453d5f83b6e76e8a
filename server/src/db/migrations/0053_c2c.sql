-- C2C (peer to peer): merchants, their payment methods, ads, escrowed orders, order chat and appeals.
-- Coins never move by an edit here: an ad's and an order's coins are named holds (0032 holds), and a release is a
-- hold posted to the buyer. These tables only record who agreed to what and when.

-- A KYC-verified user asks to become a merchant; an operator decides (pnpm ops c2c:merchant-approve|reject, audited).
CREATE TABLE c2c_merchants (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  display_name text NOT NULL CHECK (length(display_name) BETWEEN 1 AND 32),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason text NOT NULL DEFAULT '',
  applied_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text
);

-- A user's own ways to be paid; shown to a counterparty only inside an order (a copy is kept with the order).
CREATE TABLE c2c_payment_methods (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('bank', 'wise', 'paypal', 'revolut', 'other')),
  holder_name text NOT NULL CHECK (length(holder_name) BETWEEN 1 AND 64),
  bank_name text NOT NULL DEFAULT '',
  bank_number text NOT NULL DEFAULT '',
  account_number text NOT NULL CHECK (length(account_number) BETWEEN 1 AND 64),
  photo text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX c2c_payment_methods_user ON c2c_payment_methods (user_id) WHERE removed_at IS NULL;

-- An ad: side is the merchant's (a sell ad sells coins to takers, its remaining quantity held while it is up).
CREATE TABLE c2c_ads (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id bigint NOT NULL REFERENCES users (id),
  side text NOT NULL CHECK (side IN ('buy', 'sell')),
  asset text NOT NULL,
  fiat text NOT NULL CHECK (fiat ~ '^[A-Z]{3}$'),
  price numeric(40, 18) NOT NULL CHECK (price > 0 AND price <= 1e17),
  min_order numeric(40, 18) NOT NULL CHECK (min_order > 0),
  max_order numeric(40, 18) NOT NULL CHECK (max_order >= min_order AND max_order <= 1e17),
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0 AND quantity <= 1e17),
  -- what is still offered: quantity less the coins of live and completed orders
  remaining numeric(40, 18) NOT NULL CHECK (remaining >= 0 AND remaining <= quantity),
  -- which generation of the sell ad's hold is current (each order re-holds the rest: c2c-ad <id>:<gen>)
  hold_generation integer NOT NULL DEFAULT 0,
  payment_kinds jsonb NOT NULL CHECK (jsonb_typeof(payment_kinds) = 'array'),
  window_minutes integer NOT NULL CHECK (window_minutes BETWEEN 1 AND 120),
  terms text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('open', 'closed')),
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX c2c_ads_list ON c2c_ads (side, asset, fiat, price) WHERE status = 'open';

-- An order on an ad: the seller's coins are held (reason c2cEscrow, reference c2c-order <id>) from creation.
CREATE TABLE c2c_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  ad_id bigint NOT NULL REFERENCES c2c_ads (id),
  merchant_id bigint NOT NULL REFERENCES users (id),
  taker_id bigint NOT NULL REFERENCES users (id),
  buyer_id bigint NOT NULL REFERENCES users (id),
  seller_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  fiat text NOT NULL,
  price numeric(40, 18) NOT NULL CHECK (price > 0),
  quantity numeric(40, 18) NOT NULL CHECK (quantity > 0 AND quantity <= 1e17),
  total numeric(40, 18) NOT NULL CHECK (total > 0),
  -- the seller's payment methods as they were when the order was made (the buyer pays to these)
  payment_methods jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('unpaid', 'paid', 'appeal', 'released', 'cancelled')),
  pay_deadline timestamptz NOT NULL,
  proof text NOT NULL DEFAULT '',
  -- how it ended: 'released' by the seller or 'appeal-release'; cancelled by 'buyer', 'timeout' or 'appeal-return'
  outcome text NOT NULL DEFAULT '',
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  paid_at timestamptz,
  released_at timestamptz,
  cancelled_at timestamptz,
  CHECK (buyer_id <> seller_id)
);
-- one unpaid order per user per ad
CREATE UNIQUE INDEX c2c_orders_one_unpaid ON c2c_orders (ad_id, taker_id) WHERE status = 'unpaid';
CREATE INDEX c2c_orders_buyer ON c2c_orders (buyer_id, id DESC);
CREATE INDEX c2c_orders_seller ON c2c_orders (seller_id, id DESC);

-- The order's chat: kept with the order, read by the two parties and, during an appeal, the operator.
CREATE TABLE c2c_messages (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES c2c_orders (id),
  sender_id bigint NOT NULL REFERENCES users (id),
  body text NOT NULL DEFAULT '' CHECK (length(body) <= 1000),
  image text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  CHECK (body <> '' OR image <> '')
);
CREATE INDEX c2c_messages_order ON c2c_messages (order_id, id);

-- An appeal on a paid order; an operator resolves it (pnpm ops c2c:appeal-resolve, audited) with a reason both see.
CREATE TABLE c2c_appeals (
  order_id bigint PRIMARY KEY REFERENCES c2c_orders (id),
  opened_by bigint NOT NULL REFERENCES users (id),
  reason text NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
  evidence text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('open', 'resolved')),
  outcome text CHECK (outcome IN ('release', 'return')),
  resolution text NOT NULL DEFAULT '',
  resolved_by text,
  created_at timestamptz NOT NULL,
  resolved_at timestamptz
);

-- Every step of an order (and an ad's close), once: the request key of the call that made it (a retry finds it and
-- answers what was done) and the time it happened (the order's timeline).
CREATE TABLE c2c_steps (
  request_key text PRIMARY KEY,
  order_id bigint REFERENCES c2c_orders (id),
  ad_id bigint REFERENCES c2c_ads (id),
  step text NOT NULL CHECK (step IN ('created', 'paid', 'appeal', 'released', 'cancelled', 'timeout', 'appeal-release', 'appeal-return', 'ad-closed')),
  actor text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK (order_id IS NOT NULL OR ad_id IS NOT NULL)
);
CREATE INDEX c2c_steps_order ON c2c_steps (order_id, created_at) WHERE order_id IS NOT NULL;
