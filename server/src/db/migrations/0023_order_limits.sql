-- Issue 17: per-user order limits (modules/trading/order-limits.ts). The orders a user placed in the current minute
-- (a fixed window, counted by one conditional upsert, so every server process shares it); the row is also what a
-- resting order's transaction locks to count the user's open orders one at a time.
CREATE TABLE order_rate (
  user_id bigint PRIMARY KEY REFERENCES users (id),
  window_start timestamptz NOT NULL,
  orders integer NOT NULL
);
