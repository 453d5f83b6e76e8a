import { createStore } from 'jotai';
import { getSocketHub, getToken, logout, setSession, tokenAtom } from '@meridian/shared';
import { BrowserSocketHub } from './browser-socket-hub';
import { startSocketHub } from './start-socket-hub';
import { FakeWebSocket } from './test/fake-websocket';

/** A stand-in for the session module: a token and change listeners. */
function fakeSession(initial: string | null) {
  let token = initial;
  const listeners = new Set<(token: string | null) => void>();
  return {
    getToken: () => token,
    onTokenChange: (listener: (token: string | null) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: string | null) {
      token = next;
      for (const listener of listeners) listener(next);
    },
    listenerCount: () => listeners.size,
  };
}

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  FakeWebSocket.reset();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('startSocketHub', () => {
  it('installs a BrowserSocketHub for every remote and follows the session token; stop() undoes it all', () => {
    const session = fakeSession('t-1');
    const running = startSocketHub({ ...session, WebSocket: FakeWebSocket, idleCloseMs: 0, logger: { warn: jest.fn(), error: jest.fn() } });
    expect(running.hub).toBeInstanceOf(BrowserSocketHub);
    expect(getSocketHub()).toBe(running.hub);

    running.hub.subscribePositions('POSITION', () => {});
    expect(FakeWebSocket.for('/ws/positions').map((s) => s.url)).toEqual(['ws://localhost/ws/positions?token=t-1']);

    session.set('t-2');
    expect(FakeWebSocket.for('/ws/positions').map((s) => s.url)).toEqual([
      'ws://localhost/ws/positions?token=t-1',
      'ws://localhost/ws/positions?token=t-2',
    ]);
    expect(FakeWebSocket.for('/ws/positions')[0]!.closedWith?.code).toBe(1000);

    session.set(null);
    expect(FakeWebSocket.last('/ws/positions').closedWith?.code).toBe(1000);
    jest.advanceTimersByTime(30_000);
    expect(FakeWebSocket.for('/ws/positions')).toHaveLength(2);

    running.stop();
    expect(getSocketHub()).toBeNull();
    expect(session.listenerCount()).toBe(0);
  });

  it('re-opens connections that gave up when the browser is back online', () => {
    const running = startSocketHub({
      getToken: () => null,
      onTokenChange: () => undefined,
      WebSocket: FakeWebSocket,
      maxAttempts: 0,
      logger: { warn: jest.fn(), error: jest.fn() },
    });
    running.hub.subscribeForex(() => {});
    FakeWebSocket.last('/ws/forex').serverClose();
    jest.advanceTimersByTime(10_000);
    expect(FakeWebSocket.for('/ws/forex')).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.for('/ws/forex')).toHaveLength(2);
    running.stop();
    window.dispatchEvent(new Event('online'));
    expect(FakeWebSocket.for('/ws/forex')).toHaveLength(2);
  });
});

describe('live prices paused', () => {
  function setVisibility(state: 'visible' | 'hidden') {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
    document.dispatchEvent(new Event('visibilitychange'));
  }
  afterEach(() => setVisibility('visible'));

  it('after the five reconnect attempts fail the hub is paused; the page becoming visible retries, and an open clears it', () => {
    const running = startSocketHub({ getToken: () => null, onTokenChange: () => undefined, WebSocket: FakeWebSocket, logger: { warn: jest.fn(), error: jest.fn() } });
    const changes = jest.fn();
    running.hub.subscribePaused(changes);
    running.hub.subscribeQuotes(() => {});
    FakeWebSocket.last('/ws/market').serverClose();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(running.hub.isPaused()).toBe(false);
      jest.advanceTimersByTime(2000);
      FakeWebSocket.last('/ws/market').serverClose();
    }
    // the spec's five attempts, then paused (visible to the screens), no sixth attempt on its own
    expect(FakeWebSocket.for('/ws/market')).toHaveLength(6);
    expect(running.hub.isPaused()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(60_000);
    expect(FakeWebSocket.for('/ws/market')).toHaveLength(6);

    setVisibility('hidden');
    expect(FakeWebSocket.for('/ws/market')).toHaveLength(6);
    setVisibility('visible');
    expect(FakeWebSocket.for('/ws/market')).toHaveLength(7);
    FakeWebSocket.last('/ws/market').serverOpen();
    expect(running.hub.isPaused()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    running.stop();
  });

  it('a retry (restart) tries again at once, with five new attempts', () => {
    const running = startSocketHub({ getToken: () => null, onTokenChange: () => undefined, WebSocket: FakeWebSocket, maxAttempts: 0, logger: { warn: jest.fn(), error: jest.fn() } });
    running.hub.subscribeForex(() => {});
    FakeWebSocket.last('/ws/forex').serverClose();
    expect(running.hub.isPaused()).toBe(true);
    running.hub.restart();
    expect(running.hub.isPaused()).toBe(false);
    expect(FakeWebSocket.for('/ws/forex')).toHaveLength(2);
    running.stop();
  });
});

describe('startSocketHub wired to the session (the bootstrap lines)', () => {
  it('follows the session token atom: login opens positions with the token, logout closes it', () => {
    const store = createStore();
    const running = startSocketHub({
      getToken: () => getToken(store),
      onTokenChange: (listener) => store.sub(tokenAtom, listener),
      WebSocket: FakeWebSocket,
      idleCloseMs: 0,
      logger: { warn: jest.fn(), error: jest.fn() },
    });
    running.hub.subscribePositions('POSITION', () => {});
    expect(FakeWebSocket.for('/ws/positions')).toHaveLength(0);

    setSession(store, { token: 'abc' });
    expect(FakeWebSocket.last('/ws/positions').url).toBe('ws://localhost/ws/positions?token=abc');

    logout(store);
    expect(FakeWebSocket.last('/ws/positions').closedWith?.code).toBe(1000);
    jest.advanceTimersByTime(30_000);
    expect(FakeWebSocket.for('/ws/positions')).toHaveLength(1);
    running.stop();
  });
});
