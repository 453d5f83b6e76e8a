import type { SlotContributions } from '@meridian/shared';

/**
 * One remote as /mf-config.json describes it: where its manifest is, which route prefixes it owns, and what it
 * contributes to the named slots (from its meridian.routes.json).
 */
export interface RemoteConfig {
  name: string;
  version?: string;
  manifest: string;
  routes: string[];
  slots?: SlotContributions;
}

export interface PlatformConfig {
  remotes: RemoteConfig[];
  mobileOnly: boolean;
  /** Origins a staging override may point a remote at ("*" matches any port). */
  overrideOrigins: string[];
}

/** The id of the JSON block the server inlines into index.html (server/src/modules/platform/static.ts). */
export const INLINE_CONFIG_ID = 'mf-config';

/**
 * The configuration the server inlined into this page (so the remotes' manifests need not wait for a request
 * of their own), or null when the page has none or it does not parse: the caller then fetches it.
 */
export function readInlineConfig(doc: Pick<Document, 'getElementById'> = document): PlatformConfig | null {
  const element = doc.getElementById(INLINE_CONFIG_ID);
  if (!element || element.getAttribute('type') !== 'application/json' || !element.textContent) return null;
  try {
    return parsePlatformConfig(JSON.parse(element.textContent));
  } catch (error) {
    console.warn('[meridian] the inline mf-config is unreadable; fetching /mf-config.json', error);
    return null;
  }
}

/** The inline configuration when the page carries one, else /mf-config.json. */
export async function loadPlatformConfig(doc: Pick<Document, 'getElementById'> = document, fetchImpl: typeof fetch = fetch): Promise<PlatformConfig> {
  return readInlineConfig(doc) ?? fetchPlatformConfig(fetchImpl);
}

/**
 * Fetched at every start, never cached: promoting or rolling back a remote is an edit of this file on the
 * server, and a browser must pick that up on its next load.
 */
export async function fetchPlatformConfig(fetchImpl: typeof fetch = fetch): Promise<PlatformConfig> {
  const response = await fetchImpl('/mf-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/mf-config.json answered ${response.status}`);
  return parsePlatformConfig(await response.json());
}

export function parsePlatformConfig(raw: unknown): PlatformConfig {
  const value = raw as Partial<PlatformConfig> | null;
  if (!value || !Array.isArray(value.remotes)) throw new Error('/mf-config.json has no remotes list');
  const remotes = value.remotes.map((remote, index) => {
    if (!remote || typeof remote.name !== 'string' || typeof remote.manifest !== 'string' || !Array.isArray(remote.routes)) {
      throw new Error(`/mf-config.json remote #${index} needs name, manifest and routes`);
    }
    const slots = remote.slots && typeof remote.slots === 'object' ? remote.slots : undefined;
    return { name: remote.name, version: remote.version, manifest: remote.manifest, routes: remote.routes.map(String), ...(slots ? { slots } : {}) };
  });
  return {
    remotes,
    mobileOnly: value.mobileOnly !== false,
    overrideOrigins: Array.isArray(value.overrideOrigins) ? value.overrideOrigins.map(String) : [],
  };
}

/** True when the path belongs to the route prefix: the prefix itself or anything below it. */
export function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

export function ownsPath(remote: RemoteConfig, pathname: string): boolean {
  return remote.routes.some((prefix) => matchesPrefix(pathname, prefix));
}
