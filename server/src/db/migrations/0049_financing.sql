-- Wealth financing: one row per subscription. The product's terms (annualised rate, duration, limits, day
-- count) are copied from their product_terms version at subscription; the interest and the principal are paid
-- together at maturity by one product_payouts row (scheduled in the same transaction from the frozen terms, paid
-- by the product.payouts job from the financing reserve into the wealth wallet). No status column: a
-- subscription is "holding" while that payout is pending and "matured" once it is paid.
CREATE TABLE financing_orders (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  product_id text NOT NULL,
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  terms_version_id bigint NOT NULL REFERENCES product_terms (id),
  terms jsonb NOT NULL,
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  matures_at timestamptz NOT NULL
);
CREATE INDEX financing_orders_user ON financing_orders (user_id, mode, id DESC);

CREATE FUNCTION financing_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'financing subscriptions are append-only';
END $$;
CREATE TRIGGER financing_orders_frozen BEFORE UPDATE OR DELETE ON financing_orders FOR EACH ROW EXECUTE FUNCTION financing_frozen();
