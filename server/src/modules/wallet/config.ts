import { Dec } from '../ledger/decimal.js';

type Env = Record<string, string | undefined>;

/** Money settings (server/README.md "Configuration"). */
export interface MoneyConfig {
  /** DEMO_BALANCE: the virtual USDT a demo account starts with and gets back on reset. */
  demoBalance: string;
  /** CONVERT_SPREAD: the conversion desk's margin on top of the market's bid/ask (0.002 = 0.2 %), shown before confirming. */
  convertSpread: string;
}

export function moneyConfig(env: Env): MoneyConfig {
  return {
    demoBalance: parseDecimal('DEMO_BALANCE', env.DEMO_BALANCE, '100000'),
    convertSpread: parseFraction('CONVERT_SPREAD', env.CONVERT_SPREAD, '0.002'),
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

function parseFraction(name: string, value: string | undefined, fallback: string): string {
  if (value === undefined || value.trim() === '') return fallback;
  const fraction = /^(0(\.[0-9]{1,6})?)$/.test(value.trim()) ? new Dec(value.trim()) : undefined;
  if (!fraction || fraction.gte('0.1')) throw new Error(`${name} must be a fraction from 0 to 0.1 with at most 6 decimals, got "${value}"`);
  return fraction.toFixed();
}
