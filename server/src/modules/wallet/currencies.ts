import { refuse } from '../../http/refuse.js';

/** A blockchain network a currency moves on, with the address format a withdrawal address must match. */
export interface Chain {
  id: string;
  name: string;
  /** Checked when an address is saved ("Invalid chain type" otherwise). */
  address: RegExp;
  /** Confirmations the simulated chain waits for before a deposit is credited. */
  confirmations: number;
}

const BASE58 = '[1-9A-HJ-NP-Za-km-z]';
export const CHAINS: Record<string, Chain> = {
  BTC: { id: 'BTC', name: 'Bitcoin', address: new RegExp(`^(bc1[02-9ac-hj-np-z]{11,71}|[13]${BASE58}{25,34})$`), confirmations: 2 },
  ERC20: { id: 'ERC20', name: 'Ethereum (ERC20)', address: /^0x[0-9a-fA-F]{40}$/, confirmations: 12 },
  TRC20: { id: 'TRC20', name: 'TRON (TRC20)', address: new RegExp(`^T${BASE58}{33}$`), confirmations: 19 },
  BEP20: { id: 'BEP20', name: 'BNB Smart Chain (BEP20)', address: /^0x[0-9a-fA-F]{40}$/, confirmations: 15 },
  LTC: { id: 'LTC', name: 'Litecoin', address: new RegExp(`^(ltc1[02-9ac-hj-np-z]{11,71}|[LM3]${BASE58}{26,33})$`), confirmations: 6 },
  BCH: { id: 'BCH', name: 'Bitcoin Cash', address: new RegExp(`^((bitcoincash:)?[qp][02-9ac-hj-np-z]{41}|[13]${BASE58}{25,34})$`), confirmations: 6 },
  XRP: { id: 'XRP', name: 'XRP Ledger', address: new RegExp(`^r${BASE58}{24,34}$`), confirmations: 1 },
  DOGE: { id: 'DOGE', name: 'Dogecoin', address: new RegExp(`^[DA9]${BASE58}{33}$`), confirmations: 6 },
  SOL: { id: 'SOL', name: 'Solana', address: new RegExp(`^${BASE58}{32,44}$`), confirmations: 1 },
  DOT: { id: 'DOT', name: 'Polkadot', address: new RegExp(`^1${BASE58}{46,47}$`), confirmations: 1 },
  EOS: { id: 'EOS', name: 'EOS', address: /^[a-z1-5.]{12}$/, confirmations: 1 },
  AVAXC: { id: 'AVAXC', name: 'Avalanche C-Chain', address: /^0x[0-9a-fA-F]{40}$/, confirmations: 1 },
  NEO: { id: 'NEO', name: 'Neo N3', address: new RegExp(`^N${BASE58}{33}$`), confirmations: 1 },
};

/** A currency the wallets hold, with its chains and withdrawal terms (shown to the user before confirming). */
export interface Currency {
  asset: string;
  name: string;
  /** Decimals a wallet amount of this currency may have. */
  scale: number;
  chains: string[];
  withdraw: { min: string; max: string; fee: string };
}

const currency = (asset: string, name: string, scale: number, chains: string[], min: string, max: string, fee: string): Currency => ({
  asset,
  name,
  scale,
  chains,
  withdraw: { min, max, fee },
});

/**
 * USDT (the base unit) and every coin the market lists against it. The minimum withdrawal is the spec's
 * "minimum amount 20" expressed in each coin at a round figure; fees are the flat network fees of each chain.
 */
export const CURRENCIES: readonly Currency[] = [
  currency('USDT', 'Tether USD', 6, ['TRC20', 'ERC20', 'BEP20'], '20', '1000000', '1'),
  currency('BTC', 'Bitcoin', 8, ['BTC'], '0.0005', '50', '0.0001'),
  currency('ETH', 'Ethereum', 8, ['ERC20'], '0.01', '1000', '0.002'),
  currency('XRP', 'Ripple', 6, ['XRP'], '40', '2000000', '0.25'),
  currency('BCH', 'Bitcoin Cash', 8, ['BCH'], '0.06', '5000', '0.001'),
  currency('LTC', 'Litecoin', 8, ['LTC'], '0.3', '20000', '0.001'),
  currency('SUSHI', 'SushiSwap', 8, ['ERC20'], '30', '2000000', '2'),
  currency('EOS', 'EOS', 4, ['EOS'], '30', '2000000', '0.1'),
  currency('UNI', 'Uniswap', 8, ['ERC20'], '3', '200000', '0.3'),
  currency('DOT', 'Polkadot', 8, ['DOT'], '4', '200000', '0.1'),
  currency('TRX', 'TRON', 6, ['TRC20'], '160', '10000000', '1'),
  currency('DOGE', 'Dogecoin', 8, ['DOGE'], '140', '10000000', '5'),
  currency('OMG', 'OMG Network', 8, ['ERC20'], '50', '2000000', '3'),
  currency('CRV', 'Curve DAO', 8, ['ERC20'], '50', '2000000', '3'),
  currency('ZRX', '0x', 8, ['ERC20'], '55', '2000000', '3'),
  currency('GAS', 'Gas', 8, ['NEO'], '5', '200000', '0.1'),
  currency('SOL', 'Solana', 8, ['SOL'], '0.15', '50000', '0.01'),
  currency('AVAX', 'Avalanche', 8, ['AVAXC'], '0.8', '100000', '0.01'),
  currency('SAND', 'The Sandbox', 8, ['ERC20'], '55', '2000000', '3'),
];

const BY_ASSET = new Map(CURRENCIES.map((c) => [c.asset, c]));

/** The currency, or "Unknown currency". */
export function findCurrency(asset: unknown): Currency {
  const found = typeof asset === 'string' ? BY_ASSET.get(asset.trim().toUpperCase()) : undefined;
  if (!found) throw refuse('unknownAsset');
  return found;
}

/** The chain of a currency, or "Invalid chain type". */
export function findChain(currency: Currency, chain: unknown): Chain {
  const id = typeof chain === 'string' ? chain.trim().toUpperCase() : '';
  if (!currency.chains.includes(id)) throw refuse('invalidChain');
  return CHAINS[id]!;
}

/** The wallet configuration the screens read (currency/getListCurrency and asset/config): currencies, chains, terms. */
export function currencyList() {
  return CURRENCIES.map((c) => ({
    asset: c.asset,
    name: c.name,
    scale: c.scale,
    chains: c.chains.map((id) => ({ id, name: CHAINS[id]!.name, confirmations: CHAINS[id]!.confirmations })),
    withdraw: c.withdraw,
  }));
}
