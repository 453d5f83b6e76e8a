// A stand-in for the server in the money screens' tests: answers each API path through the platform's one axios
// instance, and records every call (path, method, query, body).
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@meridian/shared';
import type { AccountChange, Conversion, Estimate, Overview, PageOf, TransferRecord } from '../../api/wallet';

export interface Call {
  url: string;
  method: string;
  params: Record<string, unknown> | undefined;
  data: Record<string, unknown> | undefined;
}
export type Body = { code: number; msg: string; reason?: string; data: unknown };
/** An envelope, a function of the call giving one, or 'network' for a request that gets no answer. */
export type Answer = Body | 'network' | ((call: Call) => Body | 'network');

export const ok = (data: unknown): Body => ({ code: 0, msg: 'success', data });
export const refused = (msg: string, code = 1002, reason?: string): Body => ({ code, msg, ...(reason ? { reason } : {}), data: null });
export const page = <T>(list: T[], total = list.length): PageOf<T> => ({ total, page: 1, size: 20, list });

/** Answers one after another (the last one repeats). */
export function sequence(...answers: Array<Body | 'network'>): Answer {
  let index = 0;
  return () => answers[Math.min(index++, answers.length - 1)]!;
}

export function installServer(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
    const call: Call = { url, method: (config.method ?? 'get').toUpperCase(), params: config.params as Record<string, unknown> | undefined, data };
    calls.push(call);
    const answer = answers[url] ?? ok(null);
    const body = typeof answer === 'function' ? answer(call) : answer;
    if (body === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    answers,
    callsTo: (url: string) => calls.filter((call) => call.url === url),
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}

export const OVERVIEW: Overview = {
  totalUsdt: '101250.5',
  wallets: [
    {
      wallet: 'platform',
      accountType: 1,
      totalUsdt: '95000.5',
      assets: [
        { asset: 'USDT', name: 'Tether USD', available: '90000.5', frozen: '0', balance: '90000.5', valueUsdt: '90000.5' },
        { asset: 'BTC', name: 'Bitcoin', available: '0.1', frozen: '0', balance: '0.1', valueUsdt: '5000' },
      ],
    },
    {
      wallet: 'spot',
      accountType: 2,
      totalUsdt: '6250',
      assets: [{ asset: 'USDT', name: 'Tether USD', available: '6000', frozen: '250', balance: '6250', valueUsdt: '6250' }],
    },
    { wallet: 'contract', accountType: 3, totalUsdt: '0', assets: [{ asset: 'USDT', name: 'Tether USD', available: '0', frozen: '0', balance: '0', valueUsdt: '0' }] },
    { wallet: 'wealth', accountType: 4, totalUsdt: '0', assets: [{ asset: 'USDT', name: 'Tether USD', available: '0', frozen: '0', balance: '0', valueUsdt: '0' }] },
    { wallet: 'option', accountType: 5, totalUsdt: '0', assets: [{ asset: 'USDT', name: 'Tether USD', available: '0', frozen: '0', balance: '0', valueUsdt: '0' }] },
  ],
};

export const CURRENCIES = [
  { asset: 'USDT', name: 'Tether USD', scale: 6 },
  { asset: 'BTC', name: 'Bitcoin', scale: 8 },
  { asset: 'ETH', name: 'Ethereum', scale: 8 },
];

export const TRANSFER: TransferRecord = { id: '7', fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '250', createdAt: '2026-03-01T08:00:00.000Z' };

export const CHANGE: AccountChange = {
  id: '41',
  wallet: 'platform',
  asset: 'USDT',
  part: 'available',
  amount: '-250',
  causeType: 'transfer',
  causeId: '7',
  counterparty: 'spot',
  createdAt: '2026-03-01T08:00:00.000Z',
};

export const estimate = (rate: string, receive: string, overrides: Partial<Estimate> = {}): Estimate => ({
  from: 'USDT',
  to: 'BTC',
  amount: '1000',
  rate,
  spread: '0.003125',
  receive,
  fromPrice: '1',
  toPrice: '63000',
  tickTime: Date.parse('2026-03-01T08:00:00.000Z'),
  ...overrides,
});

export const CONVERSION: Conversion = {
  id: '9',
  fromAsset: 'USDT',
  toAsset: 'BTC',
  fromAmount: '1000',
  toAmount: '0.01582',
  rate: '0.00001582',
  spread: '0.003125',
  fromPrice: '1',
  toPrice: '63000',
  tickTime: '2026-03-01T08:00:00.000Z',
  createdAt: '2026-03-01T08:00:01.000Z',
};
