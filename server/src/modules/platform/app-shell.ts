import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, market } from '@meridian/contracts';
import type { PlatformConfig, RemoteEntry } from './mf-config.js';

/** The id the shell looks for (shell/src/config/mf-config.ts INLINE_CONFIG_ID). */
export const INLINE_CONFIG_ID = 'mf-config';

/**
 * JSON that is safe inside <script type="application/json">: no "<" (so no "</script>" or "<!--"), and no
 * characters some parsers treat as line ends. The JSON parser reads the \u escapes back as the same text.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Text or an attribute value, escaped for HTML. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** True when the path belongs to the route prefix (the same rule as the shell's matchesPrefix). */
function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** The remote that owns `pathname` (the first whose route prefixes hold it, as the shell registers them). */
function ownerOf(remotes: RemoteEntry[], pathname: string): RemoteEntry | undefined {
  return remotes.find((r) => r.routes.some((prefix) => matchesPrefix(pathname, prefix)));
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/** A remote build's texts.json (tooling/federation.cjs TextChunksPlugin): its text chunk per language and namespace. */
interface RemoteTexts {
  texts?: Record<string, Record<string, string>>;
}

/**
 * A JSON file of this server named by URL (a remote's manifest, its texts.json); null for a file elsewhere or one
 * that cannot be read, which just gets no hints beyond itself.
 */
async function readLocalJson<T>(publicDir: string, url: string): Promise<T | null> {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const file = path.join(publicDir, decodeURIComponent(url.split(/[?#]/)[0] ?? ''));
  if (!file.startsWith(publicDir + path.sep)) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/**
 * The hints for one remote: its manifest, its remoteEntry.js, the first chunks of one exposed module and, in the
 * page's language, the texts of the namespace that module shows (without a known language, none: see textHints).
 */
async function remoteHints(publicDir: string, remote: RemoteEntry, expose: string, namespace: string, language: string | undefined): Promise<string[]> {
  // the runtime's fetch() is a CORS-mode request without credentials to other origins: crossorigin matches it
  const hints = [`<link rel="preload" href="${attribute(remote.manifest)}" as="fetch" crossorigin="anonymous">`];
  const manifest = await readLocalJson<Manifest>(publicDir, remote.manifest);
  if (!manifest) return hints;
  const base = remote.manifest.slice(0, remote.manifest.lastIndexOf('/') + 1);
  const text = language ? (await readLocalJson<RemoteTexts>(publicDir, `${base}texts.json`))?.texts?.[language]?.[namespace] : undefined;
  const entry = manifest.metaData?.remoteEntry;
  const scripts: string[] = [];
  if (entry?.name) scripts.push(path.posix.join(entry.path ?? '', entry.name));
  const exposed = manifest.exposes?.find((e) => e.path === `./${expose}` || e.name === expose);
  scripts.push(...(exposed?.assets?.js?.sync ?? []));
  if (text) scripts.push(text);
  for (const script of scripts) hints.push(`<link rel="preload" href="${attribute(base + script)}" as="script">`);
  return hints;
}

/** The shell's home pages (shell/src/pages/ShellPages.tsx; "/" shows home too). */
const HOME_PATHS = new Set(['/', '/pages/home', '/pages/home/index']);

/**
 * Home's market overview: mf_trading's exposed ./market-widget (shell/src/pages/home/market-widget.ts) and the
 * quotes it asks for first (mf-trading/src/widgets/MarketWidget.tsx), so that neither waits for the shell to run.
 */
export const HOME_WIDGET = { remote: 'mf_trading', expose: 'market-widget', namespace: 'mf_trading_widget', firstCall: `${market.byType.path}?type=CRYPTO` } as const;

/**
 * Preload hints for the remote that owns `pathname`: its manifest (fetched by the federation runtime), its
 * remoteEntry.js, the exposed ./app's first chunks and its texts in `language` (script tags), so they download
 * while the shell's own scripts do, instead of one after another once the shell has started. Home gets the market
 * overview's instead. A remote's namespace is its federation name (mf_trading: locales/<lng>/mf_trading.json).
 */
export async function preloadHints(publicDir: string, remotes: RemoteEntry[], pathname: string, language?: string): Promise<string[]> {
  if (HOME_PATHS.has(pathname)) {
    const remote = remotes.find((r) => r.name === HOME_WIDGET.remote);
    if (!remote) return [];
    return [
      ...(await remoteHints(publicDir, remote, HOME_WIDGET.expose, HOME_WIDGET.namespace, language)),
      // same-origin XHR with cookies: the fetch preload's "anonymous" credentials mode is the one it matches
      `<link rel="preload" href="${attribute(HOME_WIDGET.firstCall)}" as="fetch" crossorigin="anonymous">`,
    ];
  }
  const remote = ownerOf(remotes, pathname);
  return remote ? remoteHints(publicDir, remote, 'app', remote.name, language) : [];
}

/** What the shell's build says every first paint needs (shell/webpack.config.cjs FirstRoundTripPlugin). */
interface ShellPreload {
  texts?: Record<string, string[]>;
}

/** The language whose texts a page starts with: the `lang` cookie the shell writes (at every start). */
export function languageOf(cookieHeader: string | undefined): string | undefined {
  const match = /(?:^|;\s*)lang=([a-z]{2})(?:;|$)/.exec(cookieHeader ?? '');
  return match?.[1];
}

/**
 * Preload hints for the shell's own texts (common, kit, session, shell) in `language`: the shell asks for them
 * only once main.js and the platform chunk have run; named here, they arrive in the first round trip. None for a
 * language unknown here or one the build has no texts for.
 */
export async function textHints(publicDir: string, language: string | undefined): Promise<string[]> {
  let preload: ShellPreload;
  try {
    preload = JSON.parse(await readFile(path.join(publicDir, 'preload.json'), 'utf8')) as ShellPreload;
  } catch {
    return [];
  }
  // without the cookie the language is unknown (a choice kept only in localStorage, before the shell's first start
  // wrote the cookie): naming English texts would make a Japanese user download them for nothing, so none
  const files = (language ? preload.texts?.[language] : undefined) ?? [];
  return files.map((file) => `<link rel="preload" href="/${attribute(file)}" as="script">`);
}

/** A route's first frame in one language, as the assembler writes it (scripts/assemble.mjs writeFirstFrames). */
export interface FirstFrame {
  title: string;
  subtitle?: string;
}
type FirstFrames = Record<string, Record<string, FirstFrame> | undefined>;

/**
 * The first frame of `pathname` in `language`: from the shell's first-frames.json for its own pages, else from that
 * of the remote owning the route (named in mf-config.json, so it follows the live version). Null for a route none
 * names, or a file that cannot be read: the page then starts empty, as before.
 */
export async function firstFrameOf(publicDir: string, remotes: RemoteEntry[], pathname: string, language: string): Promise<FirstFrame | null> {
  const route = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const owned = ownerOf(remotes, route)?.firstFrames;
  for (const file of ['/first-frames.json', ...(owned ? [owned] : [])]) {
    const frame = (await readLocalJson<FirstFrames>(publicDir, file))?.[language]?.[route];
    if (frame && typeof frame.title === 'string') return frame;
  }
  return null;
}

/**
 * The route's title and subtitle as the page's first paint (issue 24): the Page header's box, drawn by the
 * stylesheet the HTML already names (the shell's chrome.module.css, .first-frame), before any script has run. Hidden from
 * assistive technology (the page's own heading follows) and replaced by the shell (shell/src/layout/first-frame.ts)
 * in the same frame the page's own header appears in.
 */
export function firstFrameHtml(frame: FirstFrame): string {
  const subtitle = frame.subtitle ? `<p class="first-frame-subtitle">${attribute(frame.subtitle)}</p>` : '';
  return (
    `<div id="${FIRST_FRAME_ID}" class="first-frame" aria-hidden="true">` +
    `<div class="first-frame-header"><div><p class="first-frame-title">${attribute(frame.title)}</p>${subtitle}</div></div></div>`
  );
}

/** The id the shell looks for (shell/src/layout/first-frame.ts FIRST_FRAME_ID). */
export const FIRST_FRAME_ID = 'first-frame';

/** Where the first frame goes: the frame's outlet, where the page's app will render (shell/src/index.html). */
const OUTLET = /<main\s[^>]*\bid=["']?meridian-outlet\b[^>]*>/;
/** The document's language attribute, as the minified template writes it (quoted or not). */
const HTML_LANG = /<html\s+lang=(?:"[^"]*"|'[^']*'|[^\s>]+)/;

/**
 * index.html with the platform configuration inlined as a JSON block (data, not script: a CSP without
 * 'unsafe-inline' allows it), the texts of the page's language and the current route's preload hints, all at
 * the end of <head>, and the route's first frame (its title and subtitle in the page's language) in the outlet.
 */
export async function renderAppShell(html: string, publicDir: string, config: PlatformConfig, pathname: string, language?: string): Promise<string> {
  // the shell starts in English until a language is chosen (and the choice writes the cookie at every start)
  const pageLanguage = LANGUAGES.find((l) => l.code === language) ?? LANGUAGES.find((l) => l.code === DEFAULT_LANGUAGE)!;
  const frame = await firstFrameOf(publicDir, config.remotes, pathname, pageLanguage.code);
  let body = html.replace(HTML_LANG, `<html lang="${pageLanguage.htmlLang}"`);
  if (frame) body = body.replace(OUTLET, (outlet) => outlet + firstFrameHtml(frame));
  const head = [
    `<script type="application/json" id="${INLINE_CONFIG_ID}">${jsonForScript(config)}</script>`,
    ...(await textHints(publicDir, language)),
    ...(await preloadHints(publicDir, config.remotes, pathname, language)),
  ].join('');
  // never before the doctype (that would switch the page to quirks mode): without a </head>, at the end
  const at = body.indexOf('</head>');
  return at >= 0 ? body.slice(0, at) + head + body.slice(at) : body + head;
}
