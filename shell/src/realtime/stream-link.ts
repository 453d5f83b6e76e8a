import type { ReconnectingSocket } from './reconnecting-socket';
import type { Timers } from './timers';

/**
 * One stream's connection: opened while it has users and closed (deliberately, after the idle delay) when it has
 * none, since a page change often re-subscribes at once.
 */
export class StreamLink {
  private socket: ReconnectingSocket | null = null;
  private idleTimer: unknown = null;

  constructor(
    private readonly create: () => ReconnectingSocket,
    private readonly idleMs: number,
    private readonly timers: Timers,
  ) {}

  get current(): ReconnectingSocket | null {
    return this.socket;
  }

  update(wanted: boolean): void {
    if (wanted) {
      this.cancelIdle();
      if (!this.socket) {
        this.socket = this.create();
        this.socket.open();
      }
      return;
    }
    if (!this.socket || this.idleTimer !== null) return;
    if (this.idleMs <= 0) this.shutdown();
    else
      this.idleTimer = this.timers.setTimeout(() => {
        this.idleTimer = null;
        this.shutdown();
      }, this.idleMs);
  }

  /** Closes now, on purpose (no reconnect). */
  shutdown(): void {
    this.cancelIdle();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
  }

  /** Re-opens a connection that gave up reconnecting. */
  restart(): void {
    if (this.socket?.state === 'failed') this.socket.open();
  }

  private cancelIdle(): void {
    if (this.idleTimer !== null) this.timers.clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
