import { ReconnectingSocket, type ReconnectingSocketOptions } from './reconnecting-socket';
import { FakeWebSocket } from './test/fake-websocket';

const URL_ = 'ws://localhost/ws/market?key=k';

function makeSocket(extra: Partial<ReconnectingSocketOptions> = {}) {
  const logger = { warn: jest.fn(), error: jest.fn() };
  const messages: unknown[] = [];
  const onOpen = jest.fn();
  const socket = new ReconnectingSocket({
    name: 'market',
    url: URL_,
    WebSocket: FakeWebSocket,
    logger,
    onOpen,
    onMessage: (message) => messages.push(message),
    ...extra,
  });
  return { socket, logger, messages, onOpen };
}

/** Creation times (fake clock) of every socket made so far. */
const created = () => FakeWebSocket.instances.map((socket) => socket.createdAt);

beforeEach(() => {
  jest.useFakeTimers({ now: 0 });
  FakeWebSocket.reset();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('ReconnectingSocket', () => {
  it('connects to its URL, reports open and delivers parsed JSON messages; bad JSON is logged and dropped', () => {
    const { socket, logger, messages, onOpen } = makeSocket();
    expect(socket.state).toBe('idle');
    socket.open();
    expect(FakeWebSocket.instances.map((s) => s.url)).toEqual([URL_]);
    expect(socket.state).toBe('connecting');
    FakeWebSocket.instances[0]!.serverOpen();
    expect(socket.state).toBe('open');
    expect(onOpen).toHaveBeenCalledTimes(1);
    FakeWebSocket.instances[0]!.serverSend([{ symbol: 'BTCUSDT', price: '1' }]);
    FakeWebSocket.instances[0]!.serverSend('not json{');
    expect(messages).toEqual([[{ symbol: 'BTCUSDT', price: '1' }]]);
    expect(logger.error).toHaveBeenCalledWith('[realtime] market: dropped a message that is not JSON', expect.any(SyntaxError));
  });

  it('open() while connecting or open does not make a second socket', () => {
    const { socket } = makeSocket();
    socket.open();
    socket.open();
    FakeWebSocket.instances[0]!.serverOpen();
    socket.open();
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('on close it is marked closed and reconnects after 2000 ms', () => {
    const { socket } = makeSocket();
    socket.open();
    FakeWebSocket.instances[0]!.serverOpen();
    FakeWebSocket.instances[0]!.serverClose();
    expect(socket.state).toBe('closed');
    jest.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.instances[1]!.url).toBe(URL_);
    expect(socket.state).toBe('connecting');
  });

  it('makes at most 5 attempts, 2000 ms apart, then logs a warning and stops', () => {
    const { socket, logger } = makeSocket();
    socket.open();
    for (let i = 0; i < 6; i += 1) {
      FakeWebSocket.instances[i]!.serverClose();
      jest.advanceTimersByTime(2000);
    }
    jest.advanceTimersByTime(60_000);
    // the first connection plus 5 attempts
    expect(created()).toEqual([0, 2000, 4000, 6000, 8000, 10000]);
    expect(socket.state).toBe('failed');
    expect(socket.attemptCount).toBe(5);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith('[realtime] market: gave up after 5 reconnect attempts');
  });

  it('does not warn before the fifth attempt has failed', () => {
    const { socket, logger } = makeSocket();
    socket.open();
    for (let i = 0; i < 5; i += 1) {
      FakeWebSocket.instances[i]!.serverClose();
      jest.advanceTimersByTime(2000);
    }
    expect(FakeWebSocket.instances).toHaveLength(6);
    expect(socket.state).toBe('connecting');
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('an error then a close schedule one attempt, not two; the error is only logged', () => {
    const { socket, logger } = makeSocket();
    socket.open();
    const first = FakeWebSocket.instances[0]!;
    // keep the handlers the socket had, as a browser would fire both events
    const onclose = first.onclose;
    first.serverError();
    onclose?.({ type: 'close' });
    expect(logger.error).toHaveBeenCalledWith('[realtime] market: socket error', { type: 'error' });
    expect(socket.state).toBe('closed');
    expect(socket.attemptCount).toBe(1);
    jest.advanceTimersByTime(10_000);
    // one attempt at 2000 ms that is still connecting: no second pending attempt was made
    expect(created()).toEqual([0, 2000]);
  });

  it('resets its counters when a connection opens', () => {
    const { socket, logger } = makeSocket();
    socket.open();
    for (let i = 0; i < 3; i += 1) {
      FakeWebSocket.instances[i]!.serverClose();
      jest.advanceTimersByTime(2000);
    }
    expect(socket.attemptCount).toBe(3);
    FakeWebSocket.instances[3]!.serverOpen();
    expect(socket.attemptCount).toBe(0);
    // five more failures are allowed again before giving up
    for (let i = 3; i < 8; i += 1) {
      FakeWebSocket.instances[i]!.serverClose();
      jest.advanceTimersByTime(2000);
    }
    expect(logger.warn).not.toHaveBeenCalled();
    FakeWebSocket.instances[8]!.serverClose();
    expect(logger.warn).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(9);
  });

  it('a deliberate close() closes the socket with 1000 and never reconnects, even during a pending attempt', () => {
    const { socket } = makeSocket();
    socket.open();
    FakeWebSocket.instances[0]!.serverOpen();
    socket.close();
    expect(FakeWebSocket.instances[0]!.closedWith).toEqual({ code: 1000, reason: 'closed by client' });
    expect(socket.state).toBe('stopped');
    jest.advanceTimersByTime(20_000);
    expect(FakeWebSocket.instances).toHaveLength(1);

    socket.open();
    FakeWebSocket.instances[1]!.serverClose();
    socket.close(); // while the attempt is pending
    jest.advanceTimersByTime(20_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('open() after giving up starts a fresh round of attempts', () => {
    const { socket } = makeSocket({ maxAttempts: 1 });
    socket.open();
    FakeWebSocket.instances[0]!.serverClose();
    jest.advanceTimersByTime(2000);
    FakeWebSocket.instances[1]!.serverClose();
    expect(socket.state).toBe('failed');
    socket.open();
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(socket.state).toBe('connecting');
  });

  it('sends JSON when open; a send while not open or a throwing send is logged and reports false', () => {
    const { socket, logger } = makeSocket();
    socket.open();
    expect(socket.send({ a: 1 })).toBe(false);
    expect(logger.error).toHaveBeenCalledWith('[realtime] market: send failed, the socket is not open', { a: 1 });
    const ws = FakeWebSocket.instances[0]!;
    ws.serverOpen();
    expect(socket.send({ a: 1 })).toBe(true);
    expect(ws.sent).toEqual(['{"a":1}']);
    ws.failSends = true;
    expect(socket.send('x')).toBe(false);
    expect(logger.error).toHaveBeenLastCalledWith('[realtime] market: send failed', expect.any(Error));
  });

  it('a connection not open after the 60 s socket time-out counts as failed and is retried', () => {
    const { socket, logger } = makeSocket();
    socket.open();
    jest.advanceTimersByTime(59_999);
    expect(socket.state).toBe('connecting');
    jest.advanceTimersByTime(1);
    expect(socket.state).toBe('closed');
    expect(FakeWebSocket.instances[0]!.closedWith).not.toBeNull();
    expect(logger.error).toHaveBeenCalledWith('[realtime] market: not open after 60000 ms');
    jest.advanceTimersByTime(2000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('a WebSocket constructor that throws is logged and retried like a failure', () => {
    let calls = 0;
    class Throwing extends FakeWebSocket {
      constructor(url: string) {
        calls += 1;
        if (calls === 1) throw new SyntaxError('bad url');
        super(url);
      }
    }
    const { socket, logger } = makeSocket({ WebSocket: Throwing });
    socket.open();
    expect(logger.error).toHaveBeenCalledWith('[realtime] market: could not create the socket', expect.any(SyntaxError));
    expect(socket.state).toBe('closed');
    jest.advanceTimersByTime(2000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});
