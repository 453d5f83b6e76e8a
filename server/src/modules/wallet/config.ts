import { Dec } from '../ledger/decimal.js';

type Env = Record<string, string | undefined>;

/** Money settings (server/README.md "Configuration"). */
export interface MoneyConfig {
  /** DEMO_BALANCE: the virtual USDT a demo account starts with and gets back on reset. */
  demoBalance: string;
}

export function moneyConfig(env: Env): MoneyConfig {
  return {
    demoBalance: parseDecimal('DEMO_BALANCE', env.DEMO_BALANCE, '100000'),
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
  if (!number.isFinite() || number.lte(0) || number.gt('1e17')) throw new Error(`${name} must be a positive decimal, got "${value}"`);
  return number.toFixed();
}
