-- AI funds: published, rules-based strategies over catalogue instruments (terms in product_terms, kind 'ai-fund').
-- A fund's value per share is computed from recorded prices (market_kline) and every value row keeps the prices it
-- used; nothing here lets a person type a value in. Positions buy and redeem at a value row's value, checked below.
CREATE TABLE ai_funds (
  id text PRIMARY KEY CHECK (id ~ '^[a-z][a-z0-9-]{1,31}$'),
  created_at timestamptz NOT NULL,
  -- the access code, hashed (scrypt, "salt:hash"); NULL: the fund has no code. Set and cleared by pnpm ops, audited.
  code_hash text,
  code_set_at timestamptz
);

-- One valuation: value_per_share = the held basket (units of each instrument per share) × the recorded prices, rounded
-- down to 8 decimals. Inception and rebalance rows also name the basket held from then on (rebalanced_to).
CREATE TABLE ai_fund_values (
  id bigserial PRIMARY KEY,
  fund_id text NOT NULL REFERENCES ai_funds (id),
  terms_version_id bigint NOT NULL REFERENCES product_terms (id),
  kind text NOT NULL CHECK (kind IN ('inception', 'rebalance', 'mark')),
  at timestamptz NOT NULL,
  value_per_share numeric NOT NULL CHECK (value_per_share > 0),
  held jsonb NOT NULL,
  rebalanced_to jsonb,
  -- [{symbol, price, time, interval, role}]: the recorded bars the value (and a rebalance's ranking) used
  prices jsonb NOT NULL CHECK (jsonb_typeof(prices) = 'array' AND jsonb_array_length(prices) > 0),
  CHECK ((kind = 'mark') = (rebalanced_to IS NULL))
);
CREATE INDEX ai_fund_values_fund_at ON ai_fund_values (fund_id, at DESC, id DESC);
CREATE INDEX ai_fund_values_basket ON ai_fund_values (fund_id, id DESC) WHERE rebalanced_to IS NOT NULL;

CREATE FUNCTION ai_fund_values_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ai_fund_values is append-only';
END $$;
CREATE TRIGGER ai_fund_values_append_only BEFORE UPDATE OR DELETE ON ai_fund_values
  FOR EACH ROW EXECUTE FUNCTION ai_fund_values_append_only();

-- One purchase (a lot): bought at one value row's value, redeemed whole at a later one's.
CREATE TABLE ai_fund_positions (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  fund_id text NOT NULL REFERENCES ai_funds (id),
  shares numeric NOT NULL CHECK (shares > 0),
  buy_value_id bigint NOT NULL REFERENCES ai_fund_values (id),
  buy_value numeric NOT NULL,
  cost numeric NOT NULL,
  -- the most a redemption pays: cost × (1 + the frozen terms' maxGainRate); what the reserve must back
  redeem_cap numeric NOT NULL,
  terms_version_id bigint NOT NULL REFERENCES product_terms (id),
  terms jsonb NOT NULL,
  request_key text NOT NULL UNIQUE,
  bought_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'holding' CHECK (status IN ('holding', 'redeemed')),
  redeem_request_key text UNIQUE,
  redeem_value_id bigint REFERENCES ai_fund_values (id),
  redeem_value numeric,
  proceeds numeric,
  redeemed_at timestamptz,
  CHECK (cost = shares * buy_value),
  CHECK (redeem_cap >= cost),
  CHECK ((status = 'holding') = (redeem_value_id IS NULL)),
  CHECK (status = 'holding' OR (proceeds = LEAST(shares * redeem_value, redeem_cap) AND redeem_request_key IS NOT NULL AND redeemed_at IS NOT NULL))
);
CREATE INDEX ai_fund_positions_user ON ai_fund_positions (user_id, mode, status, id DESC);
CREATE INDEX ai_fund_positions_open ON ai_fund_positions (mode, fund_id) WHERE status = 'holding';

-- The value a position trades at is the value row's: a buy or a redemption at any other value is refused, and a
-- bought lot never changes except holding → redeemed, once.
CREATE FUNCTION ai_fund_positions_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v record;
BEGIN
  IF TG_OP = 'DELETE' THEN RAISE EXCEPTION 'ai_fund_positions rows are never deleted'; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT fund_id, value_per_share INTO v FROM ai_fund_values WHERE id = NEW.buy_value_id;
    IF v.fund_id IS DISTINCT FROM NEW.fund_id OR v.value_per_share IS DISTINCT FROM NEW.buy_value THEN
      RAISE EXCEPTION 'ai_fund_positions: a buy is at its value row''s value';
    END IF;
    IF NEW.status <> 'holding' THEN RAISE EXCEPTION 'ai_fund_positions: a new position is holding'; END IF;
    RETURN NEW;
  END IF;
  IF (NEW.id, NEW.user_id, NEW.mode, NEW.fund_id, NEW.shares, NEW.buy_value_id, NEW.buy_value, NEW.cost, NEW.redeem_cap,
      NEW.terms_version_id, NEW.terms, NEW.request_key, NEW.bought_at)
     IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.mode, OLD.fund_id, OLD.shares, OLD.buy_value_id, OLD.buy_value, OLD.cost,
      OLD.redeem_cap, OLD.terms_version_id, OLD.terms, OLD.request_key, OLD.bought_at)
     OR OLD.status <> 'holding' OR NEW.status <> 'redeemed' THEN
    RAISE EXCEPTION 'ai_fund_positions: only holding → redeemed, once';
  END IF;
  SELECT fund_id, value_per_share INTO v FROM ai_fund_values WHERE id = NEW.redeem_value_id;
  IF v.fund_id IS DISTINCT FROM NEW.fund_id OR v.value_per_share IS DISTINCT FROM NEW.redeem_value OR NEW.redeem_value_id < NEW.buy_value_id THEN
    RAISE EXCEPTION 'ai_fund_positions: a redemption is at a later value row''s value';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER ai_fund_positions_guard BEFORE INSERT OR UPDATE OR DELETE ON ai_fund_positions
  FOR EACH ROW EXECUTE FUNCTION ai_fund_positions_guard();

-- Wrong access codes in a row, per user and fund: the fifth starts a pause (the service's rule), so 10,000 codes
-- cannot be walked.
CREATE TABLE ai_fund_code_attempts (
  user_id bigint NOT NULL REFERENCES users (id),
  fund_id text NOT NULL REFERENCES ai_funds (id),
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  paused_until timestamptz,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, fund_id)
);
