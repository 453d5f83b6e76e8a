-- Wrong allotment codes, counted per user and offering in the database (not in a server's memory, so every server
-- sees the same count): after 5 wrong in a row the user's checks pause for 15 minutes; a right code clears it.
CREATE TABLE token_offer_code_attempts (
  offer_id bigint NOT NULL REFERENCES token_offers (id),
  user_id bigint NOT NULL REFERENCES users (id),
  wrong integer NOT NULL DEFAULT 0 CHECK (wrong >= 0),
  paused_until timestamptz,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (offer_id, user_id)
);
