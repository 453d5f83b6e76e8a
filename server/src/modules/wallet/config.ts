import { AMOUNT_CEILING } from '@meridian/contracts';
import { Dec } from '../ledger/decimal.js';

type Env = Record<string, string | undefined>;

/** Money settings (server/README.md "Configuration"). */
export interface MoneyConfig {
  /** DEMO_BALANCE: the virtual USDT a demo account starts with and gets back on reset. */
  demoBalance: string;
  /** CONVERT_SPREAD: the conversion desk's margin on top of the market's bid/ask (0.002 = 0.2 %), shown before confirming. */
  convertSpread: string;
  /**
   * DEPOSIT_ADDRESS_SECRET: the key deposit addresses are derived from (HMAC over user|asset|chain). Outside
   * production a fixed development key; in production '' when unset, and the app then refuses to start.
   */
  depositAddressSecret: string;
  /** DEPOSIT_CONFIRM_MS: how often the simulated chain makes a block (one confirmation per pending deposit). */
  depositConfirmMs: number;
  /** DEPOSIT_CONFIRMATIONS: confirmations every deposit waits for instead of its chain's (dev and tests only). */
  depositConfirmations: number | undefined;
  /** WITHDRAW_FEE_EXEMPT_MONTHS: new users withdraw without the fee for this many months after sign-up (0: never). */
  withdrawFeeExemptMonths: number;
  /** FUND_PASSWORD_MAX_ATTEMPTS: wrong fund passwords in a row that pause withdrawals for FUND_PASSWORD_LOCK_MINUTES. */
  fundPasswordMaxAttempts: number;
  fundPasswordLockMinutes: number;
  /** LOAN_MAX_OPEN: loan applications waiting plus loans not yet settled that one user may have at once. */
  loanMaxOpen: number;
}

/** Used outside production only, so development addresses are stable across machines and restarts. */
export const DEV_DEPOSIT_ADDRESS_SECRET = 'meridian-development-deposit-address-secret';

export function moneyConfig(env: Env): MoneyConfig {
  // The same rule as config.ts's `production` (it calls this with the raw environment only).
  const production = (env.MERIDIAN_ENV ?? env.NODE_ENV) === 'production';
  const confirmations = env.DEPOSIT_CONFIRMATIONS?.trim() ? parseInteger('DEPOSIT_CONFIRMATIONS', env.DEPOSIT_CONFIRMATIONS, 1, 1, 1000) : undefined;
  if (production && confirmations !== undefined) throw new Error('DEPOSIT_CONFIRMATIONS is for development and tests and refused in production');
  const secret = env.DEPOSIT_ADDRESS_SECRET?.trim() ?? '';
  if (secret !== '' && secret.length < 16) throw new Error('DEPOSIT_ADDRESS_SECRET must be at least 16 characters');
  return {
    demoBalance: parseDecimal('DEMO_BALANCE', env.DEMO_BALANCE, '100000'),
    convertSpread: parseFraction('CONVERT_SPREAD', env.CONVERT_SPREAD, '0.002'),
    depositAddressSecret: secret || (production ? '' : DEV_DEPOSIT_ADDRESS_SECRET),
    depositConfirmMs: parseInteger('DEPOSIT_CONFIRM_MS', env.DEPOSIT_CONFIRM_MS, 2000, 10, 3_600_000),
    depositConfirmations: confirmations,
    withdrawFeeExemptMonths: parseInteger('WITHDRAW_FEE_EXEMPT_MONTHS', env.WITHDRAW_FEE_EXEMPT_MONTHS, 3, 0, 120),
    fundPasswordMaxAttempts: parseInteger('FUND_PASSWORD_MAX_ATTEMPTS', env.FUND_PASSWORD_MAX_ATTEMPTS, 5, 1, 100),
    fundPasswordLockMinutes: parseInteger('FUND_PASSWORD_LOCK_MINUTES', env.FUND_PASSWORD_LOCK_MINUTES, 15, 1, 10_080),
    loanMaxOpen: parseInteger('LOAN_MAX_OPEN', env.LOAN_MAX_OPEN, 3, 1, 100),
  };
}

export function parseDecimal(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  let number: InstanceType<typeof Dec>;
  try {
    number = new Dec(value.trim());
  } catch {
    throw new Error(`${name} must be a positive decimal, got "${value}"`);
  }
  if (!number.isFinite() || number.lte(0) || number.gt(AMOUNT_CEILING)) throw new Error(`${name} must be a positive decimal, got "${value}"`);
  return number.toFixed();
}

function parseFraction(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  const fraction = /^(0(\.[0-9]{1,6})?)$/.test(value.trim()) ? new Dec(value.trim()) : undefined;
  if (!fraction || fraction.gte('0.1')) throw new Error(`${name} must be a fraction from 0 to 0.1 with at most 6 decimals, got "${value}"`);
  return fraction.toFixed();
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  return n;
}
