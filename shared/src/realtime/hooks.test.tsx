import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { installSocketHub } from './registry';
import { createManualSocketHub, type ManualSocketHub } from './testing';
import { useDepth, useForexQuotes, useMarketEvents, usePositionEvents, useQuote, useQuotes, useSocketHub } from './hooks';
import type { PositionPush, Quote } from './types';

const quote = (symbol: string, price: string): Quote => ({ symbol, price, isIco: 0 });
const FRAME = 16;

let hub: ManualSocketHub;
let uninstall: (() => void) | null = null;
let renders: Record<string, number>;

function count(name: string) {
  renders[name] = (renders[name] ?? 0) + 1;
}

function QuoteTable() {
  count('table');
  const quotes = useQuotes();
  return <p data-testid="table">{[...quotes.values()].map((q) => `${q.symbol}=${String(q.price)}`).join(' ') || 'empty'}</p>;
}

function OneQuote({ symbol }: { symbol: string }) {
  count(symbol);
  const q = useQuote(symbol);
  return <p data-testid={`quote-${symbol}`}>{q ? String(q.price) : '-'}</p>;
}

function Forex() {
  const quotes = useForexQuotes();
  return <p data-testid="forex">{[...quotes.keys()].join(',') || 'empty'}</p>;
}

function Book({ symbol, isIco }: { symbol: string; isIco?: number }) {
  const depth = useDepth(symbol, isIco);
  return <p data-testid="book">{depth ? `${depth.symbol}:${depth.bids[0]?.[0] ?? ''}` : 'none'}</p>;
}

function Pushes({ kind = 'POSITION' as const }: { kind?: 'POSITION' | 'SPOT' }) {
  count('pushes');
  const [actions, setActions] = useState<string[]>([]);
  usePositionEvents(kind, (push: PositionPush) => setActions((a) => [...a, push.action]));
  return <p data-testid="pushes">{actions.join(',') || 'none'}</p>;
}

function Events() {
  const [events, setEvents] = useState<string[]>([]);
  useMarketEvents('kline', (event) => setEvents((e) => [...e, String(event.s)]));
  return <p data-testid="events">{events.join(',') || 'none'}</p>;
}

function HubState() {
  return <p data-testid="hub">{useSocketHub() ? 'hub' : 'no hub'}</p>;
}

const frame = () => act(() => jest.advanceTimersByTime(FRAME));

beforeEach(() => {
  jest.useFakeTimers();
  hub = createManualSocketHub();
  renders = {};
});

afterEach(() => {
  uninstall?.();
  uninstall = null;
  jest.useRealTimers();
});

describe('without an installed hub', () => {
  it('every hook returns empty state and nothing throws', () => {
    const handler = jest.fn();
    function All() {
      usePositionEvents('SPOT', handler);
      useMarketEvents('kline', handler);
      return null;
    }
    render(
      <>
        <HubState />
        <QuoteTable />
        <OneQuote symbol="BTCUSDT" />
        <Forex />
        <Book symbol="BTCUSDT" />
        <All />
      </>,
    );
    expect(screen.getByTestId('hub')).toHaveTextContent('no hub');
    expect(screen.getByTestId('table')).toHaveTextContent('empty');
    expect(screen.getByTestId('quote-BTCUSDT')).toHaveTextContent('-');
    expect(screen.getByTestId('forex')).toHaveTextContent('empty');
    expect(screen.getByTestId('book')).toHaveTextContent('none');
    frame();
    expect(handler).not.toHaveBeenCalled();
  });

  it('picks up a hub installed later', () => {
    render(<QuoteTable />);
    act(() => {
      uninstall = installSocketHub(hub);
    });
    expect(hub.listenerCount('quotes')).toBe(1);
    act(() => hub.emitQuotes([quote('BTCUSDT', '5')]));
    frame();
    expect(screen.getByTestId('table')).toHaveTextContent('BTCUSDT=5');
  });
});

describe('with the hub', () => {
  beforeEach(() => {
    uninstall = installSocketHub(hub);
  });

  it('useQuotes starts from the snapshot and renders once per animation frame however many deliveries arrive', () => {
    hub.emitQuotes([quote('BTCUSDT', '1')]);
    render(<QuoteTable />);
    expect(screen.getByTestId('table')).toHaveTextContent('BTCUSDT=1');
    const before = renders.table!;

    act(() => {
      for (let i = 2; i <= 50; i += 1) hub.emitQuotes([quote('BTCUSDT', String(i)), quote('ETHUSDT', String(i * 10))]);
    });
    expect(renders.table).toBe(before);
    expect(screen.getByTestId('table')).toHaveTextContent('BTCUSDT=1');
    frame();
    expect(renders.table).toBe(before + 1);
    expect(screen.getByTestId('table')).toHaveTextContent('BTCUSDT=50 ETHUSDT=500');
  });

  it('useQuote re-renders only when its own symbol changes', () => {
    render(
      <>
        <OneQuote symbol="BTCUSDT" />
        <OneQuote symbol="ETHUSDT" />
      </>,
    );
    const eth = renders.ETHUSDT!;
    act(() => hub.emitQuotes([quote('BTCUSDT', '7')]));
    frame();
    expect(screen.getByTestId('quote-BTCUSDT')).toHaveTextContent('7');
    expect(screen.getByTestId('quote-ETHUSDT')).toHaveTextContent('-');
    expect(renders.ETHUSDT).toBe(eth);
  });

  it('useForexQuotes shows the merged forex quotes after the frame', () => {
    render(<Forex />);
    act(() => {
      hub.emitForex([{ symbol: 'AUDCAD' }]);
      hub.emitForex([{ symbol: 'EURUSD' }]);
    });
    expect(screen.getByTestId('forex')).toHaveTextContent('empty');
    frame();
    expect(screen.getByTestId('forex')).toHaveTextContent('AUDCAD,EURUSD');
  });

  it('useDepth shows its symbol’s latest depth, follows symbol changes, skips ICO symbols and cleans up', () => {
    const view = render(<Book symbol="BTCUSDT" />);
    expect(hub.listenerCount('depth:BTCUSDT')).toBe(1);
    act(() => {
      hub.emitDepth({ symbol: 'BTCUSDT', bids: [['100', '1']], asks: [], raw: {} });
      hub.emitDepth({ symbol: 'BTCUSDT', bids: [['101', '1']], asks: [], raw: {} });
    });
    frame();
    expect(screen.getByTestId('book')).toHaveTextContent('BTCUSDT:101');

    view.rerender(<Book symbol="ETHUSDT" />);
    expect(screen.getByTestId('book')).toHaveTextContent('none');
    expect(hub.listenerCount('depth:BTCUSDT')).toBe(0);
    expect(hub.listenerCount('depth:ETHUSDT')).toBe(1);

    view.rerender(<Book symbol="ICOUSDT" isIco={1} />);
    expect(hub.listenerCount('depth:ETHUSDT')).toBe(0);
    expect(hub.listenerCount('depth:ICOUSDT')).toBe(0);

    view.rerender(<Book symbol="ETHUSDT" />);
    view.unmount();
    expect(hub.listenerCount('depth:ETHUSDT')).toBe(0);
  });

  it('useDepth does not ask the hub at all for an ICO symbol', () => {
    const spy = jest.spyOn(hub, 'subscribeDepth');
    render(<Book symbol="ICOUSDT" isIco={1} />);
    expect(spy).not.toHaveBeenCalled();
    expect(screen.getByTestId('book')).toHaveTextContent('none');
  });

  it('usePositionEvents calls the latest handler with every push of its kind, in one render per frame', () => {
    const view = render(<Pushes />);
    const before = renders.pushes!;
    act(() => {
      hub.emitPosition('POSITION', { action: 'POSITION_OPEN' });
      hub.emitPosition('SPOT', { action: 'SPOT_FILLED' });
      hub.emitPosition('POSITION', { action: 'POSITION_CLOSE' });
    });
    frame();
    expect(screen.getByTestId('pushes')).toHaveTextContent('POSITION_OPEN,POSITION_CLOSE');
    expect(renders.pushes).toBe(before + 1);

    view.rerender(<Pushes kind="SPOT" />);
    expect(hub.listenerCount('positions:POSITION')).toBe(0);
    expect(hub.listenerCount('positions:SPOT')).toBe(1);
    view.unmount();
    expect(hub.listenerCount('positions:SPOT')).toBe(0);
  });

  it('useMarketEvents receives the events of its type', () => {
    const view = render(<Events />);
    act(() => {
      hub.emitMarketEvent('kline', { type: 'kline', s: 'BTCUSDT' });
      hub.emitMarketEvent('trade', { type: 'trade', s: 'ETHUSDT' });
    });
    frame();
    expect(screen.getByTestId('events')).toHaveTextContent('BTCUSDT');
    expect(screen.getByTestId('events')).not.toHaveTextContent('ETHUSDT');
    view.unmount();
    expect(hub.listenerCount('market:kline')).toBe(0);
  });

  it('every hook unsubscribes on unmount and drops a pending frame', () => {
    const view = render(
      <>
        <QuoteTable />
        <OneQuote symbol="BTCUSDT" />
        <Forex />
        <Pushes />
      </>,
    );
    expect(hub.listenerCount('quotes')).toBe(2);
    expect(hub.listenerCount('forex')).toBe(1);
    expect(hub.listenerCount('positions:POSITION')).toBe(1);
    act(() => hub.emitQuotes([quote('BTCUSDT', '1')]));
    view.unmount();
    expect(hub.listenerCount('quotes')).toBe(0);
    expect(hub.listenerCount('forex')).toBe(0);
    expect(hub.listenerCount('positions:POSITION')).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });
});
