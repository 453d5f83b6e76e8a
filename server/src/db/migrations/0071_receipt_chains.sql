-- Receipt chains per symbol (issue 23, the hot path). Until now every receipt of the venue was one link of one
-- chain, so every fill of every symbol queued on one head row. A fill's receipt is now a link of its symbol's
-- chain (receipt_links.chain = the symbol), gapless and unforkable per chain as the venue's was; each chain has
-- its head row in receipt_chain_heads and starts from a genesis of its own (sha256 of the venue's genesis and
-- {"chain":"<symbol>"}), so prev_hash and hash stay unique across chains. The venue chain ('venue', its head still
-- receipt_chain_head) keeps every other receipt and, every few seconds, an anchor receipt naming each symbol
-- chain's head (link and hash) at that moment: `receipts verify` recomputes every chain and checks that every
-- anchor names links that exist with those hashes. The links that exist are the venue chain's: the default.
ALTER TABLE receipt_links ADD COLUMN chain text NOT NULL DEFAULT 'venue';
ALTER TABLE receipt_links DROP CONSTRAINT receipt_links_pkey;
ALTER TABLE receipt_links ADD PRIMARY KEY (chain, link);

CREATE TABLE receipt_chain_heads (
  chain text PRIMARY KEY CHECK (chain <> 'venue'),
  link bigint NOT NULL CHECK (link >= 0),
  hash text NOT NULL
);
