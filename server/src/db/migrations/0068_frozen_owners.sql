-- Every unit in a ledger 'frozen' part has an owner, and `ledger verify` proves it, as it proves every 'held' part
-- against the open named holds. Since spot (0057), seconds (0058) and stock orders (0067) moved onto named holds,
-- only the perpetual engine (perpetual and forex) keeps money frozen: what a pending or opening order holds (its
-- margin and fee) and each open position's margin, in the user's contract wallet. A position's margin is not a
-- hold: it is collateral that funding, added margin, partial closes and liquidation change many times, where a
-- hold is placed once and closed once; so it stays in 'frozen', and this view names its owner.
--
-- The view is the ledger's contract with the modules: a module that freezes money adds its owners here
-- (CREATE OR REPLACE VIEW … UNION ALL), and verify needs no knowledge of its tables.
CREATE VIEW ledger_frozen_owners AS
SELECT user_id AS holder, mode, 'contract'::text AS wallet, 'USDT'::text AS asset, held AS amount, 'perp-order'::text AS owner_kind, id::text AS owner_id
  FROM perp_orders WHERE status IN ('pending', 'opening') AND held > 0
UNION ALL
SELECT user_id, mode, 'contract', 'USDT', margin, 'perp-position', id::text
  FROM perp_positions WHERE status = 'open' AND margin > 0;
