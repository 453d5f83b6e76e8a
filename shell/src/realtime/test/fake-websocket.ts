import type { WebSocketLike } from '../reconnecting-socket';

/**
 * A stand-in for the browser's WebSocket: records every instance, what was sent and how it was closed, and
 * lets a test play the server (open, message, error, close).
 */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  /** A shared log of constructions and client closes, to check their order. */
  static log: string[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
    FakeWebSocket.log = [];
  }

  /** Instances whose URL starts with the given path (e.g. '/ws/depth'). */
  static for(path: string): FakeWebSocket[] {
    return FakeWebSocket.instances.filter((socket) => new URL(socket.url).pathname === path);
  }

  static last(path: string): FakeWebSocket {
    const sockets = FakeWebSocket.for(path);
    const socket = sockets[sockets.length - 1];
    if (!socket) throw new Error(`no socket for ${path}`);
    return socket;
  }

  onopen: ((event: unknown) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  readonly sent: string[] = [];
  /** Set when the client called close(). */
  closedWith: { code?: number; reason?: string } | null = null;
  /** Makes send() throw. */
  failSends = false;
  /** Date.now() when it was made (jest's fake clock in tests). */
  readonly createdAt = Date.now();

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
    FakeWebSocket.log.push(`new ${url}`);
  }

  /** The parsed JSON of everything sent. */
  get sentJson(): unknown[] {
    return this.sent.map((data) => JSON.parse(data) as unknown);
  }

  send(data: string): void {
    if (this.failSends) throw new Error('send failed');
    this.sent.push(data);
  }

  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
    FakeWebSocket.log.push(`close ${this.url}`);
  }

  // ---- the server's side --------------------------------------------------------------------------------

  serverOpen(): void {
    this.onopen?.({ type: 'open' });
  }

  serverSend(message: unknown): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  serverError(): void {
    this.onerror?.({ type: 'error' });
  }

  serverClose(): void {
    this.onclose?.({ type: 'close', code: 1006 });
  }
}
