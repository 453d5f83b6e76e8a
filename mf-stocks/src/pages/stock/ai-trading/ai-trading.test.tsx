import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, type AxiosAdapter } from 'axios';
import { createStore } from 'jotai';
import { aiFunds } from '@meridian/contracts';
import { DemoInvestConfirmation, http, setSlotContributions, tokenAtom, typeUserAtom, userInfoAtom, type SlotContributions, type UserInfo } from '@meridian/shared';
import { pushInvalidationProblems, renderWithPlatform } from '@meridian/shared/testing';
import manifest from '../../../../meridian.routes.json';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import type { Fund, FundPosition } from './parts/api';

const en = translations.en;

const FUND: Fund = {
  id: 'us-tech-5',
  name: 'US Tech Five',
  strategy: 'equal-weight',
  symbols: ['AAPL:NASDAQ', 'MSFT:NASDAQ'],
  top: null,
  lookbackDays: null,
  rebalanceEveryDays: 7,
  hasCode: true,
  termsVersion: 1,
  shareDecimals: 2,
  minShares: '1',
  maxGainRate: '1',
  valuePerShare: '105.05',
  valuedAt: '2026-03-02T15:30:00.000Z',
  holdings: ['AAPL:NASDAQ', 'MSFT:NASDAQ'],
  dailyYieldRate: '0.0105',
  dailyYieldPeriod: { from: '2026-03-01T15:30:00.000Z', to: '2026-03-02T15:30:00.000Z', days: 1 },
  expectedRate: '0.0505',
  expectedRatePeriod: { from: '2026-02-01T15:30:00.000Z', to: '2026-03-02T15:30:00.000Z', days: 29 },
  history: [
    { at: '2026-02-01T15:30:00.000Z', value: '100' },
    { at: '2026-02-15T15:30:00.000Z', value: '98' },
    { at: '2026-03-02T15:30:00.000Z', value: '105.05' },
  ],
};

const POSITION: FundPosition = {
  id: '12',
  fundId: 'us-tech-5',
  fundName: 'US Tech Five',
  status: 'holding',
  shares: '2',
  buyValue: '100',
  buyValuedAt: '2026-03-01T10:00:00.000Z',
  cost: '200',
  redeemCap: '400',
  boughtAt: '2026-03-01T10:00:00.000Z',
  termsVersionId: '3',
  valuePerShare: '105.05',
  valuedAt: '2026-03-02T15:30:00.000Z',
  marketValue: '210.1',
  pnl: '10.1',
  pnlRate: '0.0505',
  redeemValue: null,
  proceeds: null,
  redeemedAt: null,
};

type Sent = { url: string; method: string; params?: Record<string, unknown>; data?: Record<string, unknown> };
let sent: Sent[] = [];
let original: AxiosAdapter | undefined;

function serve(answer: (call: Sent) => { code: number; msg: string; reason?: string; data: unknown } | 'network') {
  sent = [];
  original = http.defaults.adapter as AxiosAdapter;
  http.defaults.adapter = async (config) => {
    const call: Sent = { url: config.url ?? '', method: (config.method ?? 'get').toUpperCase(), params: config.params, data: typeof config.data === 'string' && config.data ? JSON.parse(config.data) : undefined };
    sent.push(call);
    const body = answer(call);
    if (body === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
}
const ok = (data: unknown) => ({ code: 0, msg: 'success', data });
// the slots as the shell fills them from the manifest, so a buy or redemption makes the AI fund reads stale
beforeEach(() => setSlotContributions('mf_stocks', (manifest as { slots?: SlotContributions }).slots));
afterEach(() => {
  if (original) http.defaults.adapter = original;
});

function renderAt(url: string, mode: 'real' | 'demo' = 'real') {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', nickname: 'ann', kycStatus: 'verified' } as unknown as UserInfo);
  store.set(typeUserAtom, mode);
  // the shell renders the demo confirmation in its chrome
  return renderWithPlatform(
    <>
      <App />
      <DemoInvestConfirmation />
    </>,
    { url, store, translations: { namespace: NS, texts: translations } },
  );
}

describe('AI funds', () => {
  it('the manifest names the AI fund reads a buy or redemption makes stale, all of them contract paths', () => {
    const entry = manifest.slots['push.invalidations'].find((e) => e.action === 'AI_FUND');
    expect(entry?.queries).toEqual(expect.arrayContaining([aiFunds.list.path, aiFunds.positions.path, aiFunds.history.path, aiFunds.info.path]));
    expect(pushInvalidationProblems(manifest.slots as SlotContributions).unknown).toEqual([]);
  });

  it('lists each fund with its value, minimum, realised yields with their periods and a chart; and my positions', async () => {
    serve((call) =>
      call.url === aiFunds.list.path ? ok([FUND]) : call.url === aiFunds.positions.path ? ok([POSITION]) : call.url === aiFunds.info.path ? ok({ positions: 1, cost: '200', value: '210.1', pnl: '10.1', pnlRate: '0.0505', funds: [] }) : ok(null),
    );
    renderAt('/pages/stock/ai-trading/index');
    const card = await screen.findByTestId('ai-fund-us-tech-5');
    expect(within(card).getByTestId('ai-fund-value')).toHaveTextContent('105.05USDT');
    expect(within(card).getByText(en.aiFundDailyYieldLabel)).toHaveTextContent('2026-03-01 – 2026-03-02 (1 days)');
    expect(card).toHaveTextContent('+1.05%');
    expect(within(card).getByText(en.aiFundExpectedRateLabel)).toHaveTextContent('(29 days)');
    expect(card).toHaveTextContent('+5.05%');
    expect(within(card).getByRole('img')).toHaveAccessibleName(/Value of US Tech Five: 100 at 2026-02-01 15:30 UTC to 105.05/);
    expect(screen.getByTestId('ai-fund-disclaimer')).toHaveTextContent(en.aiFundHistoricalNote);
    const position = await screen.findByTestId('ai-position-12');
    expect(within(position).getByTestId('ai-position-pnl')).toHaveTextContent('+10.10 USDT (+5.05%)');
    expect(screen.getByTestId('ai-fund-total-value')).toHaveTextContent('210.1 USDT');
  });

  it('buy: the code first (a wrong one is said), then shares, the confirmation, and the receipt', async () => {
    serve((call) => {
      if (call.url === aiFunds.list.path) return ok([FUND]);
      if (call.url === aiFunds.checkCode.path) return call.params?.code === '4821' ? ok({ fundId: 'us-tech-5', ok: true }) : { code: 1002, msg: 'Wrong code: 4 attempts left before a 15-minute pause', reason: 'aiFundCodeWrong', data: null };
      if (call.url === aiFunds.buy.path) return ok({ ...POSITION, shares: '2', buyValue: '105.05', cost: '210.1', id: '13' });
      return ok([]);
    });
    renderAt('/pages/stock/ai-trading/stock-ai-buy?fund=us-tech-5');
    const code = await screen.findByLabelText(en.aiFundCodeLabel);
    await userEvent.type(code, '1234');
    await userEvent.click(screen.getByRole('button', { name: en.aiFundCodeCheck }));
    expect(await screen.findByText('Wrong code: 4 attempts left before a 15-minute pause')).toBeInTheDocument();
    await userEvent.clear(code);
    await userEvent.type(code, '4821');
    await userEvent.click(screen.getByRole('button', { name: en.aiFundCodeCheck }));
    const shares = await screen.findByLabelText(en.aiFundSharesLabel);
    await userEvent.type(shares, '0.5');
    await userEvent.click(screen.getByRole('button', { name: en.aiFundReviewButton }));
    expect(screen.getByText('The minimum is 1 shares')).toBeInTheDocument();
    expect(screen.queryByTestId('ai-fund-confirm')).not.toBeInTheDocument();
    await userEvent.clear(shares);
    await userEvent.type(shares, '2');
    expect(screen.getByTestId('ai-fund-estimate')).toHaveTextContent('About 2 shares for 210.1 USDT');
    await userEvent.click(screen.getByRole('button', { name: en.aiFundReviewButton }));
    const dialog = await screen.findByTestId('ai-fund-confirm');
    expect(sent.filter((c) => c.url === aiFunds.buy.path)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: en.aiFundConfirmBuy }));
    const receipt = await screen.findByTestId('ai-fund-receipt');
    expect(within(receipt).getByTestId('ai-receipt-cost')).toHaveTextContent('210.1 USDT');
    const [buy] = sent.filter((c) => c.url === aiFunds.buy.path);
    expect(buy!.data).toEqual({ fundId: 'us-tech-5', shares: '2', code: '4821', requestId: expect.any(String) });
  });

  it('redeem: the position, a confirmation, the PUT, and the receipt with what was paid', async () => {
    serve((call) => {
      if (call.url === aiFunds.positions.path) return ok([POSITION]);
      if (call.url === aiFunds.redeem.path) return ok({ ...POSITION, status: 'redeemed', redeemValue: '110', proceeds: '220', pnl: '20', redeemedAt: '2026-03-02T16:00:00.000Z' });
      return ok([]);
    });
    renderAt('/pages/stock/ai-trading/stock-ai-sell?position=12');
    await userEvent.click(await screen.findByTestId('ai-redeem-open'));
    const dialog = await screen.findByTestId('ai-redeem-confirm');
    expect(dialog).toHaveTextContent('Redeem 2 shares, worth about 210.1 USDT at the latest value.');
    await userEvent.click(within(dialog).getByRole('button', { name: en.aiFundConfirmRedeem }));
    expect(await screen.findByTestId('ai-redeem-proceeds')).toHaveTextContent('220 USDT');
    const [redeem] = sent.filter((c) => c.url === aiFunds.redeem.path);
    expect([redeem!.method, redeem!.data]).toEqual(['PUT', { positionId: '12', requestId: expect.any(String) }]);
    await waitFor(() => expect(screen.queryByTestId('ai-redeem-confirm')).not.toBeInTheDocument());
  });

  it('demo: the trial-version confirmation comes first, then the purchase confirmation', async () => {
    serve((call) => (call.url === aiFunds.list.path ? ok([{ ...FUND, hasCode: false }]) : call.url === aiFunds.buy.path ? ok(POSITION) : ok([])));
    renderAt('/pages/stock/ai-trading/stock-ai-buy?fund=us-tech-5', 'demo');
    expect(await screen.findByText(en.aiFundDemoNote)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(en.aiFundSharesLabel), '1');
    await userEvent.click(screen.getByRole('button', { name: en.aiFundReviewButton }));
    const demo = await screen.findByTestId('demo-confirm');
    expect(screen.queryByTestId('ai-fund-confirm')).not.toBeInTheDocument();
    await userEvent.click(within(demo).getAllByRole('button').at(-1)!);
    expect(await screen.findByTestId('ai-fund-confirm')).toBeInTheDocument();
    expect(sent.filter((c) => c.url === aiFunds.buy.path)).toHaveLength(0);
  });

  it('the list shows the redeemed lots under my positions', async () => {
    const redeemed = { ...POSITION, id: '9', status: 'redeemed' as const, redeemValue: '110', valuePerShare: '110', proceeds: '220', marketValue: '220', pnl: '20', pnlRate: '0.1' };
    serve((call) =>
      call.url === aiFunds.list.path ? ok([FUND]) : call.url === aiFunds.history.path ? ok([POSITION, redeemed]) : call.url === aiFunds.positions.path ? ok([POSITION]) : call.url === aiFunds.info.path ? ok({ positions: 1, cost: '200', value: '210.1', pnl: '10.1', pnlRate: '0.0505', funds: [] }) : ok(null),
    );
    renderAt('/pages/stock/ai-trading/index');
    const history = await screen.findByTestId('ai-history-list');
    expect(within(history).getByTestId('ai-position-9')).toHaveTextContent('220 USDT');
    expect(within(history).queryByTestId('ai-position-12')).not.toBeInTheDocument();
  });
});
