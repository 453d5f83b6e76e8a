import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Websockets on the HTTP port, with a heartbeat for every endpoint: a peer that has not answered the previous
 * ping frame by the next one is gone (sleeping phone, dropped network) and is terminated, which frees its
 * subscriptions instead of writing into a dead TCP connection until the OS gives up.
 */
export async function registerWebsocket(app: FastifyInstance, heartbeatMs: number): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  const stop = startHeartbeat(app.websocketServer, heartbeatMs);
  app.addHook('onClose', async () => stop());

  app.get('/ws/health', { websocket: true }, (socket) => {
    send(socket, { type: 'hello', serverTime: Date.now() });
    socket.on('message', (raw) => {
      const message = parse(raw.toString());
      if (message?.type === 'ping') send(socket, { type: 'pong' });
      else send(socket, { type: 'error', msg: 'Expected {"type":"ping"}' });
    });
  });
}

function startHeartbeat(wss: WebSocketServer, intervalMs: number): () => void {
  const alive = new WeakMap<WebSocket, boolean>();
  wss.on('connection', (socket: WebSocket) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
  });
  const timer = setInterval(() => {
    for (const socket of wss.clients) {
      if (!alive.get(socket)) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

function send(socket: WebSocket, message: object): void {
  socket.send(JSON.stringify(message));
}

function parse(text: string): { type?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}
