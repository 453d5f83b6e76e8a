import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenOffers, type OfferViewData, type SubscriptionViewData } from '@meridian/contracts';
import { toastsAtom, tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { installServer, ok, refused, type Answer } from './test-server';
import { quantityProblem } from './parts/subscribe-rules';
import { remaining } from './parts/Countdown';

const en = translations.en;
const HOUR = 3_600_000;
const at = (ms: number) => new Date(Date.now() + ms).toISOString();

function offer(extra: Partial<OfferViewData> = {}): OfferViewData {
  return {
    id: '1', code: 'mdn-sale', kind: 'ipo', token: 'MDN', symbol: 'MDNUSDT', name: 'Meridian Token', price: '0.25', supply: '1000', lot: '100', totalLots: 10,
    minQuantity: '100', maxQuantity: '500', openAt: at(-HOUR), closeAt: at(HOUR), drawAt: at(2 * HOUR), listAt: at(3 * HOUR), phase: 'open',
    seedHash: 'ab'.repeat(32), seed: null, drawnAt: null, listedAt: null, codeRequired: false, termsVersionId: '4',
    totals: { subscribers: 3, requestedLots: 7, wonLots: 0 }, mine: null, ...extra,
  };
}

const subscription = (extra: Partial<SubscriptionViewData> = {}): SubscriptionViewData => ({
  id: '31', offerId: '1', token: 'MDN', status: 'pending', lots: 3, quantity: '300', amount: '75', createdAt: at(-HOUR / 2), place: null, drawKey: null,
  wonLots: null, wonQuantity: null, cost: null, refund: null, drawnAt: null, settledAt: null, ...extra,
});

let server: ReturnType<typeof installServer> | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

function renderAt(url: string, answers: Record<string, Answer>, { language = 'en', mode = 'real' as 'real' | 'demo' } = {}) {
  server = installServer(answers);
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(typeUserAtom, mode);
  renderWithPlatform(<App />, { url, store, language, translations: { namespace: NS, texts: translations } });
  return store;
}

describe('the subscription rules as the user types', () => {
  it.each([
    ['', 'icoQuantityRequired'],
    ['abc', 'icoQuantityInvalid'],
    ['0', 'icoQuantityInvalid'],
    ['50', 'icoQuantityBelowMin'],
    ['600', 'icoQuantityAboveMax'],
    ['150', 'icoQuantityNotLot'],
    ['300', null],
  ])('%p → %p', (text, problem) => expect(quantityProblem(offer(), text)).toBe(problem));

  it('counts down in days, hours, minutes and seconds', () => {
    expect(remaining(90_061_000)).toBe('1d 01:01:01');
    expect(remaining(59_000)).toBe('00:00:59');
    expect(remaining(-5)).toBe('00:00:00');
  });
});

describe('/pages/ico/index', () => {
  it('lists the open offerings with their terms and countdown; subscribing shows the receipt, then asks to confirm, then sends once', async () => {
    const user = userEvent.setup();
    let subscribed = false;
    renderAt('/pages/ico/index', {
      [tokenOffers.open.path]: () => ok(subscribed ? [offer({ mine: subscription() })] : [offer()]),
      [tokenOffers.subscribe.path]: (call) => {
        subscribed = true;
        return ok({ offer: offer({ mine: subscription() }), subscription: subscription({ quantity: String(call.data?.quantity) }) });
      },
      [tokenOffers.mine.path]: () => ok(subscribed ? [{ offer: offer({ mine: subscription() }), subscription: subscription() }] : []),
    });
    const card = await screen.findByTestId('ico-offer-1');
    expect(within(card).getByText('Meridian Token')).toBeInTheDocument();
    expect(within(card).getByTestId('ico-countdown-1')).toHaveTextContent(/Closes in 00:59:5\d/);
    await user.click(within(card).getByTestId('ico-subscribe-1'));
    const dialog = await screen.findByTestId('ico-subscribe');
    const field = within(dialog).getByLabelText(en.icoQuantityLabel.replace('{{token}}', 'MDN'), { selector: 'input' });
    await user.clear(field);
    await user.type(field, '150');
    await user.click(within(dialog).getByTestId('ico-review'));
    expect(within(dialog).getByText('A multiple of 100 MDN')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '300');
    expect(within(dialog).getByTestId('ico-receipt-amount')).toHaveTextContent('75 USDT');
    await user.click(within(dialog).getByTestId('ico-review'));
    const confirm = await screen.findByTestId('ico-confirm');
    expect(server!.callsTo(tokenOffers.subscribe.path)).toHaveLength(0);
    await user.click(within(confirm).getByTestId('ico-confirm-button'));
    await waitFor(() => expect(server!.callsTo(tokenOffers.subscribe.path)).toHaveLength(1));
    expect(server!.callsTo(tokenOffers.subscribe.path)[0]!.data).toMatchObject({ id: '1', quantity: '300' });
    expect(await screen.findByTestId('ico-list-mine')).toBeInTheDocument();
    expect(screen.getByTestId('ico-tab-mine')).toHaveAttribute('aria-selected', 'true');
  });

  it('an allotment asks for its 4-digit code and sends it with buyAllotment; a refusal is told', async () => {
    const user = userEvent.setup();
    const store = renderAt('/pages/ico/index', {
      [tokenOffers.allotmentList.path]: ok([offer({ id: '2', kind: 'allotment', codeRequired: true })]),
      [tokenOffers.buy.path]: refused('The verify code is not correct', 'wrongCode'),
    });
    await user.click(await screen.findByTestId('ico-subscribe-2'));
    const dialog = await screen.findByTestId('ico-subscribe');
    await user.click(within(dialog).getByTestId('ico-review'));
    expect(within(dialog).getByText(en.icoCodeInvalid)).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(en.icoCodeLabel, { selector: 'input' }), '12a34');
    await user.click(within(dialog).getByTestId('ico-review'));
    await user.click(within(await screen.findByTestId('ico-confirm')).getByTestId('ico-confirm-button'));
    await waitFor(() => expect(server!.callsTo(tokenOffers.buy.path)).toHaveLength(1));
    expect(server!.callsTo(tokenOffers.buy.path)[0]!.data).toMatchObject({ id: '2', quantity: '100', code: '1234' });
    await waitFor(() => expect(store.get(toastsAtom).map((toast) => toast.text)).toContain('The verify code is not correct'));
  });

  it('my subscriptions show the draw evidence: hash, seed, totals, my place and what I won (German)', async () => {
    const drawn = offer({ phase: 'listed', seed: 'cd'.repeat(32), drawnAt: at(-HOUR), listedAt: at(-1000), totals: { subscribers: 3, requestedLots: 7, wonLots: 7 } });
    const mine = subscription({ status: 'completed', place: 2, drawKey: 'ef'.repeat(32), wonLots: 3, wonQuantity: '300', cost: '75', refund: '0', drawnAt: at(-HOUR), settledAt: at(-1000) });
    renderAt('/pages/ico/index?tab=mine', { [tokenOffers.mine.path]: ok([{ offer: drawn, subscription: mine }]) }, { language: 'ge' });
    const proof = await screen.findByTestId('ico-proof-31');
    expect(within(proof).getByTestId('ico-seed-hash')).toHaveTextContent('ab'.repeat(32));
    expect(within(proof).getByTestId('ico-seed')).toHaveTextContent('cd'.repeat(32));
    expect(within(proof).getByTestId('ico-place')).toHaveTextContent('2 von 3');
    expect(within(proof).getByTestId('ico-totals')).toHaveTextContent('3 Zeichner wollten 7 Lose; 7 von 10 Losen vergeben');
    expect(within(proof).getByTestId('ico-won')).toHaveTextContent('300 MDN');
    expect(screen.getByTestId('ico-mine-1')).toHaveAttribute('data-status', 'completed');
  });

  it('empty and failed lists say so; the desktop page shows the same screen', async () => {
    renderAt('/pages/desktop/ico?tab=upcoming', { [tokenOffers.upcoming.path]: ok([]) });
    expect(await screen.findByText(en.icoEmptyUpcoming)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.icoTitle);
  });
});
