-- The one persisted job mechanism (src/platform-kit/jobs/): recurring schedules and one-off jobs, each claimed by
-- one runner at a time even when several server processes share this database. A claim is a lease
-- (locked_by, locked_until): a runner that crashed mid-run leaves a lease that expires, and the job is claimed again.
CREATE TABLE jobs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- The handler that runs it (a module's job definition), e.g. deposits.confirm.
  kind text NOT NULL,
  -- Enqueueing the same (kind, key) twice makes one job: a recurring schedule's key is its kind; a one-off job's
  -- key names the work (contract:42:expire), so a retried request cannot schedule it twice.
  key text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- Recurring: the interval in ms (the next run is due that long after the previous was due); NULL: one-off.
  every_ms integer CHECK (every_ms IS NULL OR every_ms > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'running', 'done', 'failed')),
  run_at timestamptz NOT NULL,
  -- Claims so far (a claim whose lease expired counts: its run may have failed half-way).
  attempts integer NOT NULL DEFAULT 0,
  max_attempts integer NOT NULL DEFAULT 10 CHECK (max_attempts > 0),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  finished_at timestamptz,
  UNIQUE (kind, key),
  CHECK ((status = 'running') = (locked_until IS NOT NULL))
);
-- What the claim statement scans: due pending jobs and running ones whose lease may have expired.
CREATE INDEX jobs_due ON jobs (run_at) WHERE status = 'pending';
CREATE INDEX jobs_leased ON jobs (locked_until) WHERE status = 'running';
