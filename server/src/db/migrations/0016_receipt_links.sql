-- The receipt chain moves out of `receipts` into `receipt_links`, so that a transaction can record its receipts
-- (and the rows referring to them) at once but extend the chain only at its very end: the chain head is then
-- locked for a few statements before the commit instead of from the first fill to the commit, and fills on
-- different accounts stop queueing behind each other.
--
-- receipts.seq becomes the receipt's number, drawn from a sequence when it is recorded (a rolled-back
-- transaction leaves a gap; nothing refers to a number that was never committed). receipt_links.link is the
-- chain position, gapless, in commit order: hash = sha256(prev_hash || payload of the linked receipt), genesis
-- 64 zeros. Every receipt is linked in the transaction that records it (one link per receipt, UNIQUE seq), and
-- no two links extend the same one (UNIQUE prev_hash): the chain cannot fork.
CREATE TABLE receipt_links (
  link bigint PRIMARY KEY CHECK (link >= 1),
  seq bigint NOT NULL UNIQUE REFERENCES receipts (seq),
  prev_hash text NOT NULL UNIQUE,
  hash text NOT NULL UNIQUE
);
CREATE TRIGGER receipt_links_append_only BEFORE UPDATE OR DELETE ON receipt_links FOR EACH ROW EXECUTE FUNCTION receipts_refuse_change();
CREATE TRIGGER receipt_links_no_truncate BEFORE TRUNCATE ON receipt_links FOR EACH STATEMENT EXECUTE FUNCTION receipts_refuse_change();

-- Until now the number was the position: the links of the existing receipts keep it.
INSERT INTO receipt_links (link, seq, prev_hash, hash) SELECT seq, seq, prev_hash, hash FROM receipts ORDER BY seq;
ALTER TABLE receipts DROP COLUMN prev_hash;
ALTER TABLE receipts DROP COLUMN hash;

CREATE SEQUENCE receipt_numbers OWNED BY receipts.seq;
SELECT setval('receipt_numbers', COALESCE((SELECT max(seq) FROM receipts), 0) + 1, false);
ALTER TABLE receipts ALTER COLUMN seq SET DEFAULT nextval('receipt_numbers');

ALTER TABLE receipt_chain_head RENAME COLUMN seq TO link;
