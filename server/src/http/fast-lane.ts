import { createServer, type IncomingMessage, type OutgoingHttpHeaders, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { acceptedEncodingOf } from './compression.js';

/** One answer as Fastify sent it (after every onSend hook), valid while its version holds. */
interface LaneEntry {
  version: string;
  current: () => string;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Distinct URLs × encodings remembered: the shared routes' keys are bounded, but a URL may add junk parameters. */
const MAX_ENTRIES = 512;

/**
 * The market lists every quote screen polls (getTickerList, getMarketPrice, …) answer the same bytes until the
 * next tick. Going through Fastify for each of them (routing, validation, hooks, header writing) costs more than
 * building the answer, which is cached already (prepared-body.ts). The lane remembers, per exact GET URL and
 * negotiated encoding, the status-200 answer Fastify last sent for such a route — headers included, so security
 * headers and caching are what the full pipeline computed — and replays it in front of Fastify while the
 * answer's version (the market's tick) is unchanged. The first request after a tick goes through Fastify again
 * and refreshes the entry: per-process state derived from the tick, nothing another process would need.
 */
export class FastLane {
  private readonly entries = new Map<string, LaneEntry>();
  private closing = false;

  /** Fastify's serverFactory: a node:http server that asks the lane first (as Fastify would set it up itself). */
  readonly serverFactory = (handler: (req: IncomingMessage, res: ServerResponse) => void, options: FastifyServerOptions): Server => {
    const server = createServer((options as { http?: ServerOptions }).http ?? {}, (req, res) => {
      if (!this.serve(req, res)) handler(req, res);
    });
    if (options.keepAliveTimeout) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  /** While closing, answers go through Fastify, which marks them `Connection: close` (drain.ts). */
  attach(app: FastifyInstance): void {
    app.addHook('preClose', async () => {
      this.closing = true;
      this.entries.clear();
    });
  }

  /** Replays a remembered answer; false when the request is Fastify's to answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || this.closing || this.entries.size === 0) return false;
    const entry = this.entries.get(keyOf(req.url ?? '', acceptedEncodingOf(req.headers['accept-encoding'])));
    if (!entry || entry.current() !== entry.version) return false;
    res.writeHead(200, entry.headers);
    res.end(entry.body);
    return true;
  }

  /**
   * Route-level onSend hook of a shared answer: remembers what is about to be sent. `current` is the answer's
   * version source and `version` the one it was built at.
   */
  remember(request: FastifyRequest, reply: FastifyReply, payload: unknown, version: string, current: () => string): void {
    if (this.closing || request.method !== 'GET' || reply.statusCode !== 200 || !Buffer.isBuffer(payload)) return;
    const key = keyOf(request.url, acceptedEncodingOf(request.headers['accept-encoding']));
    if (!this.entries.has(key) && this.entries.size >= MAX_ENTRIES) return;
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && name !== 'content-length' && name !== 'date') headers[name] = value;
    }
    headers['content-length'] = payload.length;
    this.entries.set(key, { version, current, headers, body: payload });
  }
}

function keyOf(url: string, encoding: string | undefined): string {
  return `${encoding ?? 'identity'} ${url}`;
}
