// A stand-in for the server in the offerings screens' tests: answers each API path through the platform's one
// axios instance and records every call.
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@meridian/shared';

export interface Call {
  url: string;
  method: string;
  params: Record<string, unknown> | undefined;
  data: Record<string, unknown> | undefined;
}
export type Body = { code: number; msg: string; reason?: string; data: unknown };
export type Answer = Body | ((call: Call) => Body);

export const ok = (data: unknown): Body => ({ code: 0, msg: 'success', data });
export const refused = (msg: string, reason: string): Body => ({ code: 1002, msg, reason, data: null });

export function installServer(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
    const call: Call = { url, method: (config.method ?? 'get').toUpperCase(), params: config.params as Record<string, unknown> | undefined, data };
    calls.push(call);
    const answer = answers[url] ?? ok([]);
    return { data: typeof answer === 'function' ? answer(call) : answer, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return { calls, callsTo: (url: string) => calls.filter((c) => c.url === url), restore: () => void (http.defaults.adapter = original) };
}
