// Lays out build/public/ from the package builds, the way a self-hosted deploy serves them:
//
//   build/public/                         the shell's dist (index.html, its chunks, its mf-manifest.json)
//   build/public/remotes/<name>/<ver>/    each remote's dist, in an immutable, versioned folder
//   build/public/remotes/<name>/<ver>/slot-texts.json   the texts of its slot contributions, in every language
//   build/public/remotes/<name>/<ver>/first-frames.json the title and subtitle of its first-frame routes, in every language
//   build/public/first-frames.json        the same for the shell's own pages (shell/first-frames.json)
//   build/public/mf-config.json           which version of each remote is live, the routes it owns and its slots
//   build/public/coins/<ver>/<coin>.svg   coin icons from cryptocurrency-icons (scripts/coin-icons.mjs), cached for good
//   name.br, name.gz beside each text file  precompressed copies (scripts/precompress.mjs) the server sends
//
// Promoting or rolling back a remote is an edit of mf-config.json (its "version" and "manifest"), nothing else.
// Usage: node scripts/assemble.mjs [--out <dir>]
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, REMOTES, readJson, isMain } from './lib.mjs';
import { precompress } from './precompress.mjs';
import { copyCoinIcons } from './coin-icons.mjs';

export function assemble({ out = path.join(ROOT, 'build/public'), log = console.log } = {}) {
  const shellDist = path.join(ROOT, 'shell/dist');
  const expected = [
    path.join(shellDist, 'index.html'),
    ...REMOTES.map((r) => path.join(ROOT, r.dir, 'dist/mf-manifest.json')),
  ];
  const missing = expected.filter((f) => !fs.existsSync(f)).map((f) => path.dirname(f));
  if (missing.length) {
    throw new Error(`assemble: these packages have not been built: ${missing.map((d) => path.relative(ROOT, d)).join(', ')}`);
  }

  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  fs.cpSync(shellDist, out, { recursive: true });
  writeFirstFrames('shell', 'shell', readJson(path.join(ROOT, 'shell/first-frames.json')), out);

  const remotes = [];
  for (const { dir, name } of REMOTES) {
    const pkg = readJson(path.join(ROOT, dir, 'package.json'));
    const routesFile = path.join(ROOT, dir, 'meridian.routes.json');
    if (!fs.existsSync(routesFile)) throw new Error(`assemble: ${dir}/meridian.routes.json is missing`);
    const { routes, slots, firstFrames } = readJson(routesFile);
    if (!Array.isArray(routes) || routes.some((r) => typeof r !== 'string' || !r.startsWith('/'))) {
      throw new Error(`assemble: ${dir}/meridian.routes.json must be {"routes": ["/pages/...", ...]}`);
    }
    const version = pkg.version;
    const target = path.join(out, 'remotes', name, version);
    fs.mkdirSync(target, { recursive: true });
    fs.cpSync(path.join(ROOT, dir, 'dist'), target, { recursive: true });
    if (!fs.existsSync(path.join(target, 'mf-manifest.json'))) {
      throw new Error(`assemble: ${dir}/dist has no mf-manifest.json`);
    }
    const slotTexts = slots ? writeSlotTexts(dir, name, slots, target) : undefined;
    if (firstFrames) writeFirstFrames(dir, name, firstFrames, target);
    const frames = firstFrames ? `/remotes/${name}/${version}/first-frames.json` : undefined;
    remotes.push({
      name,
      version,
      manifest: `/remotes/${name}/${version}/mf-manifest.json`,
      routes,
      ...(slots ? { slots, slotTexts } : {}),
      ...(frames ? { firstFrames: frames } : {}),
    });
    log(`  ${name.padEnd(12)} ${version.padEnd(8)} -> remotes/${name}/${version}/  (${routes.length} route prefixes)`);
  }

  fs.writeFileSync(path.join(out, 'mf-config.json'), `${JSON.stringify({ remotes }, null, 2)}\n`);
  copyCoinIcons(out, { log });
  log(`assembled ${path.relative(ROOT, out) || out}: shell at /, ${remotes.length} remotes, mf-config.json`);
  precompress(out, { log });
  return { out, remotes };
}

/**
 * The texts a remote's slot contributions name, per language, from its own locale files: the server serves every
 * live remote's as /slot-texts/<lng>.json, so the shell shows a remote's tile or nav entry before (or without)
 * loading that remote. Returns the file's URL path, for mf-config.json.
 */
export function writeSlotTexts(dir, name, slots, target) {
  const keys = Object.values(slots).flat().flatMap((entry) => [entry.label, entry.hint].filter(Boolean));
  const texts = textsPerLanguage(dir, name, keys, 'slot texts');
  fs.writeFileSync(path.join(target, 'slot-texts.json'), `${JSON.stringify(texts)}\n`);
  return `/remotes/${name}/${path.basename(target)}/slot-texts.json`;
}

/**
 * The first frame of each route a package names (`firstFrames`: { "/pages/wallet/index": { "title": key,
 * "subtitle": key } }), per language, from its own locale files: the server puts the route's title and subtitle
 * into the page's HTML in the user's language, so the first paint needs no script (issue 24). Writes
 * first-frames.json into `target`: the shell's at the top of the public folder, a remote's beside its build (named
 * in mf-config.json, so that promoting or rolling back the remote changes its first frames with it).
 */
export function writeFirstFrames(dir, name, firstFrames, target) {
  const routes = Object.entries(firstFrames);
  for (const [route, keys] of routes) {
    if (!route.startsWith('/') || typeof keys?.title !== 'string') throw new Error(`assemble: ${dir}: firstFrames["${route}"] needs a path and a title key`);
  }
  const texts = textsPerLanguage(dir, name, routes.flatMap(([, keys]) => [keys.title, keys.subtitle].filter((key) => key !== undefined)), 'first-frame texts');
  const frames = Object.fromEntries(
    Object.entries(texts).map(([lng, text]) => [
      lng,
      Object.fromEntries(routes.map(([route, keys]) => [route, { title: text[keys.title], ...(keys.subtitle ? { subtitle: text[keys.subtitle] } : {}) }])),
    ]),
  );
  fs.writeFileSync(path.join(target, 'first-frames.json'), `${JSON.stringify(frames)}\n`);
}

/** { <lng>: { key: text } } for `keys`, from each of the package's locale files; a file lacking one stops the build. */
function textsPerLanguage(dir, name, keys, what) {
  const texts = {};
  for (const lng of fs.readdirSync(path.join(ROOT, dir, 'locales'))) {
    const all = readJson(path.join(ROOT, dir, 'locales', lng, `${name}.json`));
    const missing = keys.filter((key) => typeof all[key] !== 'string');
    if (missing.length) throw new Error(`assemble: ${dir}/locales/${lng}/${name}.json lacks the ${what} ${missing.join(', ')}`);
    texts[lng] = Object.fromEntries(keys.map((key) => [key, all[key]]));
  }
  return texts;
}

if (isMain(import.meta.url)) {
  const i = process.argv.indexOf('--out');
  try {
    assemble(i > 0 ? { out: path.resolve(process.argv[i + 1]) } : {});
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
