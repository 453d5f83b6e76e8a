-- Issue 17: an operator's lock (pnpm ops user:lock), a state apart from the temporary lock after wrong passwords
-- (locked_at): it lasts until an operator lifts it (user:unlock), its login answers "Locked, contact customer
-- service", and locking ends the account's sessions. Who locked it and why are kept here and in audit_log.
ALTER TABLE users ADD COLUMN operator_locked_at timestamptz;
ALTER TABLE users ADD COLUMN operator_locked_by text;
ALTER TABLE users ADD COLUMN operator_lock_reason text;
