import type { PlatformConfig, RemoteConfig } from './mf-config';

/**
 * Staging override: `?mf-override=<remote name>=<manifest url>` points one remote of this browser tab at a
 * preview build. It is kept in sessionStorage (this tab only, gone when the tab closes) and only honoured
 * for allow-listed origins, so a crafted link cannot load code from anywhere.
 */
export const OVERRIDE_PARAM = 'mf-override';
export const OVERRIDE_STORAGE_KEY = 'meridian.mf-override';

export type Overrides = Record<string, string>;

export function originAllowed(url: string, allowList: string[], pageOrigin: string): boolean {
  let origin: string;
  try {
    origin = new URL(url, pageOrigin).origin;
  } catch {
    return false;
  }
  if (origin === pageOrigin) return true;
  return allowList.some((pattern) => {
    if (!pattern.endsWith(':*')) return pattern === origin;
    const base = pattern.slice(0, -2);
    return origin === base || (origin.startsWith(`${base}:`) && /^\d+$/.test(origin.slice(base.length + 1)));
  });
}

function readStored(storage: Storage): Overrides {
  try {
    const parsed = JSON.parse(storage.getItem(OVERRIDE_STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Overrides) : {};
  } catch {
    return {};
  }
}

/**
 * Reads overrides from the address (and removes the parameter from it) and from this tab's storage; keeps
 * only the allowed ones for known remotes.
 */
export function collectOverrides(
  config: PlatformConfig,
  location: Pick<Location, 'href' | 'origin'>,
  storage: Storage,
  replaceUrl: (url: string) => void,
): Overrides {
  const overrides = readStored(storage);
  const url = new URL(location.href);
  const requested = url.searchParams.getAll(OVERRIDE_PARAM);
  for (const entry of requested) {
    const split = entry.indexOf('=');
    if (split > 0) overrides[entry.slice(0, split)] = entry.slice(split + 1);
  }
  if (requested.length > 0) {
    url.searchParams.delete(OVERRIDE_PARAM);
    replaceUrl(url.pathname + url.search + url.hash);
  }
  const known = new Set(config.remotes.map((r) => r.name));
  const accepted: Overrides = {};
  for (const [name, manifest] of Object.entries(overrides)) {
    if (known.has(name) && originAllowed(manifest, config.overrideOrigins, location.origin)) accepted[name] = manifest;
    else console.warn(`[meridian] staging override for ${name} to ${manifest} refused (unknown remote or origin not allowed)`);
  }
  if (Object.keys(accepted).length > 0) storage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(accepted));
  else storage.removeItem(OVERRIDE_STORAGE_KEY);
  return accepted;
}

export function applyOverrides(remotes: RemoteConfig[], overrides: Overrides): RemoteConfig[] {
  return remotes.map((remote) => (overrides[remote.name] ? { ...remote, manifest: overrides[remote.name]! } : remote));
}

export function clearOverrides(storage: Storage): void {
  storage.removeItem(OVERRIDE_STORAGE_KEY);
}
