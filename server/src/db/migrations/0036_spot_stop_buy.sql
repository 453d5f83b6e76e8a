-- Stop buys among the spot conditionals: `side` 'buy' is a stop-limit buy that waits for the ask to rise to
-- `stop_price` and then places a limit buy at `stop_limit_price` (at or above the stop). It holds the quote asset,
-- stop_limit_price × quantity — what the limit buy it places freezes (a buy's fee is taken in the base received,
-- so the quote hold needs no fee on top). A stop buy has its one leg ('sl'), no take-profit; a stop-market buy
-- is not offered (its cost is unknown until it walks the asks). Existing rows are sells.
ALTER TABLE spot_conditionals ADD COLUMN side text NOT NULL DEFAULT 'sell' CHECK (side IN ('buy', 'sell'));
ALTER TABLE spot_conditionals ADD CONSTRAINT spot_conditionals_stop_buy
  CHECK (side = 'sell' OR (kind = 'tpsl' AND take_profit_price IS NULL AND stop_price IS NOT NULL AND stop_limit_price >= stop_price));
