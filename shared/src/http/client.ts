import axios, { type AxiosRequestConfig } from 'axios';

/** Every API response: success when code is 0 or 200; otherwise msg says why. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  /** On a refusal: its stable key (contracts' REFUSALS) and parameters; msg is already in the user's language. */
  reason?: string;
  params?: Record<string, string | number>;
}

export const REQUEST_TIMEOUT_MS = 60_000;

/** The platform's one axios instance. The shell installs the request conventions on it (headers, envelope). */
export const http = axios.create({ timeout: REQUEST_TIMEOUT_MS });

export class ApiError extends Error {
  /** True when the user was already told (the request conventions showed msg as a toast): do not toast it again. */
  readonly notified: boolean;

  /** The refusal's stable key (e.g. 'rateMoved'): what code compares, since the message is translated. */
  readonly reason: string | undefined;

  constructor(
    readonly code: number,
    message: string,
    options: { notified?: boolean; reason?: string | undefined } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.notified = options.notified ?? false;
    this.reason = options.reason;
  }
}

/**
 * Whether a failed read was the server saying the record does not exist (an unknown id, or one of another user:
 * the `…NotFound` refusals, or HTTP 404), rather than a failure a retry might mend.
 */
export function isNotFound(error: unknown): boolean {
  if (error instanceof ApiError) return error.reason !== undefined && /^(notFound|[a-zA-Z]+NotFound)$/.test(error.reason);
  return axios.isAxiosError(error) && error.response?.status === 404;
}

export function isSuccess(envelope: Pick<Envelope, 'code'>): boolean {
  return envelope.code === 0 || envelope.code === 200;
}

/** Sends a request and returns the envelope's data, or throws ApiError with the server's msg. */
export async function request<T>(config: AxiosRequestConfig): Promise<T> {
  const response = await http.request<Envelope<T>>(config);
  const envelope = response.data;
  if (!isSuccess(envelope)) throw new ApiError(envelope.code, envelope.msg, { reason: envelope.reason });
  return envelope.data;
}
