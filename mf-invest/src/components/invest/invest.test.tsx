import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { invest } from '@meridian/contracts';
import { tokenAtom, typeUserAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { installServer, ok, page, refused, type Answer } from './test-server';

const en = translations.en;
const reserve = (balance: string, liability: string, ratio: string | null) => ({ asset: 'USDT', balance, liability, free: String(Number(balance) - Number(liability)), coverageRatio: ratio });
const MINERS = [
  { id: 'miner-s1', termsVersion: 1, name: 'S1 Miner', level: 1, asset: 'USDT', cycleDays: 7, dailyRate: '0.005', minAmount: '20', maxAmount: '10000', rebateRates: ['0.1', '0.05', '0.02'], payoutHour: 4, timeZone: 'UTC', earlyRedeemPenaltyRate: '0.05', active: true, reserve: reserve('1000', '40', '25'), soldOut: false },
  { id: 'miner-s2', termsVersion: 3, name: 'S2 Miner', level: 2, asset: 'USDT', cycleDays: 15, dailyRate: '0.008', minAmount: '100', maxAmount: '50000', rebateRates: ['0.1', '0.05', '0.02'], payoutHour: 4, timeZone: 'UTC', earlyRedeemPenaltyRate: null, active: true, reserve: reserve('0', '0', null), soldOut: true },
];
const ESTIMATE = { productId: 'miner-s1', termsVersion: 1, name: 'S1 Miner', asset: 'USDT', amount: '100', cycleDays: 7, dailyRate: '0.005', dailyIncome: '0.5', estimatedInterest: '3.5',
  interestAt: '2026-06-12T04:00:00.000Z', endsAt: '2026-06-18T04:00:00.000Z', payoutHour: 4, timeZone: 'UTC', earlyRedeemPenaltyRate: '0.05', earlyRedeemPenalty: '5', reserve: reserve('1000', '40', '25'), liabilityAdded: '4.095', covered: true };
const ORDER = { id: '9', orderNumber: 'SP2026061009000012345678', productId: 'miner-s1', name: 'S1 Miner', level: 1, asset: 'USDT', amount: '100', cycleDays: 7, dailyRate: '0.005', dailyIncome: '0.5',
  estimatedInterest: '3.5', revenue: '0', paidDays: 0, status: 'locked', termsVersion: 1, rebateRates: ['0.1', '0.05', '0.02'], createdAt: '2026-06-10T09:00:00.000Z', interestAt: ESTIMATE.interestAt,
  endsAt: ESTIMATE.endsAt, nextPayoutAt: ESTIMATE.interestAt, redeemedAt: null, earlyRedeem: { penaltyRate: '0.05', penalty: '5', returned: '95' }, redeemedEarly: null };
const FIN = [{ id: 'fin-30', termsVersion: 1, name: 'USDT 30 days', asset: 'USDT', annualRate: '0.06', durationDays: 30, minAmount: '20', maxAmount: '100000', dayBasis: 365, active: true, reserve: reserve('100', '0', null), soldOut: false }];

let server: ReturnType<typeof installServer> | undefined;
afterEach(() => server?.restore());

function renderAt(url: string, answers: Record<string, Answer> = {}, { mode = 'real' as 'real' | 'demo' } = {}) {
  server = installServer({
    [invest.smartPoolProducts.path]: ok(MINERS),
    [invest.smartPoolEstimate.path]: ok(ESTIMATE),
    [invest.smartPoolOrderNumber.path]: ok({ orderNumber: ORDER.orderNumber }),
    [invest.smartPoolBuy.path]: ok(ORDER),
    [invest.financingProducts.path]: ok(FIN),
    ...answers,
  });
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', nickname: 'ann', kycStatus: 'verified' } as unknown as UserInfo);
  store.set(typeUserAtom, mode);
  return renderWithPlatform(<App />, { url, store, language: 'en', translations: { namespace: NS, texts: translations } });
}

describe('smart pool screens', () => {
  it('lists each miner with its terms and the reserve behind it; a sold-out miner says why and cannot be bought', async () => {
    renderAt('/pages/smart-pool/index');
    const s1 = await screen.findByTestId('miner-miner-s1');
    expect(within(s1).getByText('0.5 %')).toBeInTheDocument();
    expect(within(s1).getByText('04:00 UTC daily')).toBeInTheDocument();
    expect(within(s1).getByText('25 ×')).toBeInTheDocument();
    expect(within(s1).getByRole('link', { name: en.buyMiner })).toHaveAttribute('href', '/pages/smart-pool/buy?product=miner-s1');
    const s2 = screen.getByTestId('miner-miner-s2');
    expect(within(s2).getByText(en.soldOutReason)).toBeInTheDocument();
    expect(within(s2).queryByRole('link', { name: en.buyMiner })).not.toBeInTheDocument();
  });

  it('buy: an amount below the minimum is refused on screen before any estimate; a valid one shows the estimate', async () => {
    const user = userEvent.setup();
    renderAt('/pages/smart-pool/buy?product=miner-s1');
    const field = await screen.findByLabelText('Amount (USDT)', { selector: 'input' });
    await user.clear(field);
    await user.type(field, '10');
    expect(screen.getByText('Minimum amount 20 USDT')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '100');
    const estimate = await screen.findByTestId('smart-pool-estimate');
    expect(within(estimate).getByText('3.5 USDT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.reviewPurchase })).toHaveAttribute('href', '/pages/smart-pool/confirm-buy?product=miner-s1&amount=100');
  });

  it('confirm-buy: nothing moves before the dialog is confirmed; the purchase is sent once with its order number, then the receipt', async () => {
    const user = userEvent.setup();
    renderAt('/pages/smart-pool/confirm-buy?product=miner-s1&amount=100');
    await screen.findByText(ORDER.orderNumber);
    await user.click(screen.getByTestId('buy-button'));
    const dialog = await screen.findByRole('dialog', { name: en.confirmPurchaseTitle });
    expect(server!.callsTo(invest.smartPoolBuy.path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.confirmPurchase }));
    await screen.findByTestId('smart-pool-receipt');
    expect(server!.callsTo(invest.smartPoolBuy.path).map((c) => c.data)).toEqual([{ productId: 'miner-s1', amount: '100', orderNumber: ORDER.orderNumber }]);
  });

  it('a refused purchase (sold out meanwhile) tells why and shows no receipt', async () => {
    const user = userEvent.setup();
    renderAt('/pages/smart-pool/confirm-buy?product=miner-s1&amount=100', { [invest.smartPoolBuy.path]: refused('This product is sold out: its reserve cannot back more purchases', 'productSoldOut') });
    await screen.findByText(ORDER.orderNumber);
    await user.click(screen.getByTestId('buy-button'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.confirmPurchase }));
    await waitFor(() => expect(server!.callsTo(invest.smartPoolBuy.path)).toHaveLength(1));
    expect(screen.queryByTestId('smart-pool-receipt')).not.toBeInTheDocument();
  });

  it('my miners: empty state, then a locked order with its dates', async () => {
    renderAt('/pages/smart-pool/my-order');
    expect(await screen.findByText(en.noOrders)).toBeInTheDocument();
    server!.restore();
    renderAt('/pages/smart-pool/my-order', { [invest.smartPoolOrders.path]: ok(page([ORDER])) });
    const card = await screen.findByTestId('order-9');
    expect(within(card).getByText(en.statusLocked)).toBeInTheDocument();
    expect(within(card).getByText('2026-06-18 04:00 UTC')).toBeInTheDocument();
  });

  it('the early-redemption penalty is stated on the miner and before buying', async () => {
    renderAt('/pages/smart-pool/index');
    expect(within(await screen.findByTestId('miner-miner-s1')).getByText('5 % penalty on the principal')).toBeInTheDocument();
    expect(within(screen.getByTestId('miner-miner-s2')).getByText(en.earlyRedeemNone)).toBeInTheDocument();
    server!.restore();
    renderAt('/pages/smart-pool/confirm-buy?product=miner-s1&amount=100');
    expect(await screen.findByText('5 % penalty on the principal · 5 USDT')).toBeInTheDocument();
  });

  it('redeem early: the sheet shows principal, penalty and what comes back; nothing is sent before confirming, then once', async () => {
    const user = userEvent.setup();
    renderAt('/pages/smart-pool/my-order', {
      [invest.smartPoolOrders.path]: ok(page([ORDER])),
      [invest.smartPoolRedeem.path]: ok({ ...ORDER, status: 'redeemed', earlyRedeem: null, redeemedAt: '2026-06-13T10:00:00.000Z', redeemedEarly: { penalty: '5', returned: '95', receiptSeq: '77' } }),
    });
    const card = await screen.findByTestId('order-9');
    await user.click(within(card).getByRole('button', { name: en.redeemEarly }));
    const dialog = await screen.findByRole('dialog', { name: en.redeemEarlyTitle });
    const figures = within(dialog).getByTestId('redeem-figures');
    expect(within(figures).getByText('100 USDT')).toBeInTheDocument();
    expect(within(figures).getByText('5 USDT (5 %)')).toBeInTheDocument();
    expect(within(figures).getByText('95 USDT')).toBeInTheDocument();
    expect(server!.callsTo(invest.smartPoolRedeem.path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.confirmRedeem }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server!.callsTo(invest.smartPoolRedeem.path).map((c) => c.data)).toEqual([{ orderId: '9' }]);
  });

  it('a redeemed order shows no redeem button; one redeemed early shows the penalty and what came back', async () => {
    renderAt('/pages/smart-pool/redeemed', {
      [invest.smartPoolOrders.path]: ok(page([{ ...ORDER, status: 'redeemed', earlyRedeem: null, redeemedAt: '2026-06-13T10:00:00.000Z', redeemedEarly: { penalty: '5', returned: '95', receiptSeq: '77' } }])),
    });
    const card = await screen.findByTestId('order-9');
    expect(within(card).queryByRole('button', { name: en.redeemEarly })).not.toBeInTheDocument();
    expect(within(card).getByText('95 USDT')).toBeInTheDocument();
    expect(within(card).getByText('#77')).toBeInTheDocument();
  });
});

describe('wealth financing screens', () => {
  it('buy-financing: the exact estimate and day count, then a confirmation before the subscription is sent', async () => {
    const user = userEvent.setup();
    renderAt('/pages/manage-account/components/buy-financing?product=fin-30', {
      [invest.financingEstimate.path]: ok({ productId: 'fin-30', termsVersion: 1, name: 'USDT 30 days', asset: 'USDT', amount: '1000', annualRate: '0.06', days: 30, dayBasis: 365, interest: '4.93', total: '1004.93',
        subscribedAt: '2026-06-10T09:00:00.000Z', maturesAt: '2026-07-10T09:00:00.000Z', reserve: reserve('100', '0', null), covered: true }),
      [invest.financingBuy.path]: (call) => ok({ id: '3', productId: 'fin-30', name: 'USDT 30 days', asset: 'USDT', amount: String(call.data?.amount), annualRate: '0.06', days: 30, interest: '4.93', status: 'holding',
        termsVersion: 1, subscribedAt: '2026-06-10T09:00:00.000Z', maturesAt: '2026-07-10T09:00:00.000Z', paidAt: null, receiptSeq: null }),
    });
    const field = await screen.findByLabelText('Amount (USDT)', { selector: 'input' });
    await user.clear(field);
    await user.type(field, '1000');
    const estimate = await screen.findByTestId('financing-estimate');
    expect(within(estimate).getByText('4.93 USDT')).toBeInTheDocument();
    expect(within(estimate).getByText('30 days × 6 % / 365')).toBeInTheDocument();
    await user.click(screen.getByTestId('subscribe-button'));
    expect(server!.callsTo(invest.financingBuy.path)).toHaveLength(0);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: en.confirmSubscription }));
    await screen.findByTestId('financing-receipt');
    const [sent] = server!.callsTo(invest.financingBuy.path);
    expect(sent!.data).toMatchObject({ productId: 'fin-30', amount: '1000' });
    expect(String(sent!.data?.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });
});

describe('payouts export', () => {
  it('financing: the matured subscriptions with their interest and receipts as CSV', async () => {
    const { financingCsv } = await import('./FinancingParts');
    const base = { productId: 'fin-30', name: 'USDT 30 days', asset: 'USDT', amount: '1000', annualRate: '0.06', days: 30, interest: '4.93', termsVersion: 1,
      subscribedAt: '2026-06-10T09:00:00.000Z', maturesAt: '2026-07-10T09:00:00.000Z' };
    const csv = financingCsv([
      { ...base, id: '1', status: 'matured', paidAt: '2026-07-10T09:00:03.000Z', receiptSeq: '51' },
      { ...base, id: '2', status: 'holding', paidAt: null, receiptSeq: null },
    ]);
    expect(csv).toBe('product,asset,amount,annualRate,days,interest,subscribedAt,paidAt,receipt\n' +
      'USDT 30 days,USDT,1000,0.06,30,4.93,2026-06-10T09:00:00.000Z,2026-07-10T09:00:03.000Z,51\n');
  });

  it('lists the paid payouts with their receipts as CSV, quoting what needs it', async () => {
    const { payoutsCsv } = await import('./SmartPoolParts');
    const base = { orderId: '9', orderNumber: 'SP1', name: 'S1, "Miner"', asset: 'USDT', principal: '0', dueAt: '2026-06-12T04:00:00.000Z' };
    const csv = payoutsCsv([
      { ...base, id: '1', kind: 'income', tier: null, seq: 1, amount: '0.5', status: 'paid', paidAt: '2026-06-12T04:00:05.000Z', receiptSeq: '41' },
      { ...base, id: '2', kind: 'rebate', tier: 1, seq: 1, amount: '0.05', status: 'paid', paidAt: '2026-06-12T04:00:05.000Z', receiptSeq: '42' },
      { ...base, id: '3', kind: 'income', tier: null, seq: 2, amount: '0.5', status: 'pending', paidAt: null, receiptSeq: null },
    ]);
    expect(csv).toBe(
      'kind,order,product,tier,day,asset,amount,principal,paidAt,receipt\n' +
        'income,SP1,"S1, ""Miner""",,1,USDT,0.5,0,2026-06-12T04:00:05.000Z,41\n' +
        'rebate,SP1,"S1, ""Miner""",1,1,USDT,0.05,0,2026-06-12T04:00:05.000Z,42\n',
    );
  });
});

describe('earn', () => {
  it('totals every holding from the servers’ summaries: financing’s paid interest counts as income, its holdings as invested', async () => {
    const summary = { asset: 'USDT', level: 1, lockedOrders: 1, invested: '100', revenue: '1.5', estimatedInterest: '3.5', rebates: '0.25', team: [], nextPayoutAt: '2026-06-12T04:00:00.000Z' };
    renderAt('/pages/earn/index', {
      [invest.smartPoolSummary.path]: ok(summary),
      [invest.financingSummary.path]: ok([{ asset: 'USDT', invested: '1000', holding: 2, interestPaid: '4.93', nextMaturityAt: '2026-06-11T09:00:00.000Z' }]),
      [invest.smartPoolOrders.path]: ok(page([])),
      [invest.financingOrders.path]: ok(page([])),
    });
    const totals = await screen.findByTestId('earn-totals');
    expect(within(totals).getByTestId('earn-invested')).toHaveTextContent(/^1,100(\.00)? USDT$/);
    // 1.5 income + 0.25 rebates + 4.93 financing interest
    expect(within(totals).getByTestId('earn-income')).toHaveTextContent(/^6\.68 USDT$/);
    expect(within(totals).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.icoTitle })).toHaveAttribute('href', '/pages/ico/index');
    expect(screen.getByText(en.earnIcoNote)).toBeInTheDocument();
  });
});
