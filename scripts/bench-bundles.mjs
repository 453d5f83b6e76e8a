// Bundle-size benchmark of the six front-end builds (run after a production build: `npm run bench`).
//
// For each package, gzip (level 9) sizes of:
//   initial JS  shell:  the JS files its built index.html references (what the browser fetches before anything
//                       else; the shell's bootstrap chunk is loaded from there through import('./bootstrap')).
//               remote: remoteEntry.js plus the "sync" JS assets of its exposed "./app" in mf-manifest.json
//                       (what the host fetches to mount it, the shared singletons aside).
//   shared JS   the JS chunks its mf-manifest.json lists for the shared modules it provides (sync and async).
//               At run time only one provider's copy of each singleton is loaded ("loaded-first").
//   CSS         extracted style sheets (mini-css-extract-plugin; loaded with the chunk that needs them):
//               shell: every .css file of its build; remote: the CSS its exposed "./app" lists (sync and async).
// and, as a ratio against the baseline measured in this same run, each package's initial JS relative to the
// shell's. A benchmark, not a test: it never fails on a size, only on a missing build.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT, REMOTES, isMain, readJson } from './lib.mjs';

const PACKAGES = [{ dir: 'shell', name: 'shell' }, ...REMOTES];

const gz = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
const raw = (file) => fs.statSync(file).size;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

function manifestOf(dist) {
  const file = path.join(dist, 'mf-manifest.json');
  return fs.existsSync(file) ? readJson(file) : null;
}

function jsAssets(assets, kinds) {
  return kinds.flatMap((k) => assets?.js?.[k] ?? []);
}

function htmlScripts(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  // minified html may leave the attribute unquoted: <script defer src=/main.js>
  return [...html.matchAll(/<script\b[^>]*?\bsrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/g)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((src) => !/^(https?:)?\/\//.test(src))
    .map((src) => src.replace(/^\//, '').split(/[?#]/)[0]);
}

function measure(files, dist, ext = '.js') {
  const unique = [...new Set(files)].filter((f) => f.endsWith(ext));
  const missing = unique.filter((f) => !fs.existsSync(path.join(dist, f)));
  const present = unique.filter((f) => fs.existsSync(path.join(dist, f)));
  return {
    files: present.length,
    missing,
    raw: present.reduce((s, f) => s + raw(path.join(dist, f)), 0),
    gzip: present.reduce((s, f) => s + gz(path.join(dist, f)), 0),
  };
}

export function benchBundles() {
  const rows = [];
  for (const { dir, name } of PACKAGES) {
    const dist = path.join(ROOT, dir, 'dist');
    const manifest = manifestOf(dist);
    if (!fs.existsSync(dist) || (dir === 'shell' ? !fs.existsSync(path.join(dist, 'index.html')) : !manifest)) {
      rows.push({ name, error: `${dir}/dist is not built` });
      continue;
    }
    let initialFiles;
    let cssFiles;
    if (dir === 'shell') {
      initialFiles = htmlScripts(dist);
      cssFiles = fs.readdirSync(dist).filter((f) => f.endsWith('.css'));
    } else {
      const entry = manifest.metaData?.remoteEntry;
      const entryFile = entry ? path.posix.join(entry.path || '', entry.name) : 'remoteEntry.js';
      const app = (manifest.exposes ?? []).find((e) => e.path === './app' || e.name === 'app');
      if (!app) {
        rows.push({ name, error: 'mf-manifest.json exposes no "./app"' });
        continue;
      }
      initialFiles = [entryFile, ...jsAssets(app.assets, ['sync'])];
      cssFiles = ['sync', 'async'].flatMap((k) => app.assets?.css?.[k] ?? []);
    }
    const sharedFiles = (manifest?.shared ?? []).flatMap((s) => jsAssets(s.assets, ['sync', 'async']));
    rows.push({ name, initial: measure(initialFiles, dist), shared: measure(sharedFiles, dist), css: measure(cssFiles, dist, '.css') });
  }

  const baseline = rows.find((r) => r.name === 'shell' && r.initial)?.initial.gzip;
  const header = ['package', 'initial JS (files)', 'gzip', 'raw', 'vs shell', 'shared JS (files)', 'gzip', 'CSS (files)', 'gzip'];
  const table = rows.map((r) =>
    r.error
      ? [r.name, r.error, '', '', '', '', '', '', '']
      : [
          r.name,
          String(r.initial.files),
          kb(r.initial.gzip),
          kb(r.initial.raw),
          baseline ? `${(r.initial.gzip / baseline).toFixed(2)}×` : 'n/a',
          String(r.shared.files),
          kb(r.shared.gzip),
          String(r.css.files),
          kb(r.css.gzip),
        ],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log('\nBundle sizes (gzip level 9). Baseline: the shell\'s initial JS, measured in this run.\n');
  console.log(line(header));
  console.log(widths.map((w) => '─'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
  for (const r of rows) {
    const missing = [...(r.initial?.missing ?? []), ...(r.shared?.missing ?? []), ...(r.css?.missing ?? [])];
    if (missing.length) console.log(`note: ${r.name}: listed but not found in dist: ${missing.join(', ')}`);
  }
  console.log(
    '\ninitial JS: shell = scripts referenced by index.html; remote = remoteEntry.js + the sync JS of its exposed ./app.' +
      '\nshared JS: chunks of the shared singletons the package provides (only one provider\'s copy loads at run time).',
  );
  return rows;
}

if (isMain(import.meta.url)) {
  const rows = benchBundles();
  process.exit(rows.every((r) => r.error) ? 1 : 0);
}
