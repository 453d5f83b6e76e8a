import { wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { CHANGE, installServer, ok, OVERVIEW, page, refused, sequence } from '../../components/money/test-server';

const en = translations.en;
let server: ReturnType<typeof installServer>;

beforeEach(() => {
  server = installServer({ [wallet.list.path]: ok(OVERVIEW), [wallet.changes.path]: ok(page([CHANGE])) });
  localStorage.clear();
});
afterEach(() => server.restore());

function renderAt(url: string) {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

describe('assets (/pages/assets/index)', () => {
  it('shows a tab per wallet and the assets of the chosen one: balance, available, frozen and USDT value', async () => {
    const user = userEvent.setup();
    renderAt('/pages/assets/index');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([en.walletNamePlatform, en.walletNameSpot, en.walletNameContract, en.walletNameWealth, en.walletNameOption]);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const btc = await screen.findByTestId('asset-row-BTC');
    expect(btc).toHaveTextContent('BTC');
    expect(btc).toHaveTextContent('≈ 5,000.00 USDT');
    expect(btc).toHaveTextContent(`${en.balanceLabel}0.10000`);
    expect(btc).toHaveAttribute('href', '/pages/assets/account?wallet=platform&asset=BTC');
    expect(screen.getByTestId('wallet-panel-total')).toHaveTextContent('95,000.50 USDT');

    await user.click(screen.getByRole('tab', { name: en.walletNameSpot }));
    expect(window.location.search).toBe('?wallet=spot');
    const usdt = within(screen.getByTestId('asset-rows-spot')).getByTestId('asset-row-USDT');
    expect(usdt).toHaveTextContent(`${en.balanceLabel}6,250.00`);
    expect(usdt).toHaveTextContent(`${en.availableLabel}6,000.00`);
    expect(usdt).toHaveTextContent(`${en.frozenLabel}250.00`);
    expect(screen.queryByTestId('asset-row-BTC')).not.toBeInTheDocument();
    expect(server.callsTo(wallet.list.path)).toHaveLength(1);
  });

  it('opens the tab of ?wallet= and refreshes with the refresh button', async () => {
    const user = userEvent.setup();
    renderAt('/pages/assets/index?wallet=spot');
    expect(screen.getByRole('tab', { name: en.walletNameSpot })).toHaveAttribute('aria-selected', 'true');
    await screen.findByTestId('asset-rows-spot');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(server.callsTo(wallet.list.path)).toHaveLength(2));
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    server.answers[wallet.list.path] = sequence(refused('busy', 500), ok(OVERVIEW));
    renderAt('/pages/assets/index');
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('asset-row-BTC')).toBeInTheDocument();
  });
});

describe('wallet details (/pages/assets/account)', () => {
  it('shows the balances of the wallet/asset and its account changes: cause, signed amount, counterparty, time', async () => {
    renderAt('/pages/assets/account?wallet=spot&asset=USDT');
    await waitFor(() => expect(screen.getByTestId('detail-balances')).toHaveTextContent(`${en.balanceLabel}6,250.00`));
    expect(screen.getByTestId('detail-balances')).toHaveTextContent(`${en.frozenLabel}250.00`);
    const row = await screen.findByTestId('history-row');
    expect(row).toHaveTextContent(en.causeTransfer);
    expect(row).toHaveTextContent('−250 USDT');
    expect(row).toHaveTextContent(`${en.counterpartyLabel}: ${en.walletNameSpot}`);
    expect(row).toHaveTextContent('2026-03-01 08:00:00 UTC');
    expect(server.callsTo(wallet.changes.path)[0]!.params).toEqual({ page: 1, size: 20, wallet: 'spot', asset: 'USDT' });
  });

  it('names platform accounts, frozen moves and unknown causes', async () => {
    server.answers[wallet.changes.path] = ok(
      page([
        { ...CHANGE, id: '1', amount: '100000', causeType: 'demo_issue', counterparty: 'demo' },
        { ...CHANGE, id: '2', amount: '25', part: 'frozen', causeType: 'withdrawal', counterparty: 'platform' },
        { ...CHANGE, id: '3', amount: '-1', causeType: 'airdrop', counterparty: 'chain' },
      ]),
    );
    renderAt('/pages/assets/account?wallet=platform&asset=USDT');
    const rows = await screen.findAllByTestId('history-row');
    expect(rows[0]).toHaveTextContent(`${en.causeDemoIssue}+100,000 USDT${en.counterpartyLabel}: ${en.counterpartyDemo}`);
    expect(rows[1]).toHaveTextContent(`${en.causeWithdrawal} · ${en.partFrozen}+25 USDT${en.counterpartyLabel}: ${en.partAvailable}`);
    expect(rows[2]).toHaveTextContent(`${en.causeOther} (airdrop)−1 USDT${en.counterpartyLabel}: ${en.counterpartyChain}`);
  });

  it('pages the history and switches wallet and asset with the pickers', async () => {
    const user = userEvent.setup();
    server.answers[wallet.changes.path] = (call) =>
      ok(call.params?.page === 2 ? { ...page([{ ...CHANGE, id: '40', amount: '5' }], 21), page: 2 } : page([CHANGE], 21));
    renderAt('/pages/assets/account?wallet=platform&asset=USDT');
    await screen.findByTestId('history-row');
    await user.click(screen.getByRole('button', { name: en.loadMore }));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(2));
    expect(server.callsTo(wallet.changes.path)[1]!.params).toEqual({ page: 2, size: 20, wallet: 'platform', asset: 'USDT' });

    await user.selectOptions(screen.getByLabelText(en.assetLabel, { selector: 'select' }), 'BTC');
    await waitFor(() => expect(server.callsTo(wallet.changes.path).at(-1)!.params).toEqual({ page: 1, size: 20, wallet: 'platform', asset: 'BTC' }));
    expect(window.location.search).toBe('?wallet=platform&asset=BTC');
  });

  it('says so when the account has no changes', async () => {
    server.answers[wallet.changes.path] = ok(page([]));
    renderAt('/pages/assets/account?wallet=option&asset=USDT');
    expect(await screen.findByText(en.historyEmpty)).toBeInTheDocument();
  });
});
