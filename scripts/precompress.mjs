// Writes name.br (brotli, quality 11) and name.gz (gzip, level 9) beside every text asset of the assembled site,
// so the server sends the compressed copy the request accepts instead of compressing per request
// (server/src/modules/platform/static.ts serves them with @fastify/static's preCompressed).
//
// Done once per build, so it can afford the slowest, smallest settings. Source maps are left out (only
// developer tools fetch them, and brotli 11 on their megabytes would lengthen every build). Files under MIN_BYTES are left alone
// (the saving is under a packet), and so is a copy that would not be smaller than the file. mf-config.json is
// skipped: the server answers it from a route and operators edit it in place to promote a remote.
// Usage: node scripts/precompress.mjs [dir]   (assemble.mjs runs it on build/public)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, isMain } from './lib.mjs';

export const MIN_BYTES = 1024;
const TEXT = /\.(?:js|mjs|cjs|css|html|json|svg|txt|xml|webmanifest)$/i;
const SKIP = new Set(['mf-config.json']);

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

/** Compresses the text assets under `dir`; returns how many files and the bytes before and after (brotli). */
export function precompress(dir, { log = console.log } = {}) {
  let count = 0;
  let before = 0;
  let after = 0;
  for (const file of files(dir)) {
    const name = path.basename(file);
    if (!TEXT.test(name) || (SKIP.has(name) && path.dirname(file) === dir)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = zlib.brotliCompressSync(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
    if (br.length < raw.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) fs.writeFileSync(`${file}.gz`, gz);
    count++;
    before += raw.length;
    after += Math.min(br.length, raw.length);
  }
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  log(`precompressed ${count} text files: ${kib(before)} -> ${kib(after)} brotli (.br and .gz beside each)`);
  return { count, before, after };
}

if (isMain(import.meta.url)) {
  precompress(path.resolve(process.argv[2] ?? path.join(ROOT, 'build/public')));
}
