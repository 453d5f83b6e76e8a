import type { KlineInterval } from '@meridian/contracts';
import { isBook, isRestKline, isRestTicker, type BookLevels, type RestKline, type RestTicker24h } from './format.js';

/** The exchange's limit for one klines request. */
export const MAX_KLINES_PER_REQUEST = 1000;

/**
 * The exchange's public REST market-data endpoints (no key needed). Each request gives up after `timeoutMs`, so
 * an unreachable exchange delays the server's start by at most that long.
 */
export class ExchangeRest {
  constructor(
    private readonly baseUrl: string,
    private readonly timeoutMs = 5000,
  ) {}

  /** Every listed symbol's rolling 24 h ticker (one request rather than one per symbol). */
  async tickers(): Promise<RestTicker24h[]> {
    const body = await this.get('/api/v3/ticker/24hr', {});
    if (!Array.isArray(body)) throw new Error('ticker/24hr: expected an array');
    return body.filter(isRestTicker);
  }

  async depth(symbol: string, limit: number): Promise<BookLevels> {
    const body = await this.get('/api/v3/depth', { symbol, limit: String(limit) });
    if (!isBook(body)) throw new Error(`depth ${symbol}: unexpected body`);
    return body;
  }

  /** Up to `limit` (≤ 1000) bars of `interval` opening at or before `endTime`, oldest first. */
  async klines(symbol: string, interval: KlineInterval, endTime: number, limit: number): Promise<RestKline[]> {
    const body = await this.get('/api/v3/klines', { symbol, interval, endTime: String(endTime), limit: String(limit) });
    if (!Array.isArray(body)) throw new Error(`klines ${symbol} ${interval}: expected an array`);
    return body.filter(isRestKline);
  }

  private async get(path: string, query: Record<string, string>): Promise<unknown> {
    // Appended rather than resolved, so a base with a path (a proxy's /binance) keeps it.
    const url = new URL(this.baseUrl.replace(/\/+$/, '') + path);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const response = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/json' } });
    if (!response.ok) {
      // The exchange explains refusals as {"code": -1121, "msg": "Invalid symbol."}; keep that in the error.
      const detail = (await response.text().catch(() => '')).slice(0, 200);
      throw new Error(`GET ${url.pathname} answered HTTP ${response.status} ${detail}`);
    }
    return response.json();
  }
}
