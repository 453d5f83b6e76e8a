import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { market, wallet } from '@meridian/contracts';
import { call, refusalOf } from './call';
import { ApiError, http } from './client';

function capture(body: unknown) {
  const sent: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    sent.push(config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return sent;
}

afterEach(() => {
  delete http.defaults.adapter;
});

describe('call(contract, input)', () => {
  it('sends a GET input as the query string to the contract path and returns typed data', async () => {
    const sent = capture({ code: 0, msg: 'ok', data: [{ symbol: 'BTCUSDT', price: '64223.99' }] });
    const quotes = await call(market.byType, { type: 'CRYPTO' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'get', url: '/api/market/byTypeGetMarketPrice', params: { type: 'CRYPTO' } });
    expect(sent[0]!.data).toBeUndefined();
    expect(quotes[0]!.price).toBe('64223.99');
  });

  it('sends a POST input as the JSON body, and options such as silent ride along', async () => {
    const sent = capture({ code: 0, msg: 'ok', data: { id: '7' } });
    const input = { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '1.5', requestId: 'abcdefgh12' };
    await call(wallet.transfer, input, { silent: true });
    expect(sent[0]).toMatchObject({ method: 'post', url: '/asset/api/account/transferAsset', silent: true });
    expect(JSON.parse(String(sent[0]!.data))).toEqual(input);
    expect(sent[0]!.params).toBeUndefined();
  });

  it('sends nothing for a call without input', async () => {
    const sent = capture({ code: 0, msg: 'ok', data: { totalUsdt: '0', wallets: [] } });
    await expect(call(wallet.list)).resolves.toEqual({ totalUsdt: '0', wallets: [] });
    expect(sent[0]).toMatchObject({ method: 'post', url: '/asset/api/account/list' });
    expect(sent[0]!.data).toBeUndefined();
  });

  it('rejects a refusal with ApiError carrying its stable reason key', async () => {
    capture({ code: 1002, msg: 'Montant invalide', reason: 'invalidAmount', data: null });
    const failure = call(wallet.transfer, { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '1', requestId: 'abcdefgh12' });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 1002, message: 'Montant invalide', reason: 'invalidAmount' });
  });

  it('refusalOf reads the reason of a refusal, and nothing of another failure', async () => {
    capture({ code: 1002, msg: 'The rate has changed', reason: 'rateMoved', data: null });
    const failure = await call(wallet.convert, { from: 'BTC', to: 'USDT', amount: '1', minRate: '1', requestId: 'abcdefgh12' }).catch((error: unknown) => error);
    expect(refusalOf(wallet.convert, failure)).toBe('rateMoved');
    expect(refusalOf(wallet.convert, new Error('Network Error'))).toBeUndefined();
  });
});

// Compile-time checks (tsc -b runs over tests): the contract types the input and the data.
export function typeChecks(): void {
  // @ts-expect-error an amount is a decimal string, never a number
  void call(wallet.transfer, { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: 5, requestId: 'abcdefgh12' });
  // @ts-expect-error a call that takes input needs it
  void call(market.byType);
  // @ts-expect-error the data has no such field
  void call(wallet.list).then((overview) => overview.balance);
  // a refusal's reason is the union its contract lists: a conversion may find the rate moved…
  void (refusalOf(wallet.convert, undefined) === 'rateMoved');
  // @ts-expect-error …a transfer never answers it
  void (refusalOf(wallet.transfer, undefined) === 'rateMoved');
}
