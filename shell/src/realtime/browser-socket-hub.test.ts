import type { DepthUpdate, PositionPush, Quote } from '@meridian/shared';
import { BrowserSocketHub, streamUrl, type SocketHubConfig } from './browser-socket-hub';
import { FakeWebSocket } from './test/fake-websocket';

let logger: { warn: jest.Mock; error: jest.Mock };

function makeHub(config: SocketHubConfig = {}) {
  return new BrowserSocketHub({ WebSocket: FakeWebSocket, logger, idleCloseMs: 0, ...config });
}

const quote = (symbol: string, price: string, isIco = 0): Quote => ({ symbol, price, isIco });

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  FakeWebSocket.reset();
  logger = { warn: jest.fn(), error: jest.fn() };
});

afterEach(() => {
  jest.useRealTimers();
});

describe('stream URLs', () => {
  it('uses the page origin with ws: for http: and wss: for https:, and the four fixed paths', () => {
    expect(streamUrl({ protocol: 'http:', host: 'example.com:8080' }, '/ws/forex')).toBe('ws://example.com:8080/ws/forex');
    expect(streamUrl({ protocol: 'https:', host: 'example.com' }, '/ws/positions', { token: 'a b&c' })).toBe(
      'wss://example.com/ws/positions?token=a+b%26c',
    );

    const hub = makeHub({ location: { protocol: 'https:', host: 'meridian.test' } });
    hub.subscribeQuotes(() => {});
    hub.subscribeForex(() => {});
    hub.subscribeDepth('BTCUSDT', () => {});
    hub.setToken('tok');
    hub.subscribePositions('SPOT', () => {});
    expect(FakeWebSocket.instances.map((s) => s.url)).toEqual([
      'wss://meridian.test/ws/market?key=meridian-public',
      'wss://meridian.test/ws/forex',
      'wss://meridian.test/ws/depth',
      'wss://meridian.test/ws/positions?token=tok',
    ]);
  });

  it('defaults to window.location and takes the market access key from its config', () => {
    makeHub({ marketKey: 'k-123' }).subscribeQuotes(() => {});
    expect(FakeWebSocket.instances[0]!.url).toBe('ws://localhost/ws/market?key=k-123');
  });
});

describe('market list', () => {
  it('delivers the first batch at once, then the merged latest quote of every changed symbol at most once per 1000 ms', () => {
    const hub = makeHub();
    const deliveries: Array<Record<string, string>> = [];
    hub.subscribeQuotes((changed) => deliveries.push(Object.fromEntries([...changed].map(([s, q]) => [s, String(q.price)]))));
    const ws = FakeWebSocket.last('/ws/market');
    ws.serverOpen();

    ws.serverSend([quote('BTCUSDT', '100'), quote('ETHUSDT', '10'), quote('XRPUSDT', '1')]);
    expect(deliveries).toEqual([{ BTCUSDT: '100', ETHUSDT: '10', XRPUSDT: '1' }]);

    jest.advanceTimersByTime(100);
    ws.serverSend([quote('BTCUSDT', '101')]);
    jest.advanceTimersByTime(400);
    ws.serverSend([quote('BTCUSDT', '102'), quote('ETHUSDT', '11')]);
    jest.advanceTimersByTime(499); // t = 999
    expect(deliveries).toHaveLength(1);
    jest.advanceTimersByTime(1); // t = 1000
    expect(deliveries).toEqual([
      { BTCUSDT: '100', ETHUSDT: '10', XRPUSDT: '1' },
      { BTCUSDT: '102', ETHUSDT: '11' },
    ]);
    // the snapshot holds the latest of every symbol, including those that did not change
    expect(Object.fromEntries([...hub.getQuotes()].map(([s, q]) => [s, q.price]))).toEqual({ BTCUSDT: '102', ETHUSDT: '11', XRPUSDT: '1' });

    // a message right after a delivery waits for the next 1000 ms boundary
    ws.serverSend([quote('XRPUSDT', '2')]);
    jest.advanceTimersByTime(999);
    expect(deliveries).toHaveLength(2);
    jest.advanceTimersByTime(1);
    expect(deliveries[2]).toEqual({ XRPUSDT: '2' });
  });

  it('keeps the snapshot object until the next delivery (immutable), with every field of a quote', () => {
    const hub = makeHub();
    hub.subscribeQuotes(() => {});
    const ws = FakeWebSocket.last('/ws/market');
    ws.serverOpen();
    const before = hub.getQuotes();
    ws.serverSend([{ symbol: 'BTCUSDT', price: '5', isIco: 0, change: '-1.2' }, { price: 'no symbol' }]);
    const after = hub.getQuotes();
    expect(after).not.toBe(before);
    expect(before.size).toBe(0);
    expect(after.get('BTCUSDT')).toEqual({ symbol: 'BTCUSDT', price: '5', isIco: 0, change: '-1.2' });
    expect(after.size).toBe(1);
    expect(hub.getQuotes()).toBe(after);
  });

  it('ignores messages with a msg field and dispatches the others by their e or type field', () => {
    const hub = makeHub();
    const tickers: unknown[] = [];
    const klines: unknown[] = [];
    const quotes = jest.fn();
    hub.subscribeQuotes(quotes);
    hub.subscribeMarketEvents('24hrTicker', (event) => tickers.push(event));
    hub.subscribeMarketEvents('kline', (event) => klines.push(event));
    const ws = FakeWebSocket.last('/ws/market');
    ws.serverOpen();

    ws.serverSend({ msg: 'welcome', e: '24hrTicker' });
    ws.serverSend({ e: '24hrTicker', s: 'BTCUSDT', c: '100' });
    ws.serverSend({ type: 'kline', s: 'ETHUSDT' });
    ws.serverSend({ e: 'trade', s: 'BTCUSDT' });
    ws.serverSend({ nothing: true });
    jest.advanceTimersByTime(5000);

    expect(tickers).toEqual([{ e: '24hrTicker', s: 'BTCUSDT', c: '100' }]);
    expect(klines).toEqual([{ type: 'kline', s: 'ETHUSDT' }]);
    expect(quotes).not.toHaveBeenCalled();
  });

  it('opens when the first listener comes, stays open while any listens, and closes for good after the last leaves', () => {
    const hub = makeHub({ idleCloseMs: 3000 });
    expect(FakeWebSocket.instances).toHaveLength(0);
    const offQuotes = hub.subscribeQuotes(() => {});
    const offEvents = hub.subscribeMarketEvents('kline', () => {});
    expect(FakeWebSocket.instances).toHaveLength(1);
    const ws = FakeWebSocket.last('/ws/market');
    ws.serverOpen();

    offQuotes();
    offQuotes(); // twice is harmless
    jest.advanceTimersByTime(10_000);
    expect(ws.closedWith).toBeNull();

    offEvents();
    jest.advanceTimersByTime(2999);
    expect(ws.closedWith).toBeNull();
    jest.advanceTimersByTime(1);
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'closed by client' });
    jest.advanceTimersByTime(20_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('a listener that comes back within the idle delay keeps the same connection', () => {
    const hub = makeHub({ idleCloseMs: 3000 });
    hub.subscribeQuotes(() => {})();
    jest.advanceTimersByTime(1000);
    hub.subscribeQuotes(() => {});
    jest.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.instances[0]!.closedWith).toBeNull();
  });

  it('reconnects a lost market connection after 2000 ms and keeps delivering', () => {
    const hub = makeHub();
    const deliveries: string[][] = [];
    hub.subscribeQuotes((changed) => deliveries.push([...changed.keys()]));
    FakeWebSocket.last('/ws/market').serverOpen();
    FakeWebSocket.last('/ws/market').serverClose();
    jest.advanceTimersByTime(2000);
    expect(FakeWebSocket.for('/ws/market')).toHaveLength(2);
    const second = FakeWebSocket.last('/ws/market');
    second.serverOpen();
    second.serverSend([quote('BTCUSDT', '1')]);
    expect(deliveries).toEqual([['BTCUSDT']]);
  });

  it('a listener that throws is logged and does not stop the others', () => {
    const hub = makeHub();
    const good = jest.fn();
    hub.subscribeQuotes(() => {
      throw new Error('boom');
    });
    hub.subscribeQuotes(good);
    const ws = FakeWebSocket.last('/ws/market');
    ws.serverOpen();
    ws.serverSend([quote('BTCUSDT', '1')]);
    expect(good).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith('[realtime] a listener failed', expect.any(Error));
  });
});

describe('forex', () => {
  it('merges the data arrays by symbol and delivers at most once per 100 ms', () => {
    const hub = makeHub();
    const deliveries: Array<Record<string, unknown>> = [];
    hub.subscribeForex((changed) => deliveries.push(Object.fromEntries([...changed].map(([s, q]) => [s, q.bid]))));
    const ws = FakeWebSocket.last('/ws/forex');
    ws.serverOpen();

    ws.serverSend({ data: [{ symbol: 'AUDCAD', bid: '0.91' }] });
    expect(deliveries).toEqual([{ AUDCAD: '0.91' }]);
    jest.advanceTimersByTime(10);
    ws.serverSend({ data: [{ symbol: 'AUDCAD', bid: '0.92' }, { symbol: 'EURUSD', bid: '1.08' }] });
    jest.advanceTimersByTime(30);
    ws.serverSend({ data: [{ symbol: 'AUDCAD', bid: '0.93' }] });
    ws.serverSend({ other: 'ignored' });
    jest.advanceTimersByTime(59); // t = 99
    expect(deliveries).toHaveLength(1);
    jest.advanceTimersByTime(1); // t = 100
    expect(deliveries).toEqual([{ AUDCAD: '0.91' }, { AUDCAD: '0.93', EURUSD: '1.08' }]);
    expect([...hub.getForexQuotes().keys()]).toEqual(['AUDCAD', 'EURUSD']);
  });
});

describe('depth', () => {
  const sub = (symbol: string, id: number) => ({ method: 'SUBSCRIBE', params: [`${symbol}@depth`], id });
  const unsub = (symbol: string, id: number) => ({ method: 'UNSUBSCRIBE', params: [`${symbol}@depth`], id });

  it('sends SUBSCRIBE with the lowercased symbol when open, and subscriptions made before opening on open', () => {
    const hub = makeHub();
    hub.subscribeDepth('BTCUSDT', () => {});
    hub.subscribeDepth('ethusdt', () => {});
    const ws = FakeWebSocket.last('/ws/depth');
    expect(ws.sent).toEqual([]);
    ws.serverOpen();
    expect(ws.sentJson).toEqual([sub('btcusdt', 1), sub('ethusdt', 2)]);
    hub.subscribeDepth('XRPUSDT', () => {});
    expect(ws.sentJson[2]).toEqual(sub('xrpusdt', 3));
  });

  it('is ref-counted: two subscribers send one SUBSCRIBE, the last one leaving sends UNSUBSCRIBE', () => {
    const hub = makeHub();
    const ws = (hub.subscribeDepth('BTCUSDT', () => {}), FakeWebSocket.last('/ws/depth'));
    ws.serverOpen();
    const offA = hub.subscribeDepth('BTCUSDT', () => {});
    const listener = () => {};
    const offB = hub.subscribeDepth('BTCUSDT', listener);
    const offC = hub.subscribeDepth('BTCUSDT', listener); // the same function twice counts twice
    expect(ws.sentJson).toEqual([sub('btcusdt', 1)]);
    offA();
    offB();
    expect(ws.sentJson).toHaveLength(1);
    offC();
    expect(ws.sentJson).toHaveLength(1); // the first subscriber is still there
  });

  it('sends UNSUBSCRIBE when the last subscriber leaves and then closes the idle connection without reconnecting', () => {
    const hub = makeHub();
    const offA = hub.subscribeDepth('BTCUSDT', () => {});
    const offB = hub.subscribeDepth('BTCUSDT', () => {});
    const ws = FakeWebSocket.last('/ws/depth');
    ws.serverOpen();
    offA();
    expect(ws.sentJson).toEqual([sub('btcusdt', 1)]);
    offB();
    expect(ws.sentJson).toEqual([sub('btcusdt', 1), unsub('btcusdt', 2)]);
    expect(ws.closedWith?.code).toBe(1000);
    jest.advanceTimersByTime(20_000);
    expect(FakeWebSocket.for('/ws/depth')).toHaveLength(1);
  });

  it('follows the current symbol: unsubscribes the old one and subscribes the new one, with increasing ids', () => {
    const hub = makeHub({ idleCloseMs: 3000 });
    let off = hub.subscribeDepth('BTCUSDT', () => {});
    const ws = FakeWebSocket.last('/ws/depth');
    ws.serverOpen();
    off();
    off = hub.subscribeDepth('ETHUSDT', () => {});
    off();
    off = hub.subscribeDepth('SOLUSDT', () => {});
    expect(ws.sentJson).toEqual([sub('btcusdt', 1), unsub('btcusdt', 2), sub('ethusdt', 3), unsub('ethusdt', 4), sub('solusdt', 5)]);
    expect(FakeWebSocket.for('/ws/depth')).toHaveLength(1);
  });

  it('skips ICO symbols entirely: no connection, no message', () => {
    const hub = makeHub();
    const off = hub.subscribeDepth('ICOUSDT', () => {}, { isIco: 1 });
    hub.subscribeDepth('ICO2USDT', () => {}, { isIco: true });
    expect(FakeWebSocket.instances).toHaveLength(0);
    off();
    hub.subscribeDepth('BTCUSDT', () => {}, { isIco: 0 });
    const ws = FakeWebSocket.last('/ws/depth');
    ws.serverOpen();
    expect(ws.sentJson).toEqual([sub('btcusdt', 1)]);
  });

  it('re-sends the active subscriptions after a reconnect', () => {
    const hub = makeHub();
    hub.subscribeDepth('BTCUSDT', () => {});
    const offEth = hub.subscribeDepth('ETHUSDT', () => {});
    hub.subscribeDepth('SOLUSDT', () => {});
    const first = FakeWebSocket.last('/ws/depth');
    first.serverOpen();
    offEth();
    expect(first.sentJson).toHaveLength(4);
    first.serverClose();
    // nothing is sent while the connection is down
    hub.subscribeDepth('XRPUSDT', () => {});
    jest.advanceTimersByTime(2000);
    const second = FakeWebSocket.last('/ws/depth');
    expect(second).not.toBe(first);
    second.serverOpen();
    expect(second.sentJson).toEqual([sub('btcusdt', 5), sub('solusdt', 6), sub('xrpusdt', 7)]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('delivers depth objects to the subscribers of their symbol only, and ignores subscription answers', () => {
    const hub = makeHub();
    const btc: DepthUpdate[] = [];
    const eth: DepthUpdate[] = [];
    hub.subscribeDepth('BTCUSDT', (u) => btc.push(u));
    hub.subscribeDepth('ETHUSDT', (u) => eth.push(u));
    const ws = FakeWebSocket.last('/ws/depth');
    ws.serverOpen();
    ws.serverSend({ result: null, id: 1 });
    ws.serverSend({ e: 'depthUpdate', s: 'BTCUSDT', b: [['100.5', '2']], a: [['101', '1.5']] });
    ws.serverSend({ stream: 'ethusdt@depth', data: { bids: [['10', '3']], asks: [] } });
    ws.serverSend({ symbol: 'XRPUSDT', bids: [], asks: [] });
    expect(btc).toEqual([
      { symbol: 'BTCUSDT', bids: [['100.5', '2']], asks: [['101', '1.5']], raw: { e: 'depthUpdate', s: 'BTCUSDT', b: [['100.5', '2']], a: [['101', '1.5']] } },
    ]);
    expect(eth).toEqual([{ symbol: 'ETHUSDT', bids: [['10', '3']], asks: [], raw: { bids: [['10', '3']], asks: [] } }]);
  });

  it('gives a message that names no symbol to the only subscribed symbol', () => {
    const hub = makeHub();
    const btc: DepthUpdate[] = [];
    hub.subscribeDepth('BTCUSDT', (u) => btc.push(u));
    const ws = FakeWebSocket.last('/ws/depth');
    ws.serverOpen();
    ws.serverSend({ lastUpdateId: 7, bids: [{ price: '1', quantity: '2' }], asks: [['3', '4']] });
    expect(btc.map((u) => [u.symbol, u.bids, u.asks])).toEqual([['BTCUSDT', [['1', '2']], [['3', '4']]]]);
  });
});

describe('positions', () => {
  it('delivers a push action a remote brought (not among the known kinds) to its listeners', () => {
    const hub = makeHub();
    const got: unknown[] = [];
    hub.subscribePositions('POOL_PAYOUT' as never, (push) => got.push(push.action));
    hub.setToken('t-1');
    const ws = FakeWebSocket.last('/ws/positions');
    ws.serverOpen();
    ws.serverSend({ action: 'POOL_PAYOUT', mode: 'real' });
    jest.runOnlyPendingTimers();
    expect(got).toEqual(['POOL_PAYOUT']);
  });

  it('opens no connection without a login token, even with listeners', () => {
    const hub = makeHub();
    hub.subscribePositions('POSITION', () => {});
    hub.setToken(null);
    hub.setToken('');
    jest.advanceTimersByTime(10_000);
    expect(FakeWebSocket.for('/ws/positions')).toHaveLength(0);
  });

  it('connects with the token in the query once a token is set', () => {
    const hub = makeHub();
    hub.subscribePositions('POSITION', () => {});
    hub.setToken('t-1');
    expect(FakeWebSocket.for('/ws/positions').map((s) => s.url)).toEqual(['ws://localhost/ws/positions?token=t-1']);
    hub.setToken('t-1'); // the same token changes nothing
    expect(FakeWebSocket.for('/ws/positions')).toHaveLength(1);
  });

  it('on a token change closes the earlier connection first, then opens one with the new token', () => {
    const hub = makeHub();
    hub.setToken('t-1');
    hub.subscribePositions('SPOT', () => {});
    FakeWebSocket.last('/ws/positions').serverOpen();
    hub.setToken('t-2');
    expect(FakeWebSocket.log).toEqual([
      'new ws://localhost/ws/positions?token=t-1',
      'close ws://localhost/ws/positions?token=t-1',
      'new ws://localhost/ws/positions?token=t-2',
    ]);
    expect(FakeWebSocket.for('/ws/positions')[0]!.closedWith?.code).toBe(1000);
  });

  it('on logout closes the connection and does not reconnect', () => {
    const hub = makeHub();
    hub.setToken('t-1');
    hub.subscribePositions('SPOT', () => {});
    const ws = FakeWebSocket.last('/ws/positions');
    ws.serverOpen();
    hub.setToken(null);
    expect(ws.closedWith).toEqual({ code: 1000, reason: 'closed by client' });
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.for('/ws/positions')).toHaveLength(1);
  });

  it('reconnects a lost positions connection with the same token', () => {
    const hub = makeHub();
    hub.setToken('t-1');
    hub.subscribePositions('SPOT', () => {});
    FakeWebSocket.last('/ws/positions').serverError();
    jest.advanceTimersByTime(2000);
    expect(FakeWebSocket.for('/ws/positions').map((s) => s.url)).toEqual([
      'ws://localhost/ws/positions?token=t-1',
      'ws://localhost/ws/positions?token=t-1',
    ]);
  });

  it('dispatches pushes to POSITION, SPOT or SECOND_CONTRACT listeners by the word their action contains', () => {
    const hub = makeHub();
    hub.setToken('t-1');
    const got: Record<string, string[]> = { POSITION: [], SPOT: [], SECOND_CONTRACT: [] };
    const record = (kind: string) => (push: PositionPush) => got[kind]!.push(push.action);
    hub.subscribePositions('POSITION', record('POSITION'));
    hub.subscribePositions('SPOT', record('SPOT'));
    hub.subscribePositions('SECOND_CONTRACT', record('SECOND_CONTRACT'));
    const ws = FakeWebSocket.last('/ws/positions');
    ws.serverOpen();
    ws.serverSend({ action: 'POSITION_UPDATE', id: 1 });
    ws.serverSend({ action: 'SPOT_ORDER_FILLED' });
    ws.serverSend({ action: 'SECOND_CONTRACT_SETTLED' });
    ws.serverSend({ action: 'close_position' });
    ws.serverSend({ action: 'DEPOSIT' });
    ws.serverSend({ noAction: 'POSITION' });
    expect(got).toEqual({
      POSITION: ['POSITION_UPDATE', 'close_position'],
      SPOT: ['SPOT_ORDER_FILLED'],
      SECOND_CONTRACT: ['SECOND_CONTRACT_SETTLED'],
    });
  });
});

describe('restart and dispose', () => {
  it('restart() re-opens a connection that gave up; dispose() closes everything on purpose', () => {
    const hub = makeHub({ maxAttempts: 1 });
    hub.subscribeQuotes(() => {});
    FakeWebSocket.last('/ws/market').serverClose();
    jest.advanceTimersByTime(2000);
    FakeWebSocket.last('/ws/market').serverClose();
    expect(logger.warn).toHaveBeenCalledWith('[realtime] market: gave up after 1 reconnect attempts');
    jest.advanceTimersByTime(10_000);
    expect(FakeWebSocket.for('/ws/market')).toHaveLength(2);
    hub.restart();
    expect(FakeWebSocket.for('/ws/market')).toHaveLength(3);
    hub.dispose();
    expect(FakeWebSocket.last('/ws/market').closedWith?.code).toBe(1000);
    jest.advanceTimersByTime(10_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
  });
});
