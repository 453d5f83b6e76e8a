-- Deposits and withdrawals. Money moves only through the ledger (ledger_batches keyed deposit:<id>,
-- withdraw-freeze:<id>, withdraw-release:<id>, withdraw-pay:<id>); these tables record the requests and their states.

-- One deposit address per user, coin and chain, derived from DEPOSIT_ADDRESS_SECRET and kept here so an incoming
-- transfer can be traced back to its user. address_key is the case-folded form lookups use.
CREATE TABLE deposit_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  chain text NOT NULL,
  address text NOT NULL,
  address_key text NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, asset, chain),
  UNIQUE (chain, address_key)
);

-- A deposit: a transfer seen on the (simulated) chain, credited once it has its confirmations ('terminal' channel),
-- or an amount an operator recorded with its evidence ('backoffice' channel, credited at once). Real mode only.
CREATE TABLE deposits (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('terminal', 'backoffice')),
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  chain text,
  tx_hash text,
  from_address text,
  to_address text,
  -- Back-office deposits: the evidence reference (bank transfer, receipt…) and the operator who recorded it.
  evidence text,
  operator text,
  confirmations integer NOT NULL DEFAULT 0 CHECK (confirmations >= 0),
  -- Fixed when the transfer is seen, so a configuration change never re-opens or strands a deposit.
  required_confirmations integer NOT NULL CHECK (required_confirmations >= 0),
  status text NOT NULL CHECK (status IN ('in_progress', 'success', 'fail')),
  reason text,
  created_at timestamptz NOT NULL,
  credited_at timestamptz,
  CHECK (channel = 'backoffice' OR (chain IS NOT NULL AND tx_hash IS NOT NULL AND to_address IS NOT NULL)),
  CHECK (channel = 'terminal' OR evidence IS NOT NULL),
  UNIQUE (chain, tx_hash),
  UNIQUE (channel, evidence)
);
CREATE INDEX deposits_user ON deposits (user_id, id DESC);
CREATE INDEX deposits_in_progress ON deposits (id) WHERE status = 'in_progress';

-- The withdrawal address book. address_key as in deposit_addresses.
CREATE TABLE withdrawal_addresses (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  chain text NOT NULL,
  address text NOT NULL,
  address_key text NOT NULL,
  alias text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  UNIQUE (user_id, asset, chain, address_key)
);
CREATE INDEX withdrawal_addresses_user ON withdrawal_addresses (user_id, asset, id DESC);

-- A withdrawal request (real mode only). The amount is frozen at creation; amount = net_amount + fee, where fee is
-- the coin's flat fee or 0 for a user in the new-user exemption window. The address is copied, so deleting it from
-- the address book never changes a request.
CREATE TABLE withdrawals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  chain text NOT NULL,
  address text NOT NULL,
  address_alias text NOT NULL DEFAULT '',
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  fee numeric(40, 18) NOT NULL CHECK (fee >= 0),
  net_amount numeric(40, 18) NOT NULL CHECK (net_amount > 0),
  fee_exempt boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'completed', 'rejected', 'canceled')),
  reason text,
  tx_hash text,
  request_key text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  approved_at timestamptz,
  completed_at timestamptz,
  rejected_at timestamptz,
  canceled_at timestamptz,
  CHECK (amount = net_amount + fee)
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, id DESC);
CREATE INDEX withdrawals_pending ON withdrawals (id) WHERE status = 'pending';

-- Every transition of a withdrawal, shown to its user: who acted (by kind; the operator's name stays internal
-- and in audit_log), when, and why.
CREATE TABLE withdrawal_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  withdrawal_id bigint NOT NULL REFERENCES withdrawals (id),
  status text NOT NULL,
  at timestamptz NOT NULL,
  actor_kind text NOT NULL CHECK (actor_kind IN ('user', 'operator', 'system')),
  actor text,
  reason text
);
CREATE INDEX withdrawal_events_withdrawal ON withdrawal_events (withdrawal_id, id);

-- Wrong fund passwords in a row, per user: after FUND_PASSWORD_MAX_ATTEMPTS, withdrawals pause until locked_until.
CREATE TABLE fund_password_failures (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz
);
