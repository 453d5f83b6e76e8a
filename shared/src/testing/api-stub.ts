// Tests only. A stand-in for the server in screen tests: answers each API path through the platform's one axios
// instance and records every call (path, method, query, body), so a test states what the server said and checks
// what the screen asked.
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../http/client';

export interface Call {
  url: string;
  method: string;
  params: Record<string, unknown> | undefined;
  data: Record<string, unknown> | undefined;
}
export type Body = { code: number; msg: string; reason?: string; data: unknown };
/** An envelope, a function of the call giving one, or 'network' for a request that gets no answer. */
export type Answer = Body | 'network' | ((call: Call) => Body | 'network');

export const ok = (data: unknown): Body => ({ code: 0, msg: 'success', data });
/** A refusal as the server sends it: its text, a catalogue key when there is one, the code (1002 by default). */
export const refused = (msg: string, code = 1002, reason?: string): Body => ({ code, msg, ...(reason ? { reason } : {}), data: null });
export const page = <T>(list: T[], total = list.length, size = 20) => ({ total, page: 1, size, list });

/** Answers one after another (the last one repeats). */
export function sequence(...answers: Array<Body | 'network'>): Answer {
  let index = 0;
  return () => answers[Math.min(index++, answers.length - 1)]!;
}

/** Serves `answers` by path (an unknown path answers ok(null)) until restore(). */
export function installServer(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
    const call: Call = { url, method: (config.method ?? 'get').toUpperCase(), params: config.params as Record<string, unknown> | undefined, data };
    calls.push(call);
    const answer = answers[url] ?? ok(null);
    const body = typeof answer === 'function' ? answer(call) : answer;
    if (body === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    answers,
    callsTo: (url: string) => calls.filter((call) => call.url === url),
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}
