// A stand-in for the server in the investment screens' tests: answers each API path through the platform's one
// axios instance and records every call (path, method, query, body).
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@meridian/shared';
import { invest } from '@meridian/contracts';

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
export const page = <T>(list: T[]) => ({ total: list.length, page: 1, size: 50, list });

/** Empty answers for every investment read (a screen with nothing to show). */
export const EMPTY: Record<string, Answer> = {
  [invest.smartPoolProducts.path]: ok([]),
  [invest.financingProducts.path]: ok([]),
  [invest.smartPoolOrders.path]: ok(page([])),
  [invest.smartPoolHistory.path]: ok(page([])),
  [invest.financingOrders.path]: ok(page([])),
  [invest.smartPoolSummary.path]: ok({ asset: 'USDT', level: 0, lockedOrders: 0, invested: '0', revenue: '0', estimatedInterest: '0', rebates: '0', nextPayoutAt: null,
    team: [1, 2, 3].map((tier) => ({ tier, members: 0, rebates: '0' })) }),
};

export function installServer(answers: Record<string, Answer>) {
  const calls: Call[] = [];
  const original = http.defaults.adapter;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const url = config.url ?? '';
    const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
    const call: Call = { url, method: (config.method ?? 'get').toUpperCase(), params: config.params as Record<string, unknown> | undefined, data };
    calls.push(call);
    const answer = answers[url] ?? EMPTY[url] ?? ok(null);
    return { data: typeof answer === 'function' ? answer(call) : answer, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  return {
    calls,
    callsTo: (url: string) => calls.filter((call) => call.url === url),
    restore: () => {
      http.defaults.adapter = original;
    },
  };
}
