-- Loans: products operators configure, the applications users make against them, and their repayments.
-- Money itself moves only through the ledger (PLATFORM 'loans' → user on disbursement, back on repayment of
-- principal, interest to PLATFORM 'fees'); these tables hold the terms and the state of each loan.

-- A loan product: what a user may apply for. Operators create, change and disable products (pnpm ops
-- loan:product); a change never reaches an existing loan, whose terms are copied into its row at application.
-- code names a product in commands and makes the start-up seed idempotent.
CREATE TABLE loan_products (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9][a-z0-9-]{1,31}$'),
  name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
  asset text NOT NULL,
  min_amount numeric(40, 18) NOT NULL CHECK (min_amount > 0),
  max_amount numeric(40, 18) NOT NULL CHECK (max_amount >= min_amount),
  term_days integer NOT NULL CHECK (term_days BETWEEN 1 AND 3650),
  -- Interest per day on the principal still owed (0.001 = 0.1 % a day); late_daily_rate replaces it for each
  -- day past the term.
  daily_rate numeric(20, 10) NOT NULL CHECK (daily_rate >= 0 AND daily_rate < 1),
  late_daily_rate numeric(20, 10) NOT NULL CHECK (late_daily_rate >= 0 AND late_daily_rate < 1),
  repayment_method text NOT NULL CHECK (repayment_method IN ('maturity')),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

-- One application, and once approved the loan itself. Every term is frozen here at application.
-- principal_due and interest_due are what is still owed; interest_days counts the days of interest already
-- added to interest_due (accrual is written at each repayment; in between it is computed from these columns).
CREATE TABLE loans (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  product_id bigint NOT NULL REFERENCES loan_products (id),
  product_name text NOT NULL,
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  term_days integer NOT NULL CHECK (term_days > 0),
  daily_rate numeric(20, 10) NOT NULL CHECK (daily_rate >= 0),
  late_daily_rate numeric(20, 10) NOT NULL CHECK (late_daily_rate >= 0),
  repayment_method text NOT NULL,
  -- The applicant's own uploads (paths), at least 3.
  photos jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'partial', 'settled')),
  reason text NOT NULL DEFAULT '',
  principal_due numeric(40, 18) NOT NULL DEFAULT 0 CHECK (principal_due >= 0),
  interest_due numeric(40, 18) NOT NULL DEFAULT 0 CHECK (interest_due >= 0),
  interest_days integer NOT NULL DEFAULT 0 CHECK (interest_days >= 0),
  principal_paid numeric(40, 18) NOT NULL DEFAULT 0,
  interest_paid numeric(40, 18) NOT NULL DEFAULT 0,
  -- A client retry of the same application (createLoanProduct with the same requestId) finds this row.
  request_key text UNIQUE,
  applied_at timestamptz NOT NULL,
  reviewed_by text,
  approved_at timestamptz,
  due_at timestamptz,
  rejected_at timestamptz,
  settled_at timestamptz,
  CHECK (status <> 'rejected' OR (rejected_at IS NOT NULL AND reason <> '')),
  CHECK (status NOT IN ('approved', 'partial', 'settled') OR (approved_at IS NOT NULL AND due_at IS NOT NULL)),
  CHECK (status <> 'settled' OR (principal_due = 0 AND interest_due = 0 AND settled_at IS NOT NULL))
);
CREATE INDEX loans_user ON loans (user_id, id DESC);
CREATE INDEX loans_pending ON loans (id) WHERE status = 'pending';

-- One repayment of one loan. pay-all-applications writes one row per loan, all with the same request_key
-- (the idempotency key of that one request and of its ledger batch).
CREATE TABLE loan_payments (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  loan_id bigint NOT NULL REFERENCES loans (id),
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  principal numeric(40, 18) NOT NULL CHECK (principal >= 0),
  interest numeric(40, 18) NOT NULL CHECK (interest >= 0),
  request_key text NOT NULL,
  created_at timestamptz NOT NULL,
  CHECK (amount = principal + interest),
  UNIQUE (request_key, loan_id)
);
CREATE INDEX loan_payments_user ON loan_payments (user_id, id DESC);
CREATE INDEX loan_payments_loan ON loan_payments (loan_id, id DESC);

-- News: platform announcements published by operators (pnpm ops news:publish). html is stored already
-- sanitised and is sanitised again when read, so a stricter policy also covers older articles.
-- seed_key marks the articles seeded at first start (so seeding is idempotent and an unpublished seed stays so).
CREATE TABLE news (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  seed_key text UNIQUE,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  html text NOT NULL,
  published boolean NOT NULL DEFAULT true,
  published_by text NOT NULL,
  published_at timestamptz NOT NULL,
  unpublished_at timestamptz
);
CREATE INDEX news_published ON news (published_at DESC, id DESC) WHERE published;
