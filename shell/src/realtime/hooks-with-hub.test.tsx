import { act, render, screen } from '@testing-library/react';
import { useDepth, useQuotes, usePositionEvents, type PositionPush } from '@meridian/shared';
import { useState } from 'react';
import { startSocketHub, type RunningSocketHub } from './start-socket-hub';
import { IDLE_CLOSE_MS } from './browser-socket-hub';
import { FakeWebSocket } from './test/fake-websocket';

/** The shared hooks against the real hub and a fake server: what a remote's screen gets in the browser. */

let running: RunningSocketHub;
let renders = 0;

function QuoteList() {
  renders += 1;
  const quotes = useQuotes();
  return (
    <ul>
      {[...quotes.values()].map((q) => (
        <li key={q.symbol}>
          {q.symbol} {String(q.price)}
        </li>
      ))}
    </ul>
  );
}

function Book({ symbol, isIco }: { symbol: string; isIco?: number }) {
  const depth = useDepth(symbol, isIco);
  return <p data-testid="book">{depth ? `${depth.symbol} ${depth.bids.length}/${depth.asks.length}` : 'no depth'}</p>;
}

function Orders() {
  const [actions, setActions] = useState<string[]>([]);
  usePositionEvents('SPOT', (push: PositionPush) => setActions((a) => [...a, push.action]));
  return <p data-testid="orders">{actions.join(',')}</p>;
}

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  FakeWebSocket.reset();
  renders = 0;
  running = startSocketHub({
    getToken: () => 'tok',
    onTokenChange: () => undefined,
    WebSocket: FakeWebSocket,
    logger: { warn: jest.fn(), error: jest.fn() },
  });
});

afterEach(() => {
  running.stop();
  jest.useRealTimers();
});

it('a 300-row quote list renders once per delivery frame, not once per message, and closes the stream on unmount', () => {
  const view = render(<QuoteList />);
  const ws = FakeWebSocket.last('/ws/market');
  act(() => ws.serverOpen());
  const symbols = Array.from({ length: 300 }, (_, i) => `S${i}USDT`);
  const baseline = renders;

  act(() => {
    ws.serverSend(symbols.map((symbol) => ({ symbol, price: '1', isIco: 0 })));
    // 300 single-quote messages within the same second
    for (const symbol of symbols) ws.serverSend([{ symbol, price: '2', isIco: 0 }]);
  });
  expect(renders).toBe(baseline); // nothing before the next animation frame
  act(() => jest.advanceTimersByTime(16));
  expect(renders).toBe(baseline + 1);
  expect(screen.getAllByRole('listitem')).toHaveLength(300);
  expect(screen.getByText('S0USDT 1')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(1000));
  expect(renders).toBe(baseline + 2);
  expect(screen.getByText('S0USDT 2')).toBeInTheDocument();
  expect(screen.getByText('S299USDT 2')).toBeInTheDocument();

  view.unmount();
  act(() => jest.advanceTimersByTime(IDLE_CLOSE_MS - 1));
  expect(ws.closedWith).toBeNull();
  act(() => jest.advanceTimersByTime(1));
  expect(ws.closedWith?.code).toBe(1000);
});

it('useDepth subscribes its symbol, follows a symbol change, skips ICO symbols and unsubscribes on unmount', () => {
  const view = render(<Book symbol="BTCUSDT" />);
  const ws = FakeWebSocket.last('/ws/depth');
  act(() => ws.serverOpen());
  act(() => {
    ws.serverSend({ s: 'BTCUSDT', b: [['1', '1']], a: [] });
    jest.advanceTimersByTime(16);
  });
  expect(screen.getByTestId('book')).toHaveTextContent('BTCUSDT 1/0');

  view.rerender(<Book symbol="ETHUSDT" />);
  expect(screen.getByTestId('book')).toHaveTextContent('no depth');
  view.rerender(<Book symbol="ICOUSDT" isIco={1} />);
  expect(ws.sentJson).toEqual([
    { method: 'SUBSCRIBE', params: ['btcusdt@depth'], id: 1 },
    { method: 'UNSUBSCRIBE', params: ['btcusdt@depth'], id: 2 },
    { method: 'SUBSCRIBE', params: ['ethusdt@depth'], id: 3 },
    { method: 'UNSUBSCRIBE', params: ['ethusdt@depth'], id: 4 },
  ]);
  view.rerender(<Book symbol="ETHUSDT" />);
  view.unmount();
  expect(ws.sentJson.slice(4)).toEqual([
    { method: 'SUBSCRIBE', params: ['ethusdt@depth'], id: 5 },
    { method: 'UNSUBSCRIBE', params: ['ethusdt@depth'], id: 6 },
  ]);
  // one connection throughout the symbol changes
  expect(FakeWebSocket.for('/ws/depth')).toHaveLength(1);
});

it('usePositionEvents receives the pushes of its kind over the token connection', () => {
  const view = render(<Orders />);
  const ws = FakeWebSocket.last('/ws/positions');
  expect(ws.url).toBe('ws://localhost/ws/positions?token=tok');
  act(() => {
    ws.serverOpen();
    ws.serverSend({ action: 'SPOT_NEW' });
    ws.serverSend({ action: 'POSITION_NEW' });
    ws.serverSend({ action: 'SPOT_FILLED' });
    jest.advanceTimersByTime(16);
  });
  expect(screen.getByTestId('orders')).toHaveTextContent('SPOT_NEW,SPOT_FILLED');
  view.unmount();
  act(() => jest.advanceTimersByTime(IDLE_CLOSE_MS - 1));
  expect(ws.closedWith).toBeNull();
  act(() => jest.advanceTimersByTime(1));
  expect(ws.closedWith?.code).toBe(1000);
});
