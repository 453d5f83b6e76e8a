import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket, WebSocketServer } from 'ws';

/**
 * Websockets on the HTTP port, with a heartbeat for every endpoint: a peer that has not answered the previous
 * ping frame by the next one is gone (sleeping phone, dropped network) and is terminated, which frees its
 * subscriptions instead of writing into a dead TCP connection until the OS gives up.
 */
export async function registerWebsocket(app: FastifyInstance, heartbeatMs: number): Promise<void> {
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: PER_MESSAGE_DEFLATE } });
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

/**
 * permessage-deflate for clients that offer it (every browser does): a market tick of some 16 KiB of JSON goes
 * out at a fraction of that. The compression context is kept between messages (consecutive ticks repeat most
 * of their text: about 6x on a tick, against 4x without); level 3, as every socket compresses its own copy
 * (level 6 saves a quarter more bytes for about twice the CPU). Frames under the threshold (pongs, acks, small pushes) go out as they are. Client-to-server messages
 * are small commands: their context is not kept, which saves the server an inflate window per socket.
 */
export const PER_MESSAGE_DEFLATE = {
  threshold: 1024,
  zlibDeflateOptions: { level: 3 },
  serverMaxWindowBits: 15,
  clientNoContextTakeover: true,
} as const;

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
