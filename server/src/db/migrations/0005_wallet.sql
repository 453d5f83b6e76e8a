-- A transfer between two of a user's own wallets (the transfer records); its ledger batch has cause ('transfer', id).
CREATE TABLE wallet_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  from_wallet text NOT NULL,
  to_wallet text NOT NULL,
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  CHECK (from_wallet <> to_wallet)
);
CREATE INDEX wallet_transfers_user ON wallet_transfers (user_id, mode, id DESC);

-- Each issue of a demo account's virtual balance (the first one when demo starts, one more per reset).
CREATE TABLE demo_issues (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  generation integer NOT NULL,
  amount numeric(40, 18) NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, generation)
);

-- Notifications are created by real events (deposit credited, withdrawal status change, KYC result, loan decision).
-- kind and params let the client show them in the user's language; title and body are the English text.
CREATE TABLE notifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  title text NOT NULL,
  body text NOT NULL,
  -- The record the notification is about, e.g. ('withdrawal', '12'); one notification per event.
  ref_type text NOT NULL,
  ref_id text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, kind, ref_type, ref_id)
);
CREATE INDEX notifications_user ON notifications (user_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
