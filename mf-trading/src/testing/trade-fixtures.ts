import { createElement, Fragment } from 'react';
import { createStore } from 'jotai';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { DemoInvestConfirmation, Toaster, http, installSocketHub, tokenAtom, typeUserAtom, userInfoAtom, type DepthLevel } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform, type ManualSocketHub } from '@meridian/shared/testing';
import type { MarketQuote } from '../api/market';
import type { InstrumentTerms, PerpOrder, Position, SpotOrder } from '../api/trading';
import { App } from '../AppRoot';
import { NS } from '../i18n';
import { translations } from '../all-texts';

/*
 * The trade screens' tests: the remote's whole app against a recorded HTTP adapter and a manual socket hub, and
 * one market, BTCUSDT, with a thin two-level book each side, the instrument terms the receipts are hand-computed
 * with, and one row of each list.
 */

/** One HTTP call the screen made, as the adapter saw it. */
export interface RecordedCall {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  body: Record<string, unknown>;
}

export const ok = (data: unknown) => ({ code: 0, msg: 'success', data });
export const page = (list: unknown[]) => ok({ total: list.length, page: 1, size: 20, list });

/**
 * Registers, around each test, an HTTP adapter that records every call and answers with `reply` (a 404 answer
 * when it gives undefined), a fresh manual socket hub and an empty localStorage. Read `calls` and `hub` from the
 * returned object inside a test.
 */
export function recordServer(reply: (call: RecordedCall) => unknown) {
  const state = { calls: [] as RecordedCall[], hub: undefined as unknown as ManualSocketHub };
  const defaultAdapter = http.defaults.adapter;
  let uninstall = () => {};
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: RecordedCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : {},
    };
    state.calls.push(call);
    const data = reply(call) ?? { code: 404, msg: `no mock for ${call.url}`, data: null };
    return { data, status: 200, statusText: 'OK', headers: {}, config };
  };
  beforeEach(() => {
    state.calls = [];
    http.defaults.adapter = adapter;
    localStorage.clear();
    state.hub = createManualSocketHub();
    uninstall = installSocketHub(state.hub);
  });
  afterEach(() => {
    uninstall();
    http.defaults.adapter = defaultAdapter;
  });
  return state;
}

/** The remote's app at `url` for a logged-in user (verified unless told otherwise), with the toaster and the demo confirmation. */
export function renderTradeApp(
  url: string,
  { demo = false, kycStatus = 'verified', language = 'en' }: { demo?: boolean; kycStatus?: string; language?: string } = {},
): ReturnType<typeof renderWithPlatform> & { user: ReturnType<typeof userEvent.setup> } {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', kycStatus });
  if (demo) store.set(typeUserAtom, 'demo');
  const view = renderWithPlatform(createElement(Fragment, null, createElement(App), createElement(DemoInvestConfirmation), createElement(Toaster)), {
    url,
    store,
    language,
    translations: { namespace: NS, texts: translations },
  });
  return { ...view, user: userEvent.setup() };
}

export const QUOTE: MarketQuote = {
  symbol: 'BTCUSDT',
  name: 'Bitcoin',
  category: 'CRYPTO',
  unit: 'USDT',
  price: '64020',
  bid: '63990',
  ask: '64000',
  open: '63000',
  high: '65000',
  low: '62500',
  change: '1020',
  changePercent: '1.62',
  volume: '1234',
  time: 1_000,
  isIco: 0,
  priceDecimals: 2,
  amountDecimals: 5,
  marketOpen: true,
};

export const TERMS: InstrumentTerms = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  priceDecimals: 2,
  amountDecimals: 5,
  leverages: [1, 5, 10, 20],
  minQuantity: '0.0001',
  maxQuantity: '100',
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0005',
  maintenanceTiers: [{ maxNotional: null, rate: '0.005' }],
  fundingIntervalHours: 8,
  fundingRate: '0.0001',
  spotEnabled: true,
  perpetualEnabled: true,
  isIco: 0,
  version: 1,
};

/** Two thin levels each side: 0.1 BTC bought at market walks both asks (64,050 on average). */
export const ASKS: DepthLevel[] = [
  ['64000', '0.05'],
  ['64100', '0.1'],
];
export const BIDS: DepthLevel[] = [
  ['63990', '0.2'],
  ['63900', '1'],
];

export const POSITION: Position = {
  id: '41',
  symbol: 'BTCUSDT',
  side: 'long',
  quantity: '0.1',
  entryPrice: '64000',
  markPrice: '64020',
  indexPrice: '63995',
  liquidationPrice: '57934.68',
  leverage: 10,
  margin: '640',
  marginMode: 'isolated',
  marginRatio: '4.96',
  maintenanceMargin: '32.01',
  totalValue: '6402',
  unrealisedPnl: '2',
  realisedPnl: '0',
  pnlPercent: '0.31',
  takeProfit: null,
  stopLoss: null,
  parentOrderId: '40',
  status: 'open',
  closeType: null,
  closePrice: null,
  closeTime: null,
  openedAt: '2025-01-01T00:00:00.000Z',
};

export const PERP_ORDER: PerpOrder = {
  id: '52',
  symbol: 'BTCUSDT',
  side: 'short',
  type: 'limit',
  status: 'pending',
  quantity: '0.2',
  amount: null,
  price: '66000',
  doneQuantity: '0',
  donePrice: '0',
  averagePrice: '0',
  marketValue: '13200',
  fee: '0',
  leverage: 5,
  marginMode: 'isolated',
  margin: '2640',
  takeProfit: null,
  stopLoss: null,
  positionId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  doneAt: null,
};

export const SPOT_ORDER: SpotOrder = {
  id: '77',
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  side: 'buy',
  type: 'limit',
  status: 'pending',
  quantity: '0.01',
  amount: null,
  price: '60000',
  doneQuantity: '0',
  donePrice: null,
  averagePrice: null,
  marketValue: '0',
  fee: '0',
  feeAsset: 'BTC',
  makerFeeRate: '0.0002',
  takerFeeRate: '0.0005',
  frozen: '600',
  frozenAsset: 'USDT',
  isIco: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  finishedAt: null,
  requestId: 'r-1',
  fills: [],
};
