-- Smart pool (cloud-mining "miners"): one row per purchase. The miner's terms (cycle, daily rate, level, rebate
-- tiers, payout hour and time zone) are copied from their product_terms version at purchase and never change;
-- every payment the order will receive (its daily income, its principal back, its uplines' rebates) is a
-- product_payouts row scheduled in the same transaction from those frozen terms, paid by the product.payouts job
-- from the smart-pool reserve. The order has no status column: it is "locked" while the payout that returns its
-- principal is pending and "redeemed" once it is paid, so no write can mark an order paid without paying it.
CREATE TABLE smart_pool_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The number the buy screen showed (smartPool/order-number), also the purchase's request id.
  order_number text NOT NULL,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  product_id text NOT NULL,
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  -- The miner level of the product bought (a user's level is the highest among their locked orders).
  level integer NOT NULL CHECK (level >= 1),
  terms_version_id bigint NOT NULL REFERENCES product_terms (id),
  terms jsonb NOT NULL,
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  -- The first income date (the first payout hour at least 24 hours after purchase) and the term's end.
  interest_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL
);
CREATE INDEX smart_pool_orders_user ON smart_pool_orders (user_id, mode, id DESC);

-- The rebates an order's purchase scheduled for its uplines: which upline, at which tier and frozen rate. The
-- amounts themselves are product_payouts rows (holding_kind 'smart-pool-rebate', holding_id '<order>-<tier>').
CREATE TABLE smart_pool_rebates (
  order_id bigint NOT NULL REFERENCES smart_pool_orders (id),
  tier integer NOT NULL CHECK (tier BETWEEN 1 AND 3),
  upline_id bigint NOT NULL REFERENCES users (id),
  rate numeric(40, 18) NOT NULL CHECK (rate >= 0),
  PRIMARY KEY (order_id, tier)
);
CREATE INDEX smart_pool_rebates_upline ON smart_pool_rebates (upline_id);

-- Written once by a purchase; nothing edits or deletes it (the figures live in the frozen terms and payouts).
CREATE FUNCTION smart_pool_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'smart pool purchases are append-only';
END $$;
CREATE TRIGGER smart_pool_orders_frozen BEFORE UPDATE OR DELETE ON smart_pool_orders FOR EACH ROW EXECUTE FUNCTION smart_pool_frozen();
CREATE TRIGGER smart_pool_rebates_frozen BEFORE UPDATE OR DELETE ON smart_pool_rebates FOR EACH ROW EXECUTE FUNCTION smart_pool_frozen();
