import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/envelope.js';

// Webpack's [contenthash:8] between dots or dashes, e.g. main.1a2b3c4d.js or 123.1a2b3c4d.chunk.css.
const CONTENT_HASH = /[.-][0-9a-f]{8}\./;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The shell's own routes; a reload on any of them must get index.html. */
export function isAppRoute(pathname: string): boolean {
  return pathname === '/' || pathname === '/splash' || pathname.startsWith('/pages/');
}

/**
 * Files from PUBLIC_DIR: the shell at /, remotes at /remotes/<name>/<version>/. A file named with a content
 * hash never changes, so it is cached for good; everything else (index.html, mf-manifest.json, remoteEntry.js,
 * mf-stats.json) is revalidated on every use, because those names are stable while their content is not.
 */
export async function registerStatic(app: FastifyInstance, publicDir: string): Promise<void> {
  const remotesDir = path.join(publicDir, 'remotes') + path.sep;
  await app.register(fastifyStatic, {
    root: publicDir,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, filePath) {
      reply.header('cache-control', CONTENT_HASH.test(path.basename(filePath)) ? IMMUTABLE : 'no-cache');
      // A staging shell on another origin loads remotes from here.
      if (filePath.startsWith(remotesDir)) reply.header('access-control-allow-origin', '*');
    },
  });
}

/** History fallback: answers app routes with index.html; returns false for anything else. */
export async function sendAppShell(request: FastifyRequest, reply: FastifyReply, publicDir: string): Promise<boolean> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!isAppRoute(request.url.split('?')[0] ?? '')) return false;
  let html: Buffer;
  try {
    html = await readFile(path.join(publicDir, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    request.log.warn({ publicDir }, 'index.html is missing from PUBLIC_DIR');
    throw new AppError(503, 'The web app is not built');
  }
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  return true;
}
