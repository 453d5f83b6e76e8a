// The money screens' tests: the shared server stand-in (@meridian/shared/testing) and the wallet's fixtures.
import { page as pageOf } from '@meridian/shared/testing';
import type { AccountChange, Conversion, Estimate, Overview, PageOf, TransferRecord } from '../../api/wallet';

export { installServer, ok, refused, sequence, type Answer, type Body, type Call } from '@meridian/shared/testing';
export const page = <T>(list: T[], total = list.length): PageOf<T> => pageOf(list, total);

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
