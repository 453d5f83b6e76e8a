import { createServer, type IncomingMessage, type OutgoingHttpHeader, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { acceptedEncodingOf, type Encoding } from './compression.js';

/** One answer as Fastify sent it (after every onSend hook), valid while its version holds. */
interface LaneEntry {
  version: string;
  current: () => string;
  /**
   * Name, value, name, value…: node's writeHead reads this flat form with an indexed loop, the cheapest of the
   * forms it takes; numbers (Content-Length) are strings already, so they are not converted per request.
   */
  headers: OutgoingHttpHeader[];
  body: Buffer;
}

/** The answers remembered for one URL, per negotiated encoding ('identity': none). */
type Variants = Partial<Record<Encoding | 'identity', LaneEntry>>;

/** Distinct URLs × encodings remembered: the shared routes' keys are bounded, but a URL may add junk parameters. */
export const MAX_ENTRIES = 512;

/**
 * The market lists every quote screen polls (getTickerList, getMarketPrice, …) answer the same bytes until the
 * next tick. Going through Fastify for each of them (routing, validation, hooks, header writing) costs more than
 * building the answer, which is cached already (prepared-body.ts). The lane remembers, per exact GET URL and
 * negotiated encoding, the status-200 answer Fastify last sent for such a route — headers included, so security
 * headers and caching are what the full pipeline computed — and replays it in front of Fastify while the
 * answer's version (the market's tick) is unchanged. The first request after a tick goes through Fastify again
 * and refreshes the entry: per-process state derived from the tick, nothing another process would need.
 *
 * A replay is most of what a small answer (one symbol's price) costs, so it does no more than node's own
 * handling needs: one map lookup by the URL as received (no query parsing, no key built), the encoding
 * negotiated only when the client names one, a version check that compares one string the version source keeps
 * (MarketService.listVersion), and headers prepared once per answer.
 */
export class FastLane {
  private readonly entries = new Map<string, Variants>();
  private size = 0;
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
      this.size = 0;
    });
  }

  /** Replays a remembered answer; false when the request is Fastify's to answer. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.size === 0 || req.method !== 'GET' || this.closing) return false;
    const variants = this.entries.get(req.url ?? '');
    if (variants === undefined) return false;
    const accepted = req.headers['accept-encoding'];
    const entry = variants[accepted === undefined ? 'identity' : (acceptedEncodingOf(accepted) ?? 'identity')];
    if (entry === undefined || entry.current() !== entry.version) return false;
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
    const encoding = acceptedEncodingOf(request.headers['accept-encoding']) ?? 'identity';
    let variants = this.entries.get(request.url);
    if (!variants?.[encoding] && this.size >= MAX_ENTRIES) return;
    const headers: OutgoingHttpHeader[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && name !== 'content-length' && name !== 'date') headers.push(name, typeof value === 'number' ? String(value) : value);
    }
    headers.push('content-length', String(payload.length));
    if (!variants) this.entries.set(request.url, (variants = {}));
    if (!variants[encoding]) this.size++;
    variants[encoding] = { version, current, headers, body: payload };
  }
}
