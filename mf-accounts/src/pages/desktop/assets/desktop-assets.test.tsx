import { wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { CHANGE, CONVERSION, CURRENCIES, estimate, installServer, ok, OVERVIEW, page, TRANSFER } from '../../../components/money/test-server';

const en = translations.en;
let server: ReturnType<typeof installServer>;

beforeEach(() => {
  server = installServer({
    [wallet.list.path]: ok(OVERVIEW),
    [wallet.changes.path]: ok(page([CHANGE])),
    [wallet.currencies.path]: ok(CURRENCIES),
    [wallet.convertCurrencies.path]: ok(CURRENCIES),
    [wallet.validAsset.path]: ok({ available: '90000.5' }),
    [wallet.transfer.path]: ok(TRANSFER),
    [wallet.transferLog.path]: ok(page([TRANSFER])),
    [wallet.estimate.path]: ok(estimate('0.00001582', '0.01582')),
    [wallet.convertHistory.path]: ok(page([CONVERSION])),
  });
  localStorage.clear();
});
afterEach(() => server.restore());

function renderAt(url: string, loggedIn = true) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

const sidebar = () => within(screen.getByRole('navigation', { name: en.walletsLabel }));

describe('desktop assets (/pages/desktop/assets)', () => {
  it('shows a sidebar of the wallets with their totals, linking to desktop pages only, and the overview table', async () => {
    renderAt('/pages/desktop/assets');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.assetsTitle);
    await waitFor(() => expect(sidebar().getByRole('link', { name: `${en.walletNamePlatform} 95,000.50` })).toHaveAttribute('href', '/pages/desktop/assets/platform'));
    expect(sidebar().getByRole('link', { name: /Spot wallet/ })).toHaveAttribute('href', '/pages/desktop/assets/spot');
    expect(sidebar().getByRole('link', { name: /Wealth wallet/ })).toHaveAttribute('href', '/pages/desktop/assets/wealth-management');
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/pages\/desktop\//);
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('101,250.50');
    expect(screen.getByTestId('wallet-row-spot')).toHaveTextContent('6,250.00');
  });

  it('a wallet page shows its assets as a dense table, and an asset’s history under it', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/assets/platform');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.walletNamePlatform);
    const table = await screen.findByTestId('asset-table-platform');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      en.assetLabel,
      en.balanceLabel,
      en.availableLabel,
      en.frozenLabel,
      en.valueUsdtLabel,
      en.actionsLabel,
    ]);
    const btc = within(table).getByTestId('asset-row-BTC');
    expect(btc).toHaveTextContent('0.10000');
    expect(within(btc).getByRole('link', { name: en.transferTitle })).toHaveAttribute('href', '/pages/desktop/assets/transfer?from=platform&asset=BTC');
    expect(sidebar().getByRole('link', { name: /Platform wallet/ })).toHaveAttribute('aria-current', 'page');
    await user.click(within(within(table).getByTestId('asset-row-USDT')).getByRole('link', { name: en.historyLink }));
    expect(await screen.findByTestId('history-table')).toHaveTextContent('−250 USDT');
    expect(server.callsTo(wallet.changes.path)[0]!.params).toMatchObject({ wallet: 'platform', asset: 'USDT' });
  });

  it('the transfer page has the transfer form beside the records table, which reloads after a transfer', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/assets/transfer');
    expect(await screen.findByTestId('transfer-records')).toHaveTextContent('250 USDT');
    await screen.findByText('Available: 90,000.50 USDT');
    await user.type(screen.getByLabelText(en.amountLabel, { selector: 'input' }), '250');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.transferConfirmButton }));
    await waitFor(() => expect(server.callsTo(wallet.transferLog.path)).toHaveLength(2));
    // the sidebar's totals follow the transfer
    expect(server.callsTo(wallet.list.path)).toHaveLength(2);
    expect(window.location.pathname).toBe('/pages/desktop/assets/transfer');
  });

  it('moving between the sub-routes brings the totals up to date', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/assets');
    await screen.findByTestId('wallet-table');
    await user.click(sidebar().getByRole('link', { name: /Spot wallet/ }));
    expect(await screen.findByTestId('asset-table-spot')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(wallet.list.path)).toHaveLength(2));
  });

  it('the convert page has the convert form and the conversion records', async () => {
    renderAt('/pages/desktop/assets/convert');
    expect(screen.getByTestId('convert-form')).toBeInTheDocument();
    expect(await screen.findByTestId('convert-records')).toHaveTextContent('+0.01582 BTC');
  });

  it('sends a visitor to log in', async () => {
    renderAt('/pages/desktop/assets/spot', false);
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
  });
});
