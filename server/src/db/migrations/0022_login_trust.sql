-- Issue 17: failed logins are counted per account AND per known client, so guesses from elsewhere cannot lock the
-- owner out of a device or address it logged in from (OWASP "device cookies").

-- Secrets this store's server processes share (generated at first use, never sent anywhere): the key device
-- cookies are signed with, so any process verifies a cookie another one issued.
CREATE TABLE server_secrets (
  name text PRIMARY KEY,
  secret text NOT NULL,
  created_at timestamptz NOT NULL
);

-- A client an account logged in from: a device (its cookie's random id) or an address. Each has its own failure
-- count and lock, with the rules of users.failed_logins / locked_at / login_locks (which count the unknown clients).
-- A known client also passes the global login ceiling. At most 20 of each kind per account, the most recent.
CREATE TABLE login_trust (
  user_id bigint NOT NULL REFERENCES users (id),
  kind text NOT NULL CHECK (kind IN ('device', 'address')),
  key text NOT NULL,
  failed_logins integer NOT NULL DEFAULT 0,
  locked_at timestamptz,
  login_locks integer NOT NULL DEFAULT 0,
  last_login_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, key)
);
