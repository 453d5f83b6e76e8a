-- The product kit (src/platform-kit/product/): what every investment-style product (IPO, funds, offerings, pools,
-- earn, escrow, loans) is made of, so each is a configuration of one kit: versioned terms frozen at purchase,
-- named holds on users' funds, a reserve per product that must back every sale, and payouts as jobs.

-- Versioned terms. An operator publishes a new version (pnpm ops, audited); an old version is never edited, and a
-- holding copies the version id and its terms at purchase, so a later version only reaches later purchases.
CREATE TABLE product_terms (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The kind of product (loan, fixed-term, ipo…) and its own id within the kind.
  product_kind text NOT NULL CHECK (product_kind ~ '^[a-z][a-z0-9-]{1,31}$'),
  product_id text NOT NULL CHECK (length(product_id) BETWEEN 1 AND 64),
  version integer NOT NULL CHECK (version >= 1),
  terms jsonb NOT NULL CHECK (jsonb_typeof(terms) = 'object'),
  effective_from timestamptz NOT NULL,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (product_kind, product_id, version)
);

CREATE FUNCTION product_terms_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'product terms are append-only: publish a new version (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER product_terms_append_only BEFORE UPDATE OR DELETE ON product_terms
  FOR EACH ROW EXECUTE FUNCTION product_terms_refuse_change();

-- Named holds live in their own ledger part, 'held': shown to users as frozen (ledger balances()), and
-- `ledger verify` proves each 'held' account equals the sum of its open holds. Withdrawals move onto holds in 0034;
-- the other freezes (spot orders and conditionals, perpetual margin, seconds stakes) keep the 'frozen' part.
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_part_check;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_part_check CHECK (part IN ('available', 'frozen', 'held'));

-- One hold of a user's funds: placed (available → held), then posted once (held → its destinations) or
-- released once (held → available). The ledger batches are keyed by the hold id (hold:<id>:place|post|release).
CREATE TABLE holds (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  wallet text NOT NULL,
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  -- Why the funds are held, a catalogue-style key (productPurchase, escrowTrade…).
  reason text NOT NULL CHECK (reason ~ '^[a-z][A-Za-z0-9]{1,47}$'),
  -- What holds them (kind + id): a reference holds for one reason at most once, so placing again finds it.
  reference_kind text NOT NULL,
  reference_id text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'posted', 'released')),
  created_at timestamptz NOT NULL,
  closed_at timestamptz,
  UNIQUE (reference_kind, reference_id, reason),
  CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX holds_open ON holds (user_id, mode, wallet, asset) WHERE status = 'open';

-- A hold's money columns never change, and a closed hold never reopens or changes its outcome.
CREATE FUNCTION holds_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'holds are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.user_id, NEW.mode, NEW.wallet, NEW.asset, NEW.amount, NEW.reason, NEW.reference_kind, NEW.reference_id, NEW.created_at)
       IS DISTINCT FROM (OLD.user_id, OLD.mode, OLD.wallet, OLD.asset, OLD.amount, OLD.reason, OLD.reference_kind, OLD.reference_id, OLD.created_at)
     OR OLD.status <> 'open' THEN
    RAISE EXCEPTION 'a hold changes only from open to posted or released' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER holds_guarded BEFORE UPDATE OR DELETE ON holds FOR EACH ROW EXECUTE FUNCTION holds_guard();

-- Scheduled payouts: one row per payment a holding will receive, written at purchase from its frozen terms by
-- the product's pure rule (never by an operator), paid by the product.payouts job from the product's reserve
-- (PLATFORM wallet reserve:<product>). The pending rows of a product are its liability: what the reserve must
-- cover (requireCoverage). A payout may also release the holding's hold (the principal returned at term end).
CREATE TABLE product_payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_kind text NOT NULL,
  holding_kind text NOT NULL,
  holding_id text NOT NULL,
  -- The payment's number within its holding (1, 2, …): scheduling the same one again finds it.
  seq integer NOT NULL CHECK (seq >= 1),
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  wallet text NOT NULL,
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount >= 0),
  release_hold_id bigint REFERENCES holds (id),
  due_at timestamptz NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid')),
  paid_at timestamptz,
  receipt_seq bigint,
  created_at timestamptz NOT NULL,
  UNIQUE (holding_kind, holding_id, seq),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL))
);
CREATE INDEX product_payouts_due ON product_payouts (due_at, id) WHERE status = 'pending';
CREATE INDEX product_payouts_liability ON product_payouts (product_kind, mode, asset) WHERE status = 'pending';

-- A payout's terms are frozen when scheduled; it changes once, from pending to paid.
CREATE FUNCTION product_payouts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'payouts are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.product_kind, NEW.holding_kind, NEW.holding_id, NEW.seq, NEW.user_id, NEW.mode, NEW.wallet, NEW.asset, NEW.amount,
      NEW.release_hold_id, NEW.due_at, NEW.created_at)
       IS DISTINCT FROM (OLD.product_kind, OLD.holding_kind, OLD.holding_id, OLD.seq, OLD.user_id, OLD.mode, OLD.wallet, OLD.asset,
      OLD.amount, OLD.release_hold_id, OLD.due_at, OLD.created_at)
     OR OLD.status <> 'pending' OR NEW.status <> 'paid' THEN
    RAISE EXCEPTION 'a payout''s amount is frozen when scheduled; it only becomes paid' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER product_payouts_guarded BEFORE UPDATE OR DELETE ON product_payouts FOR EACH ROW EXECUTE FUNCTION product_payouts_guard();
