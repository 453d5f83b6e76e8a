import { type site, type DataOf } from '@meridian/contracts';
import { APP_VERSION } from '@meridian/shared';

/** This build's own version (spec: "App version is 1.0.0", kept in shared); the server compares it with the current release. */
export { APP_VERSION };
/** The platform this build reports to app-version/get-version. */
export const APP_PLATFORM = 'web' as const;
/** Spec §9: the update dialog appears 500 ms after the answer. */
export const UPDATE_DIALOG_DELAY_MS = 500;

export type NewUpdate = 'must_update' | 'choose_update';

/** What app-version/get-version answers (contracts/src/site). */
export type VersionAnswer = DataOf<typeof site.version>;
export type VersionInfo = VersionAnswer['version'];

/** What this build asks app-version/get-version (reads are silent: a failing check must never bother the user). */
export const VERSION_INPUT = { platform: APP_PLATFORM, versionNo: APP_VERSION };

/** The Network Information API's fields we read (not in every browser, hence all optional). */
export interface ConnectionInfo {
  type?: string;
  effectiveType?: string;
}

export function readConnection(): ConnectionInfo | undefined {
  return (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

const NOT_METERED = ['wifi', 'ethernet'];
const UNKNOWN = ['unknown', 'none', 'other'];
const CELLULAR_EFFECTIVE_TYPES = ['slow-2g', '2g', '3g'];

/**
 * Whether downloading uses the user's data plan (spec: "on a non-WIFI connection a notice about data
 * traffic is shown"): the connection type is known and is neither Wi-Fi nor wired, or the type is unknown
 * but the effective type is a cellular-only speed. Nothing known → no notice.
 */
export function isMeteredConnection(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return false;
  const type = connection.type?.toLowerCase();
  if (type && !UNKNOWN.includes(type)) return !NOT_METERED.includes(type);
  return CELLULAR_EFFECTIVE_TYPES.includes(connection.effectiveType?.toLowerCase() ?? '');
}

/**
 * The web build's update: fetch the app shell again, bypassing the cache (so a failure to reach the new
 * build is noticed while the user still sees the dialog), then reload to run the new build.
 */
export async function applyWebUpdate(): Promise<void> {
  const response = await fetch(new URL('/', window.location.origin).href, { cache: 'reload', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`the new build could not be fetched (HTTP ${response.status})`);
  window.location.reload();
}
