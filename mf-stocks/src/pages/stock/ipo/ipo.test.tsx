import { stockOffers, stockOrders, wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { setSlotContributions, tokenAtom, typeUserAtom, userInfoAtom, type SlotContributions, type UserInfo } from '@meridian/shared';
import manifest from '../../../../meridian.routes.json';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { installServer, ok, page, refused, type Answer } from './offers-test-server';
import { BLOCK_APPROVED, BLOCK_REJECTED, IPO_DRAWN, IPO_OPEN, OFFER_OPEN, SUB_CANCELED, SUB_DRAWN, SUB_PENDING } from './offers-fixtures';
import { IpoSection } from './IpoSection';

const en = translations.en;
let server: ReturnType<typeof installServer> | undefined;

function serve(extra: Record<string, Answer> = {}) {
  server = installServer({
    [stockOffers.ipoList.path]: ok([IPO_OPEN, IPO_DRAWN]),
    [stockOffers.ipoMine.path]: ok(page([SUB_PENDING, SUB_DRAWN])),
    [stockOffers.ipoSubscribe.path]: (call) => ok({ ...SUB_PENDING, shares: String(call.data?.shares) }),
    [stockOffers.blockOffers.path]: ok([OFFER_OPEN]),
    [stockOffers.blockMine.path]: ok(page([BLOCK_APPROVED, BLOCK_REJECTED])),
    [stockOrders.buy.path]: ok({ ...BLOCK_APPROVED, status: 'pendingReview' }),
    [wallet.validAsset.path]: ok({ wallet: 'spot', asset: 'USDT', available: '10000' }),
    ...extra,
  });
}
afterEach(() => {
  server?.restore();
  server = undefined;
});

function renderAt(url: string, { language = 'en', mode = 'real' as 'real' | 'demo' } = {}) {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', nickname: 'ann', kycStatus: 'verified' } as unknown as UserInfo);
  store.set(typeUserAtom, mode);
  return renderWithPlatform(<App />, { url, store, language, translations: { namespace: NS, texts: translations } });
}

// the slots as the shell fills them from the manifest, so a subscription makes the STOCK_OFFER reads stale
beforeEach(() => setSlotContributions('mf_stocks', (manifest as { slots?: SlotContributions }).slots));

describe('IPO subscriptions (/pages/stock/ipo)', () => {
  it('lists IPOs with their terms and seed hash; the seed only once drawn', async () => {
    serve();
    renderAt('/pages/stock/ipo');
    const cards = await screen.findAllByTestId('ipo-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText(IPO_OPEN.seedHash)).toBeInTheDocument();
    expect(within(cards[0]!).queryByText(en.ipoSeed)).not.toBeInTheDocument();
    expect(within(cards[1]!).getByText(IPO_DRAWN.seed!)).toBeInTheDocument();
    expect(within(cards[0]!).getByText('10 USD')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('2 shares ≈ 30 USDT')).toBeInTheDocument();
  });

  it('refuses a size off the lot or above the balance inline, then confirms a receipt before anything is sent', async () => {
    serve();
    const user = userEvent.setup();
    renderAt('/pages/stock/ipo');
    await user.click(await screen.findByTestId('ipo-subscribe-open'));
    const field = await screen.findByLabelText(en.offerSharesLabel, { selector: 'input' });
    await user.type(field, '3');
    expect(await screen.findByText('Subscribe in whole lots of 2 shares')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '1000');
    expect(await screen.findByText(en.offerAboveBalance)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '4');
    await user.click(screen.getByTestId('ipo-submit'));
    const dialog = await screen.findByTestId('ipo-confirm');
    // 4 shares × 10 USD × 1.5 = 60 USDT, with the rate and its version
    expect(within(dialog).getByTestId('ipo-confirm-amount')).toHaveTextContent('60 USDT');
    expect(within(dialog).getByText('1 USD = 1.5 USDT (v3)')).toBeInTheDocument();
    expect(server!.callsTo(stockOffers.ipoSubscribe.path)).toHaveLength(0);
    const minesBefore = server!.callsTo(stockOffers.ipoMine.path).length;
    await user.click(within(dialog).getByTestId('ipo-confirm-button'));
    await waitFor(() => expect(server!.callsTo(stockOffers.ipoSubscribe.path)).toHaveLength(1));
    const body = server!.callsTo(stockOffers.ipoSubscribe.path)[0]!.data!;
    expect([body.ipoId, body.shares]).toEqual(['11', '4']);
    expect(String(body.requestId)).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    // the STOCK_OFFER group: the user's subscriptions are read again
    await waitFor(() => expect(server!.callsTo(stockOffers.ipoMine.path).length).toBeGreaterThan(minesBefore));
  });

  it('a refusal keeps the money where it was and says why', async () => {
    serve({ [stockOffers.ipoSubscribe.path]: refused('The subscription window is closed', 'subscriptionClosed') });
    const user = userEvent.setup();
    renderAt('/pages/stock/ipo');
    await user.click(await screen.findByTestId('ipo-subscribe-open'));
    await user.type(await screen.findByLabelText(en.offerSharesLabel, { selector: 'input' }), '2');
    await user.click(screen.getByTestId('ipo-submit'));
    await user.click(within(await screen.findByTestId('ipo-confirm')).getByTestId('ipo-confirm-button'));
    await waitFor(() => expect(screen.queryByTestId('ipo-confirm')).not.toBeInTheDocument());
    expect(server!.callsTo(stockOffers.ipoSubscribe.path)).toHaveLength(1);
  });

  it('my subscriptions show the status with its times and the allocation proof: hash, seed, place and totals', async () => {
    serve();
    renderAt('/pages/stock/ipo');
    const subs = await screen.findAllByTestId('ipo-subscription');
    expect(within(subs[0]!).getByTestId('ipo-subscription-status')).toHaveTextContent(en.offerStatusPendingReview);
    expect(within(subs[0]!).getByTestId('ipo-proof-seed')).toHaveTextContent(en.ipoSeedHidden);
    const proof = within(subs[1]!).getByTestId('ipo-proof');
    expect(within(proof).getByTestId('ipo-proof-hash')).toHaveTextContent(SUB_DRAWN.seedHash);
    expect(within(proof).getByTestId('ipo-proof-seed')).toHaveTextContent(SUB_DRAWN.seed!);
    expect(within(proof).getByTestId('ipo-proof-place')).toHaveTextContent('2 of 3');
    expect(within(proof).getByTestId('ipo-proof-won')).toHaveTextContent('2 of 4');
    expect(within(proof).getByText('5 offered, 9 asked, 5 allocated')).toBeInTheDocument();
  });

  it('a subscription before the draw can be canceled after a confirmation; the records are read again and show the release', async () => {
    let canceled = false;
    serve({
      [stockOffers.ipoMine.path]: () => ok(page([canceled ? SUB_CANCELED : SUB_PENDING, SUB_DRAWN])),
      [stockOffers.ipoCancel.path]: () => {
        canceled = true;
        return ok(SUB_CANCELED);
      },
    });
    const user = userEvent.setup();
    renderAt('/pages/stock/ipo');
    const subs = await screen.findAllByTestId('ipo-subscription');
    // only the one not yet drawn offers it
    expect(within(subs[1]!).queryByTestId('ipo-cancel-open')).not.toBeInTheDocument();
    await user.click(within(subs[0]!).getByTestId('ipo-cancel-open'));
    const dialog = await screen.findByTestId('ipo-cancel-confirm');
    expect(dialog).toHaveTextContent('30 USDT frozen for AAPL:NASDAQ comes back');
    // dismissing sends nothing
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(screen.queryByTestId('ipo-cancel-confirm')).not.toBeInTheDocument();
    expect(server!.callsTo(stockOffers.ipoCancel.path)).toHaveLength(0);
    await user.click(within(subs[0]!).getByTestId('ipo-cancel-open'));
    await user.click(within(await screen.findByTestId('ipo-cancel-confirm')).getByTestId('ipo-cancel-confirm-button'));
    await waitFor(() => expect(server!.callsTo(stockOffers.ipoCancel.path)).toHaveLength(1));
    expect(server!.callsTo(stockOffers.ipoCancel.path)[0]!.data).toEqual({ subscriptionId: '41' });
    // the STOCK_OFFER group refetches the records: canceled by the user, the release receipted, no button left
    await waitFor(() => expect(screen.getAllByTestId('ipo-subscription')[0]).toHaveAttribute('data-status', 'canceled'));
    const record = screen.getAllByTestId('ipo-subscription')[0]!;
    expect(record).toHaveTextContent(en.ipoUserCanceled);
    expect(within(record).queryByTestId('ipo-cancel-open')).not.toBeInTheDocument();
    const receipts = within(record).getByTestId('ipo-receipts');
    expect(receipts).toHaveTextContent(en.offerReceiptRelease);
    expect(receipts).toHaveTextContent(SUB_CANCELED.receipts[1]!.hash);
  });

  it('a drawn subscription shows its receipts with their hashes', async () => {
    serve();
    renderAt('/pages/stock/ipo');
    const subs = await screen.findAllByTestId('ipo-subscription');
    const receipts = within(subs[1]!).getByTestId('ipo-receipts');
    expect(receipts).toHaveTextContent(en.offerReceiptSubscribe);
    expect(receipts).toHaveTextContent(en.offerReceiptAllot);
    expect(receipts).toHaveTextContent(SUB_DRAWN.receipts[1]!.hash);
  });

  it('is translated (German and Japanese)', async () => {
    serve();
    renderAt('/pages/stock/ipo', { language: 'ge' });
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(translations.ge.ipoTitle);
    expect((await screen.findAllByTestId('ipo-proof'))[1]).toHaveTextContent(translations.ge.ipoProofTitle);
  });

  it('the stock home section lists the open IPO first and links to the IPO screen', async () => {
    serve();
    renderWithPlatform(<IpoSection />, { url: '/pages/stock/index', translations: { namespace: NS, texts: translations } });
    const section = await screen.findByTestId('ipo-section');
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(2));
    expect(within(section).getAllByRole('link').map((a) => a.getAttribute('href'))).toContain('/pages/stock/ipo');
    expect(within(section).getAllByRole('listitem')[0]).toHaveTextContent('AAPL:NASDAQ');
  });
});

describe('block trades', () => {
  it('index lists the offers and links to buy (phone) or the desktop buy screen', async () => {
    serve();
    renderAt('/pages/block-trade/index');
    const offer = await screen.findByTestId('block-offer');
    expect(within(offer).getByTestId('block-subscribe-link')).toHaveAttribute('href', '/pages/block-trade/buy?offer=5');
    expect(screen.getByTestId('block-history-link')).toHaveAttribute('href', '/pages/block-trade/history');
  });

  it('the desktop index links to the desktop screens', async () => {
    serve();
    renderAt('/pages/desktop/block-trade/index');
    expect(await screen.findByTestId('block-subscribe-link')).toHaveAttribute('href', '/pages/desktop/block-trade/buy?offer=5');
    expect(screen.getByTestId('block-history-link')).toHaveAttribute('href', '/pages/desktop/block-trade/history');
  });

  it('buy: below the minimum is said inline; the receipt is confirmed before the call; then the records', async () => {
    serve();
    const user = userEvent.setup();
    renderAt('/pages/block-trade/buy?offer=5');
    const field = await screen.findByLabelText(en.offerSharesLabel, { selector: 'input' });
    await user.type(field, '5');
    expect(await screen.findByText('The quantity is below the minimum (10)')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '20');
    await user.click(screen.getByTestId('block-submit'));
    const dialog = await screen.findByTestId('block-confirm');
    expect(within(dialog).getByTestId('block-confirm-amount')).toHaveTextContent('3,005 USDT');
    expect(server!.callsTo(stockOrders.buy.path)).toHaveLength(0);
    await user.click(within(dialog).getByTestId('block-confirm-button'));
    // the spec's way: userStock/buy with the block flag
    await waitFor(() => expect(server!.callsTo(stockOrders.buy.path)).toHaveLength(1));
    expect(server!.callsTo(stockOrders.buy.path)[0]!.data).toMatchObject({ block: true, blockOfferId: '5', quantity: '20' });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/block-trade/history'));
  });

  it('history shows each subscription with its status, times and reason', async () => {
    serve();
    renderAt('/pages/desktop/block-trade/history');
    const records = await screen.findAllByTestId('block-record');
    expect(within(records[0]!).getByTestId('block-record-status')).toHaveTextContent(en.offerStatusApproved);
    expect(within(records[1]!).getByTestId('block-record-status')).toHaveTextContent(en.offerStatusRejected);
    expect(records[1]).toHaveTextContent('allocation full');
    expect(within(records[0]!).getByTestId('block-receipts')).toHaveTextContent(en.offerReceiptApprove);
    expect(within(records[0]!).getByTestId('block-receipts')).toHaveTextContent(BLOCK_APPROVED.receipts[1]!.hash);
  });
});
