import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { http } from '../http/client';

/**
 * Uploads are served at this prefix to their owner and to whom an action of theirs shared them with (a payment
 * proof sent in a C2C order), by the token header: an <img src> cannot send it, so the image is fetched with the
 * platform's axios (which adds it) into an object URL.
 */
export const UPLOAD_FILE_PREFIX = '/asset/admin/common/oss/file/';

const canObjectUrl = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

/** Object URLs of uploads already fetched (or just uploaded), by upload path: every screen shares them. */
const known = new Map<string, string>();
const inFlight = new Map<string, Promise<string>>();

export function isUploadPath(path: string): boolean {
  return path.startsWith(UPLOAD_FILE_PREFIX) && !path.includes('..');
}

/** After an upload: the image is already here, so it is shown at once without fetching it back. */
export function rememberUpload(path: string, image: Blob): string | null {
  if (!canObjectUrl()) return null;
  const previous = known.get(path);
  if (previous) return previous;
  const url = URL.createObjectURL(image);
  known.set(path, url);
  return url;
}

function loadUpload(path: string): Promise<string> {
  const cached = known.get(path);
  if (cached) return Promise.resolve(cached);
  let pending = inFlight.get(path);
  if (!pending) {
    pending = http
      .get<Blob>(path, { responseType: 'blob', silent: true })
      .then((response) => {
        const blob = response.data;
        if (!(blob instanceof Blob) || !blob.type.startsWith('image/')) throw new Error(`${path} did not answer an image`);
        return rememberUpload(path, blob) ?? Promise.reject(new Error('object URLs are not available'));
      })
      .finally(() => inFlight.delete(path));
    inFlight.set(path, pending);
  }
  return pending;
}

/** The displayable source of an upload path, or null (none, not loaded yet, not readable, or failed). */
export function useUploadSrc(path: string | undefined): string | null {
  const usable = path && isUploadPath(path) ? path : '';
  const [loaded, setLoaded] = useState<{ path: string; src: string } | null>(null);
  useEffect(() => {
    if (!usable) return;
    let alive = true;
    loadUpload(usable).then(
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

/** An uploaded image, drawn once it has been fetched with the session (nothing until then). */
export function UploadImage({ path, ...rest }: { path: string } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  const src = useUploadSrc(path);
  return src ? <img {...rest} src={src} /> : null;
}

/** For tests: forgets every fetched upload. */
export function forgetUploads(): void {
  for (const url of known.values()) if (canObjectUrl() && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
  known.clear();
  inFlight.clear();
}
