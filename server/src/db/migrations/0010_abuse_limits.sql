-- Hardening (issue 11): temporary login locks with a growing delay, and request fingerprints for idempotency keys.

-- How many temporary login locks in a row this account has had: each lock lasts twice the previous one
-- (LOGIN_LOCK_MINUTES × 2^(locks − 1)); a successful login or a password reset starts over.
ALTER TABLE users ADD COLUMN login_locks integer NOT NULL DEFAULT 0;

-- The SHA-256 of the canonical request body sent with each idempotency key (request_key of transfers,
-- conversions, withdrawals, loan applications and repayments): the same key with another body is refused,
-- the same body answers the first result. Written in the transaction of the change it names.
CREATE TABLE request_fingerprints (
  request_key text PRIMARY KEY,
  body_hash text NOT NULL,
  created_at timestamptz NOT NULL
);
