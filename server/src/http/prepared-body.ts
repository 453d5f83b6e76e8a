import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding, COMPRESS_THRESHOLD, type Encoding } from './compression.js';

/**
 * A JSON answer many requests share (e.g. a market list until the next tick): serialised once, and compressed
 * at most once per encoding, when a client first asks for it. Sent with its own Content-Encoding, so the
 * compression plugin does not compress it again.
 */
export class PreparedBody {
  readonly raw: Buffer;
  private readonly encoded = new Map<Encoding, Buffer>();

  /**
   * @param text the serialised answer (a contract route serialises it with its reply schema)
   * @param type its content type
   */
  constructor(
    text: string,
    private readonly type = 'application/json; charset=utf-8',
  ) {
    this.raw = Buffer.from(text);
  }

  /** The body in an encoding (built on first use). */
  in(encoding: Encoding): Buffer {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotliCompressSync(this.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length } })
          : gzipSync(this.raw, { level: 6 });
      this.encoded.set(encoding, body);
    }
    return body;
  }

  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type(this.type).header('vary', 'accept-encoding');
    const encoding = this.raw.length >= COMPRESS_THRESHOLD ? acceptedEncoding(request) : undefined;
    if (!encoding) return reply.send(this.raw);
    return reply.header('content-encoding', encoding).send(this.in(encoding));
  }
}

/**
 * One PreparedBody per key (a route and its query), valid while `version()` answers the same: a new version
 * (the market's next tick) rebuilds the body on the next request. Keys must come from a bounded set (validated
 * query values), as entries are replaced, never evicted.
 */
export class VersionedBodyCache {
  private readonly entries = new Map<string, { version: string; body: PreparedBody }>();

  /** @param version the answers' current version (e.g. the market's tick and minute) */
  constructor(readonly version: () => string) {}

  /** The body of `key` at `version` (the caller read it, so it can name the version of what it sends). */
  get(key: string, build: () => string, version = this.version()): PreparedBody {
    const entry = this.entries.get(key);
    if (entry?.version === version) return entry.body;
    const body = new PreparedBody(build());
    this.entries.set(key, { version, body });
    return body;
  }
}
