-- An upload its owner's action shares with one other user (a C2C payment proof or chat image with the order's other
-- party, the seller's bank photo with the buyer): GET /asset/admin/common/oss/file/<name> serves it to them too.
-- Only added, by the module whose rule allows it, in the transaction of the action that shares it.
CREATE TABLE upload_grants (
  upload_name text NOT NULL REFERENCES uploads (name),
  user_id bigint NOT NULL REFERENCES users (id),
  reason text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (upload_name, user_id)
);
