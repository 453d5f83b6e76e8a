import { readFile } from 'node:fs/promises';
import path from 'node:path';
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

function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** True when the path belongs to the route prefix (the same rule as the shell's matchesPrefix). */
function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ name?: string; path?: string; assets?: { js?: { sync?: string[] } } }>;
}

/**
 * The remote's manifest, when it is a file of this server (a manifest elsewhere, or one that cannot be read,
 * just gets no hints beyond itself).
 */
async function readLocalManifest(publicDir: string, url: string): Promise<Manifest | null> {
  if (!url.startsWith('/') || url.startsWith('//')) return null;
  const file = path.join(publicDir, decodeURIComponent(url.split(/[?#]/)[0] ?? ''));
  if (!file.startsWith(publicDir + path.sep)) return null;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/**
 * Preload hints for the remote that owns `pathname`: its manifest (fetched by the federation runtime), its
 * remoteEntry.js and the exposed ./app's first chunks (script tags), so they download while the shell's own
 * scripts do, instead of one after another once the shell has started.
 */
export async function preloadHints(publicDir: string, remotes: RemoteEntry[], pathname: string): Promise<string[]> {
  const remote = remotes.find((r) => r.routes.some((prefix) => matchesPrefix(pathname, prefix)));
  if (!remote) return [];
  // the runtime's fetch() is a CORS-mode request without credentials to other origins: crossorigin matches it
  const hints = [`<link rel="preload" href="${attribute(remote.manifest)}" as="fetch" crossorigin="anonymous">`];
  const manifest = await readLocalManifest(publicDir, remote.manifest);
  if (!manifest) return hints;
  const base = remote.manifest.slice(0, remote.manifest.lastIndexOf('/') + 1);
  const entry = manifest.metaData?.remoteEntry;
  const scripts: string[] = [];
  if (entry?.name) scripts.push(path.posix.join(entry.path ?? '', entry.name));
  const app = manifest.exposes?.find((e) => e.path === './app' || e.name === 'app');
  scripts.push(...(app?.assets?.js?.sync ?? []));
  for (const script of scripts) hints.push(`<link rel="preload" href="${attribute(base + script)}" as="script">`);
  return hints;
}

/**
 * index.html with the platform configuration inlined as a JSON block (data, not script: a CSP without
 * 'unsafe-inline' allows it) and the current route's preload hints, both at the end of <head>.
 */
export async function renderAppShell(html: string, publicDir: string, config: PlatformConfig, pathname: string): Promise<string> {
  const head = [
    `<script type="application/json" id="${INLINE_CONFIG_ID}">${jsonForScript(config)}</script>`,
    ...(await preloadHints(publicDir, config.remotes, pathname)),
  ].join('');
  // never before the doctype (that would switch the page to quirks mode): without a </head>, at the end
  const at = html.indexOf('</head>');
  return at >= 0 ? html.slice(0, at) + head + html.slice(at) : html + head;
}
