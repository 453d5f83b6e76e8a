import { c2c } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { setSlotContributions, tokenAtom, typeUserAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { describeRemoteRoutes, renderWithPlatform } from '@meridian/shared/testing';
import { App } from './AppRoot';
import { NS } from './i18n';
import { translations } from './all-texts';
import manifest from '../meridian.routes.json';
import { installServer, ok, page, type Answer } from './parts/test-server';

const en = translations.en;
let server: ReturnType<typeof installServer> | undefined;
// the shell registers each remote's manifest slots; here the C2C pushes' invalidations are this manifest's
beforeAll(() => setSlotContributions(NS, manifest.slots as Parameters<typeof setSlotContributions>[1]));
beforeEach(() => localStorage.clear());
afterEach(() => {
  server?.restore();
  server = undefined;
});

const AD = {
  id: '11', merchantId: '5', merchant: { displayName: 'Kyoto Desk', completedOrders: 12, completionRate: '92.31', avgReleaseSeconds: 240 },
  side: 'sell', asset: 'USDT', fiat: 'USD', price: '1.02', minOrder: '10', maxOrder: '500', quantity: '300', remaining: '250',
  paymentKinds: ['bank'], windowMinutes: 15, terms: 'Bank transfer only', status: 'open', createdAt: '2026-03-01T09:00:00.000Z', closedAt: null,
};
const ORDER = {
  id: '31', adId: '11', role: 'buyer', counterparty: 'Kyoto Desk', asset: 'USDT', fiat: 'USD', price: '1.02', quantity: '100', total: '102',
  status: 'unpaid', outcome: '', payDeadline: new Date(Date.now() + 14 * 60_000).toISOString(),
  paymentMethods: [{ id: '3', kind: 'bank', holderName: 'Desk Ltd', bankName: 'Mizuho', bankNumber: 'MHCBJPJT', accountNumber: '123-4567', photo: '' }],
  proof: '', terms: 'Bank transfer only', timeline: [{ step: 'created', at: '2026-03-01T09:00:00.000Z' }], appeal: null, createdAt: '2026-03-01T09:00:00.000Z',
};

function serve(extra: Record<string, Answer> = {}) {
  server = installServer({
    [c2c.list.path]: ok(page([AD])),
    [c2c.order.path]: ok(ORDER),
    [c2c.orders.path]: ok(page([ORDER])),
    [c2c.messages.path]: ok([{ id: '1', orderId: '31', from: 'counterparty', body: 'Hello, pay to Mizuho please', image: '', createdAt: '2026-03-01T09:01:00.000Z' }]),
    [c2c.exchangeInfo.path]: ok([
      { quoteId: '9', asset: 'USDT', fiat: 'USD', buyPrice: '1.01', sellPrice: '0.99', basePrice: '1', spread: '0.01', rateVersion: 1, basis: '', validUntil: '2026-03-01T09:00:30.000Z' },
      { quoteId: 'jpy-q', asset: 'USDT', fiat: 'JPY', buyPrice: '153', sellPrice: '147', basePrice: '150', spread: '0.02', rateVersion: 3, basis: '', validUntil: '2026-03-01T09:00:30.000Z' },
    ]),
    [c2c.tradingRecord.path]: ok(page([])),
    ...extra,
  });
  return server;
}

function renderAt(url: string, { loggedIn = true, mode = 'real' as 'real' | 'demo', language = 'en' } = {}) {
  const store = createStore();
  if (loggedIn) {
    store.set(tokenAtom, 'tok-1');
    store.set(userInfoAtom, { uid: '7', nickname: 'ann', kycStatus: 'verified' } as unknown as UserInfo);
  }
  store.set(typeUserAtom, mode);
  return renderWithPlatform(<App />, { url, store, language, translations: { namespace: NS, texts: translations } });
}

describe('the C2C market (/pages/c2c/index)', () => {
  it('lists sell ads under "Buy" with the merchant’s record, limits and payment methods', async () => {
    const s = serve();
    renderAt('/pages/c2c/index');
    const ad = await screen.findByTestId('c2c-ad-11');
    expect(within(ad).getByText('Kyoto Desk')).toBeInTheDocument();
    expect(within(ad).getByText(/12 orders · 92.31 % completed/)).toBeInTheDocument();
    expect(within(ad).getByText('1.02 USD')).toBeInTheDocument();
    expect(within(ad).getByText('Bank transfer')).toBeInTheDocument();
    expect(s.callsTo(c2c.list.path)[0]!.params).toMatchObject({ side: 'sell', asset: 'USDT' });
  });

  it('takes an ad: quantity, receipt, confirmation, then the order opens', async () => {
    const s = serve({ [c2c.createOrder.path]: ok(ORDER) });
    const user = userEvent.setup();
    renderAt('/pages/c2c/index');
    await user.click(await screen.findByTestId('c2c-take-11'));
    await user.type(screen.getByTestId('c2c-take-quantity'), '5');
    expect(screen.getByRole('alert')).toHaveTextContent('between 10 and 500 USD');
    await user.clear(screen.getByTestId('c2c-take-quantity'));
    await user.type(screen.getByTestId('c2c-take-quantity'), '100');
    await user.click(screen.getByTestId('c2c-take-review'));
    expect(screen.getByTestId('c2c-take-receipt')).toHaveTextContent('102 USD');
    expect(s.callsTo(c2c.createOrder.path)).toHaveLength(0);
    await user.click(screen.getByTestId('c2c-take-confirm'));
    await waitFor(() => expect(window.location.search).toBe('?id=31'));
    expect(s.callsTo(c2c.createOrder.path)[0]!.data).toMatchObject({ adId: '11', quantity: '100' });
  });

  it('demo accounts are told C2C is unavailable and see no ads; visitors are asked to log in', async () => {
    serve();
    const view = renderAt('/pages/c2c/index', { mode: 'demo' });
    expect(await screen.findByTestId('c2c-demo')).toHaveTextContent(en.c2cDemoTitle);
    expect(screen.queryByTestId('c2c-ads')).not.toBeInTheDocument();
    view.unmount();
    localStorage.clear();
    renderAt('/pages/c2c/index', { loggedIn: false });
    expect(await screen.findByTestId('c2c-login')).toHaveTextContent(en.c2cLoginFirst);
  });
});

describe('an order (/pages/c2c/order)', () => {
  it('the buyer sees the timer, where to pay, the chat, and confirms "I have paid"', async () => {
    const s = serve({ [c2c.markPaid.path]: ok({ ...ORDER, status: 'paid' }) });
    const user = userEvent.setup();
    renderAt('/pages/c2c/order?id=31');
    expect(await screen.findByTestId('c2c-timer')).toHaveTextContent(/^1[34]:\d\d$/);
    expect(screen.getByTestId('c2c-payment-details')).toHaveTextContent('123-4567');
    expect(await screen.findByText('Hello, pay to Mizuho please')).toBeInTheDocument();
    await user.click(screen.getByTestId('c2c-action-paid'));
    expect(screen.getByTestId('c2c-action-dialog')).toHaveTextContent('102 USD');
    await user.click(screen.getByTestId('c2c-action-confirm'));
    await waitFor(() => expect(s.callsTo(c2c.markPaid.path)).toHaveLength(1));
    expect(s.callsTo(c2c.markPaid.path)[0]!.data).toMatchObject({ orderId: '31' });
  });

  it('the seller of a paid order releases after confirming; nothing else is offered but an appeal', async () => {
    const s = serve({ [c2c.order.path]: ok({ ...ORDER, role: 'seller', status: 'paid', proof: '/asset/admin/common/oss/file/proof.jpg' }), [c2c.release.path]: ok({ ...ORDER, status: 'released' }) });
    const user = userEvent.setup();
    renderAt('/pages/c2c/order?id=31');
    // the buyer's proof image is shown to the seller: fetched with the session (an <img src> could not send it)
    expect(await screen.findByTestId('c2c-proof')).toBeInTheDocument();
    await waitFor(() => expect(s.callsTo('/asset/admin/common/oss/file/proof.jpg')).toHaveLength(1));
    await user.click(await screen.findByTestId('c2c-action-release'));
    expect(screen.queryByTestId('c2c-action-cancel')).not.toBeInTheDocument();
    expect(screen.getByTestId('c2c-action-appeal')).toBeInTheDocument();
    await user.click(screen.getByTestId('c2c-action-confirm'));
    await waitFor(() => expect(s.callsTo(c2c.release.path)).toHaveLength(1));
    // the step makes the order stale (the C2C_ORDER group): it is read again
    await waitFor(() => expect(s.callsTo(c2c.order.path).length).toBeGreaterThan(1));
  });
});

describe('the OTC desk (/pages/desktop/otc)', () => {
  it('buys at the quote after a receipt and shows where to transfer', async () => {
    const s = serve({ [c2c.currencyBuy.path]: ok({ order: { id: '4', side: 'buy', asset: 'USDT', fiat: 'USD', price: '1.01', quantity: '100', total: '101', status: 'pending', reason: '', createdAt: '2026-03-01T09:00:00.000Z', decidedAt: null }, payTo: { bankName: 'Meridian Settlement Bank', bankNumber: 'MSBKUS33', accountNumber: '0012', holderName: 'Meridian', reference: 'OTC-4', note: '' } }) });
    const user = userEvent.setup();
    renderAt('/pages/desktop/otc');
    await user.type(await screen.findByTestId('otc-quantity'), '100');
    await user.click(screen.getByTestId('otc-review'));
    expect(screen.getByTestId('otc-receipt')).toHaveTextContent('101 USD');
    await user.click(screen.getByTestId('otc-confirm'));
    expect(await screen.findByTestId('otc-pay-to')).toHaveTextContent('OTC-4');
    expect(s.callsTo(c2c.currencyBuy.path)[0]!.data).toMatchObject({ quoteId: '9', quantity: '100' });
  });

  it('quotes every fiat the desk has terms for: choosing yen prices and places the order in yen', async () => {
    const s = serve({ [c2c.currencyBuy.path]: ok({ order: { id: '5', side: 'buy', asset: 'USDT', fiat: 'JPY', price: '153', quantity: '100', total: '15300', status: 'pending', reason: '', createdAt: '2026-03-01T09:00:00.000Z', decidedAt: null }, payTo: { bankName: 'B', bankNumber: 'N', accountNumber: '1', holderName: 'M', reference: 'OTC-5', note: '' } }) });
    const user = userEvent.setup();
    renderAt('/pages/desktop/otc');
    await user.selectOptions(await screen.findByTestId('otc-fiat'), 'JPY');
    expect(screen.getByTestId('otc-quote')).toHaveTextContent('153');
    await user.type(screen.getByTestId('otc-quantity'), '100');
    await user.click(screen.getByTestId('otc-review'));
    expect(screen.getByTestId('otc-receipt')).toHaveTextContent('15,300');
    await user.click(screen.getByTestId('otc-confirm'));
    await screen.findByTestId('otc-pay-to');
    expect(s.callsTo(c2c.currencyBuy.path)[0]!.data).toMatchObject({ quoteId: 'jpy-q', quantity: '100' });
  });
});

describeRemoteRoutes({ namespace: NS, App, manifest, translations });
