import { stat } from 'node:fs/promises';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { readPlatformConfig } from '../modules/platform/mf-config.js';
import { isAppRoute } from '../modules/platform/static.js';

// helmet's CSP middleware, exported beside the plugin (the package's types declare it on .fastifyHelmet only)
const { contentSecurityPolicy } = helmet as unknown as { contentSecurityPolicy: typeof helmet.fastifyHelmet.contentSecurityPolicy };

/**
 * A CSP source expression for an origin: scheme, host (a leading "*." allowed) and an optional port or ":*".
 * Anything else (a path, a quote, a ";") is left out, so configuration can never inject a directive.
 */
const ORIGIN_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9.-]+(:(\d{1,5}|\*))?$/i;

export function cspOrigin(value: string): string | undefined {
  const trimmed = value.trim().replace(/\/+$/, '');
  return ORIGIN_SOURCE.test(trimmed) ? trimmed.toLowerCase() : undefined;
}

/** The origins of the remotes' manifests that are absolute URLs (a path is 'self'). */
export function remoteOrigins(manifests: string[]): string[] {
  const origins = new Set<string>();
  for (const manifest of manifests) {
    if (!/^https?:\/\//i.test(manifest)) continue;
    try {
      const origin = cspOrigin(new URL(manifest).origin);
      if (origin) origins.add(origin);
    } catch {
      // not a URL: the shell cannot load it either
    }
  }
  return [...origins];
}

/**
 * The remotes' origins, from PUBLIC_DIR/mf-config.json: re-read when the file changes (promoting a remote to
 * another origin is an edit of that file, with no restart), checked once per page load, not per API call.
 */
export class RemoteOriginCache {
  private mtimeMs = -1;
  private origins: string[] = [];

  constructor(private readonly config: Pick<Config, 'publicDir' | 'mobileOnly' | 'mfOverrideOrigins'>) {}

  get current(): string[] {
    return this.origins;
  }

  async refresh(): Promise<void> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(path.join(this.config.publicDir, 'mf-config.json'))).mtimeMs;
    } catch {
      this.mtimeMs = -1;
      this.origins = [];
      return;
    }
    if (mtimeMs === this.mtimeMs) return;
    try {
      const { remotes } = await readPlatformConfig(this.config);
      this.origins = remoteOrigins(remotes.map((remote) => remote.manifest));
    } catch {
      this.origins = [];
    }
    this.mtimeMs = mtimeMs;
  }
}

/**
 * The Content-Security-Policy of the platform: exactly what the shell and the remotes load.
 * - scripts, styles, fonts and fetches from this server, the remotes' origins (mf-config.json) and the origins a
 *   staging override may use (MF_OVERRIDE_ORIGINS); the inline `<script type="application/json" id="mf-config">`
 *   is data, never executed, so it needs no 'unsafe-inline' nor a nonce;
 * - websockets to this server: CSP Level 3 'self' covers ws: and wss: of the same host;
 * - images from here, data: (QR codes, icons), blob: (an upload shown before and after it is sent) and https:
 *   (news articles may show https images; news HTML is sanitised, sanitize.ts);
 * - style attributes: ECharts writes its tooltips and canvases' sizes as inline style attributes, so
 *   'unsafe-inline' for attributes only (style-src-attr); style elements stay limited to the extracted CSS files;
 * - nothing may frame the app (frame-ancestors 'none'), no plugins, no <base> elsewhere, forms post here only.
 */
export function cspDirectives(sources: () => string[]) {
  const withSources = (...own: string[]) => [...own, () => sources().join(' ')];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: withSources("'self'"),
    styleSrc: withSources("'self'"),
    styleSrcAttr: ["'unsafe-inline'"],
    connectSrc: withSources("'self'"),
    fontSrc: withSources("'self'", 'data:'),
    imgSrc: withSources("'self'", 'data:', 'blob:', 'https:'),
    mediaSrc: ["'self'", 'blob:'],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    scriptSrcAttr: ["'none'"],
    // the app may be served over plain http (a local start); https deployments get HSTS instead
    upgradeInsecureRequests: null,
  };
}

/**
 * Headers that matter only on a document (an HTML page), sent there and nowhere else: browsers apply a CSP,
 * anti-framing, the opener and agent-cluster isolation only to the page that receives them, and a page's
 * scripts, styles and API answers are cheaper without ~1 KiB of them each (a cold home loads some 30 files).
 * HSTS needs only one answer, and the page is always the first one.
 */
const DOCUMENT_HEADERS: Record<string, string> = {
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

function isDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^text\/html\b/i.test(contentType);
}

/**
 * Security headers (@fastify/helmet). Every answer: X-Content-Type-Options nosniff (a script or style sheet
 * must be what its type says), Referrer-Policy strict-origin-when-cross-origin (style sheets fetch too) and
 * Cross-Origin-Resource-Policy. Documents (text/html) also get the CSP above and DOCUMENT_HEADERS, anti-framing
 * among them. Register before any route. /docs sets its own relaxed CSP (platform/docs.ts), which wins.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<Config, 'publicDir' | 'mobileOnly' | 'mfOverrideOrigins'>,
): Promise<RemoteOriginCache> {
  const remotes = new RemoteOriginCache(config);
  const overrides = config.mfOverrideOrigins.map(cspOrigin).filter((origin): origin is string => origin !== undefined);
  await remotes.refresh();
  // a page load sees the remotes of the current mf-config.json
  app.addHook('onRequest', async (request) => {
    if ((request.method === 'GET' || request.method === 'HEAD') && isAppRoute(request.url.split('?')[0] ?? '')) await remotes.refresh();
  });
  await app.register(helmet, {
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    strictTransportSecurity: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // remotes are also loaded by staging shells on other origins: static.ts opens /remotes/ to them
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  const csp = contentSecurityPolicy({ useDefaults: false, directives: cspDirectives(() => [...new Set([...remotes.current, ...overrides])]) });
  // once the answer's type is known; a header a route set itself (reply.header) still wins
  app.addHook('onSend', async (request, reply, payload) => {
    if (!isDocument(reply.getHeader('content-type'))) return payload;
    csp(request.raw, reply.raw, () => undefined);
    for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) reply.raw.setHeader(name, value);
    return payload;
  });
  return remotes;
}
