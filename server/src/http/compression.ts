import { constants } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Bodies smaller than this go out as they are: below about a packet, compressing saves nothing worth the CPU. */
export const COMPRESS_THRESHOLD = 1024;

/** The encodings Meridian answers in, preferred first (brotli is about a fifth smaller than gzip on JSON). */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/**
 * Compresses the dynamic responses (the API's JSON, mf-config.json, error envelopes) of every route registered
 * after it, in brotli when the client accepts it and gzip otherwise. @fastify/compress itself leaves alone what
 * is already encoded (precompressed static files), partial content (range requests), event streams and
 * websocket upgrades. Brotli runs at quality 4 here, not 11: these bodies are compressed per request (static
 * files get 11 once, at build).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    // Request bodies stay as clients send them today: accepting compressed uploads is a separate decision.
    globalDecompression: false,
  });
}

/** The encoding to answer a request in, from its Accept-Encoding (`*` counts as gzip, as browsers mean it). */
export function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  return acceptedEncodingOf(request.headers['accept-encoding']);
}

// Clients send a handful of distinct Accept-Encoding values: negotiated once each (bounded, then negotiated per call).
const negotiated = new Map<string, Encoding | undefined>();

/** acceptedEncoding for a raw Accept-Encoding header (the fast lane sees node's request, not Fastify's). */
export function acceptedEncodingOf(header: string | string[] | undefined): Encoding | undefined {
  if (typeof header !== 'string' || !header) return undefined;
  if (negotiated.has(header)) return negotiated.get(header);
  const chosen = negotiate(header.toLowerCase().replace(/\*/g, 'gzip'), [...ENCODINGS]);
  const encoding = (ENCODINGS as readonly string[]).includes(chosen ?? '') ? (chosen as Encoding) : undefined;
  if (negotiated.size < 64) negotiated.set(header, encoding);
  return encoding;
}
