import { useEffect, useState } from 'react';
import { http } from '@meridian/shared';

/** Uploads are served at this prefix, to their owner only (the token header): an <img src> cannot send it. */
export const UPLOAD_FILE_PREFIX = '/asset/admin/common/oss/file/';

const canObjectUrl = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/** Object URLs of avatars already fetched (or just uploaded), by upload path: profile and settings share them. */
const known = new Map<string, string>();
const inFlight = new Map<string, Promise<string>>();

export function isUploadPath(path: string): boolean {
  return path.startsWith(UPLOAD_FILE_PREFIX) && !path.includes('..');
}

/** After an upload: the image is already here, so it is shown at once without fetching it back. */
export function rememberAvatar(path: string, image: Blob): string | null {
  if (!canObjectUrl()) return null;
  const previous = known.get(path);
  if (previous) return previous;
  const url = URL.createObjectURL(image);
  known.set(path, url);
  return url;
}

/** Fetches the owner's upload with the token header (the platform's axios adds it) into an object URL. */
function loadAvatar(path: string): Promise<string> {
  const cached = known.get(path);
  if (cached) return Promise.resolve(cached);
  let pending = inFlight.get(path);
  if (!pending) {
    pending = http
      .get<Blob>(path, { responseType: 'blob', silent: true })
      .then((response) => {
        const blob = response.data;
        if (!(blob instanceof Blob) || !blob.type.startsWith('image/')) throw new Error(`${path} did not answer an image`);
        return rememberAvatar(path, blob) ?? Promise.reject(new Error('object URLs are not available'));
      })
      .finally(() => inFlight.delete(path));
    inFlight.set(path, pending);
  }
  return pending;
}

/** The displayable source of a user's avatar path, or null (none, not loaded yet, or failed: show initials). */
export function useAvatarSrc(path: string | undefined): string | null {
  const usable = path && isUploadPath(path) ? path : '';
  const [loaded, setLoaded] = useState<{ path: string; src: string } | null>(null);
  useEffect(() => {
    if (!usable) return;
    let alive = true;
    loadAvatar(usable).then(
      (src) => alive && setLoaded({ path: usable, src }),
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [usable]);
  if (!usable) return null;
  return known.get(usable) ?? (loaded?.path === usable ? loaded.src : null);
}

/** For tests: forgets every cached avatar. */
export function forgetAvatars(): void {
  for (const url of known.values()) if (canObjectUrl() && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
  known.clear();
  inFlight.clear();
}

/**
 * The letter an avatar without a picture shows: the first letter or digit of the nickname (any script), else of the
 * uid, else "?". Punctuation and symbols are skipped: a nickname "<Ana>" shows "A", not "<".
 */
export function avatarInitial(nickname: string | undefined, uid: string | undefined): string {
  for (const source of [nickname, uid]) {
    const match = source?.match(/[\p{L}\p{N}]/u);
    if (match) return match[0].toLocaleUpperCase();
  }
  return '?';
}
