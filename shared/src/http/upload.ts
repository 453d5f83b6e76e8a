import type { AxiosInstance } from 'axios';
import axios from 'axios';
import { identity } from '@meridian/contracts';
import { http as platformHttp, REQUEST_TIMEOUT_MS } from './client';
import { platformStore, type PlatformStore } from '../store';
import { langAtom, tokenAtom } from '../session/atoms';
import { sessionText } from '../session/texts';
import { HEADERS, langHeaderFor } from './conventions';

/** The upload's outcome: the stored file's path, or null with a message to show. */
export type UploadResult = { path: string; message?: undefined } | { path: null; message: string };

export interface UploadOptions {
  store?: PlatformStore;
  client?: AxiosInstance;
  /** Form field name; the spec's is "file". */
  field?: string;
  fileName?: string;
}

/**
 * Uploads an image (multipart POST /asset/admin/common/oss/upload, the contract identity.upload: a `file`
 * field, token and lang headers). Not through call(): the body is a form, and the reply is read as text so that
 * a non-JSON answer (a proxy's error page) is a result rather than an exception.
 * Never throws and shows no toast: success (code 0 with the path in data) gives {path}; any other answer,
 * a reply that is not JSON, or a failure gives {path: null, message}.
 */
export async function uploadImage(file: Blob, options: UploadOptions = {}): Promise<UploadResult> {
  const { store = platformStore, client = platformHttp, field = 'file', fileName } = options;
  const form = new FormData();
  if (fileName !== undefined) form.append(field, file, fileName);
  else form.append(field, file);

  const headers: Record<string, string> = { [HEADERS.lang]: langHeaderFor(store.get(langAtom)) };
  const token = store.get(tokenAtom);
  if (token) headers[HEADERS.token] = token;

  let raw: unknown;
  try {
    const response = await client.post<unknown>(identity.upload.path, form, {
      headers,
      timeout: REQUEST_TIMEOUT_MS,
      // read the reply as text and parse it here: a non-JSON reply is a result, not an exception
      responseType: 'text',
      transformResponse: [(data: unknown) => data],
      silent: true,
    });
    raw = response.data;
  } catch (error) {
    const body = axios.isAxiosError(error) ? error.response?.data : undefined;
    if (body !== undefined) raw = body;
    else return { path: null, message: failureMessage(error) };
  }
  return interpret(raw);
}

function interpret(raw: unknown): UploadResult {
  let body: unknown = raw;
  if (typeof raw === 'string') {
    try {
      body = JSON.parse(raw);
    } catch {
      return { path: null, message: sessionText('uploadFailed') };
    }
  }
  if (typeof body !== 'object' || body === null) return { path: null, message: sessionText('uploadFailed') };
  const { code, msg, data } = body as { code?: unknown; msg?: unknown; data?: unknown };
  if (Number(code) === 0 && code !== null && code !== '' && typeof data === 'string' && data) return { path: data };
  return { path: null, message: typeof msg === 'string' && msg ? msg : sessionText('uploadFailed') };
}

function failureMessage(error: unknown): string {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  if (offline || (axios.isAxiosError(error) && !error.response && error.code === 'ERR_NETWORK')) return sessionText('noNetwork');
  return sessionText('uploadFailed');
}
