-- Contracts on instruments not quoted in USDT (forex pairs, server/src/modules/forex) on the perpetual engine.
-- The margin and P/L of such a position are in its quote currency; `quote_rate` (USDT per unit of the quote
-- currency, read from the feed when the order is placed and fixed from then on) turns them into the contract
-- wallet's USDT. USDT-quoted contracts have 1, so nothing changes for them.
ALTER TABLE perp_orders ADD COLUMN quote_rate numeric(40, 18) NOT NULL DEFAULT 1 CHECK (quote_rate > 0);
-- the conversion tick the rate was read from (null when the quote is USDT or USD)
ALTER TABLE perp_orders ADD COLUMN quote_rate_evidence jsonb;
ALTER TABLE perp_positions ADD COLUMN quote_rate numeric(40, 18) NOT NULL DEFAULT 1 CHECK (quote_rate > 0);
