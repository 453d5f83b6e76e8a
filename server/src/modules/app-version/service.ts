import type { AppQrLink, Config } from '../../config.js';
import { compareVersions } from './version.js';

export const PLATFORMS = ['web', 'android', 'ios'] as const;
export type Platform = (typeof PLATFORMS)[number];

export type NewUpdate = 'must_update' | 'choose_update' | null;

export interface VersionAnswer {
  version: { versionNo: string; description: string; linkUpdateHot: string; linkUpdateFull: string };
  newUpdate: NewUpdate;
}

type ReleaseConfig = Pick<Config, 'appVersion' | 'appMinVersion' | 'appUpdateDescription' | 'appUpdateUrlHot' | 'appUpdateUrlFull'>;

/**
 * The current release and what a client at `clientVersion` must do: below the minimum it must update, below
 * the current release it may, otherwise nothing. Every platform is offered the same configured release.
 */
export function versionFor(config: ReleaseConfig, _platform: Platform, clientVersion: string): VersionAnswer {
  let newUpdate: NewUpdate = null;
  if (compareVersions(clientVersion, config.appMinVersion) < 0) newUpdate = 'must_update';
  else if (compareVersions(clientVersion, config.appVersion) < 0) newUpdate = 'choose_update';
  return {
    version: {
      versionNo: config.appVersion,
      description: config.appUpdateDescription,
      linkUpdateHot: config.appUpdateUrlHot,
      linkUpdateFull: config.appUpdateUrlFull,
    },
    newUpdate,
  };
}

export function appQrLinks(config: Pick<Config, 'appQrLinks'>): AppQrLink[] {
  return config.appQrLinks.map((link) => ({ ...link }));
}
