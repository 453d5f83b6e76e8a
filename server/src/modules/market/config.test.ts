import assert from 'node:assert/strict';
import { test } from 'node:test';
import { marketConfig } from './config.js';

test('market settings: defaults', () => {
  assert.deepEqual(marketConfig({}), {
    seed: 'meridian',
    tickMs: 1000,
    klineFlushMs: 5000,
    backfillBars: 500,
    streamKey: 'meridian-public',
    wsMaxBufferedBytes: 1024 * 1024,
    feed: 'simulated',
    exchange: { restUrl: 'https://api.binance.com', wsUrl: 'wss://stream.binance.com:9443' },
  });
});

test('market settings: from the environment, and out-of-range values refused at start', () => {
  const config = marketConfig({ MARKET_SEED: ' s1 ', MARKET_TICK_MS: '250', MARKET_STREAM_KEY: 'k', MARKET_BACKFILL_BARS: '800' });
  assert.deepEqual([config.seed, config.tickMs, config.streamKey, config.backfillBars], ['s1', 250, 'k', 800]);
  assert.throws(() => marketConfig({ MARKET_TICK_MS: '0' }), /MARKET_TICK_MS must be an integer 10-60000, got "0"/);
  assert.throws(() => marketConfig({ MARKET_TICK_MS: '1.5' }), /MARKET_TICK_MS/);
  assert.throws(() => marketConfig({ MARKET_WS_MAX_BUFFER_BYTES: 'lots' }), /MARKET_WS_MAX_BUFFER_BYTES/);
});

test('market feed: simulated or exchange, with the exchange addresses validated at start', () => {
  const config = marketConfig({ MARKET_FEED: ' Exchange ', MARKET_EXCHANGE_REST_URL: 'http://127.0.0.1:9000/', MARKET_EXCHANGE_WS_URL: 'ws://127.0.0.1:9000' });
  assert.deepEqual([config.feed, config.exchange], ['exchange', { restUrl: 'http://127.0.0.1:9000', wsUrl: 'ws://127.0.0.1:9000' }]);
  assert.throws(() => marketConfig({ MARKET_FEED: 'binance' }), /MARKET_FEED must be one of simulated, exchange, got "binance"/);
  assert.throws(() => marketConfig({ MARKET_EXCHANGE_REST_URL: 'wss://stream.binance.com' }), /MARKET_EXCHANGE_REST_URL must be an absolute http:\/https: URL/);
  assert.throws(() => marketConfig({ MARKET_EXCHANGE_WS_URL: 'stream.binance.com' }), /MARKET_EXCHANGE_WS_URL/);
  assert.throws(() => marketConfig({ MARKET_EXCHANGE_REST_URL: 'https://api.binance.com?x=1' }), /without query/);
});
