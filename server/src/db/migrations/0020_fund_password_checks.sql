-- Issue 17: only wrong fund passwords count towards the pause. A check in progress holds one of the tries (so a
-- parallel burst is still evaluated at most FUND_PASSWORD_MAX_ATTEMPTS times) and gives it back when its password
-- turns out right; `checking_until` is a lease, so the checks of a process that died stop holding tries after it.
ALTER TABLE fund_password_failures ADD COLUMN checking integer NOT NULL DEFAULT 0;
ALTER TABLE fund_password_failures ADD COLUMN checking_until timestamptz;
