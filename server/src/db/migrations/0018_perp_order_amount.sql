-- A perpetual order may be sized by a USDT amount instead of a quantity: the amount asked for is kept beside the
-- quantity it came to (walking the depth for a market order, amount / price for a limit one), so the order shows
-- what the user asked and what the engine made of it.
ALTER TABLE perp_orders ADD COLUMN amount numeric(40, 18) CHECK (amount > 0);
