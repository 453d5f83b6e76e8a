-- A funding payment is made at the mark recorded for its funding time, however late it is paid (after downtime):
-- the last price recorded at or before that time. mark_time is when that price was recorded (the end of the minute
-- bar it closed, or the tick of a fill); mark_covered is false when nothing was recorded in the minute before the
-- funding time, so the closest earlier recorded price was used. Both null for payments made before this was kept
-- (those used the mark at payment time).
ALTER TABLE perp_funding ADD COLUMN mark_time timestamptz;
ALTER TABLE perp_funding ADD COLUMN mark_covered boolean;
ALTER TABLE perp_funding ADD CONSTRAINT perp_funding_mark_time_not_after CHECK (mark_time IS NULL OR mark_time <= funding_time);
