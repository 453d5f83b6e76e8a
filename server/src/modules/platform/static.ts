import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { PreparedBody } from '../../http/prepared-body.js';
import { refuse } from '../../http/refuse.js';
import { languageOf, renderAppShell } from './app-shell.js';
import { readPlatformConfig } from './mf-config.js';

// Webpack's [contenthash:8] between dots or dashes, e.g. main.1a2b3c4d.js or 123.1a2b3c4d.chunk.css.
const CONTENT_HASH = /[.-][0-9a-f]{8}\./;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The shell's own top-level pages (besides /pages/…); a reload on any of them must get index.html. */
const SHELL_PAGES = new Set(['/', '/index.html', '/splash', '/choose-location', '/open-location']);

/** The shell's own routes; a reload on any of them must get index.html. */
export function isAppRoute(pathname: string): boolean {
  return SHELL_PAGES.has(pathname) || pathname.startsWith('/pages/');
}

/**
 * Files from PUBLIC_DIR: the shell at /, remotes at /remotes/<name>/<version>/. A file named with a content
 * hash never changes, so it is cached for good; everything else (index.html, mf-manifest.json, remoteEntry.js,
 * mf-stats.json) is revalidated on every use, because those names are stable while their content is not. The coin
 * icons sit in a folder named by their package's version (/coins/<version>/, scripts/coin-icons.mjs), so they never
 * change either and are cached for good too.
 * Text files come precompressed from the build (scripts/precompress.mjs writes name.br and name.gz beside them):
 * the variant the request accepts is sent as it is, with Vary: Accept-Encoding. Register this before the
 * compression plugin, so that its routes never get compressed a second time on the fly.
 */
export async function registerStatic(app: FastifyInstance, publicDir: string): Promise<void> {
  const remotesDir = path.join(publicDir, 'remotes') + path.sep;
  const coinsDir = path.join(publicDir, 'coins') + path.sep;
  await app.register(fastifyStatic, {
    root: publicDir,
    dotfiles: 'ignore',
    cacheControl: false,
    // the ETag alone revalidates the no-cache files (hashed ones are never asked again): one header less on each
    // of the ~30 files a page loads
    lastModified: false,
    preCompressed: true,
    // index.html always goes through sendAppShell, which inlines the platform configuration into it
    index: false,
    allowedPath: (pathName) => pathName !== '/' && pathName !== '/index.html',
    setHeaders(reply, filePath) {
      const versioned = CONTENT_HASH.test(path.basename(filePath)) || filePath.startsWith(coinsDir);
      reply.header('cache-control', versioned ? IMMUTABLE : 'no-cache');
      // A staging shell on another origin loads remotes from here.
      if (filePath.startsWith(remotesDir)) {
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      }
    },
  });
}

/**
 * History fallback: answers app routes with index.html, the platform configuration inlined (app-shell.ts);
 * returns false for anything else.
 */
export async function sendAppShell(
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<Config, 'publicDir' | 'mobileOnly' | 'mfOverrideOrigins'>,
): Promise<boolean> {
  const { publicDir } = config;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (!isAppRoute(pathname)) return false;
  let html: Buffer;
  try {
    html = await readFile(path.join(publicDir, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    request.log.warn({ publicDir }, 'index.html is missing from PUBLIC_DIR');
    throw refuse('appNotBuilt', {}, 503);
  }
  let page: string | Buffer = html;
  try {
    page = await renderAppShell(html.toString('utf8'), publicDir, await readPlatformConfig(config), pathname, languageOf(request.headers.cookie));
  } catch (error) {
    // without a readable mf-config.json the page goes out as built: the shell fetches /mf-config.json and shows why
    request.log.warn({ err: error }, 'index.html served without the inline mf-config');
  }
  // rendered per request (the route's preload hints), so compressed here rather than at build
  reply.header('cache-control', 'no-cache');
  new PreparedBody(page.toString(), 'text/html; charset=utf-8').send(request, reply);
  return true;
}
