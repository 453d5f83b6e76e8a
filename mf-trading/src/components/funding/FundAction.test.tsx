import { market, perpetual, trading, wallet, WALLETS } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import { ok, page, QUOTE, recordServer, renderTradeApp, TERMS } from '../../testing/trade-fixtures';

/*
 * A new trader's money lands in the platform wallet; each product trades from its own. Beside every "Available"
 * of a trade form: Transfer (a prefilled sheet, one confirmation, the new balance back on the form) or, on an
 * empty account, Deposit.
 */

jest.setTimeout(30_000);

const en = translations.en;
/** newRequestId: 32 hex characters. */
const UUID = /^[0-9a-f]{32}$/;

/** What each wallet holds available, by `wallet:asset`; transfers move it. */
let balances: Record<string, string>;
const WALLET_NAMES = WALLETS;

const overview = () => ({
  totalUsdt: '0',
  wallets: WALLET_NAMES.map((name, i) => ({
    wallet: name,
    accountType: i + 1,
    totalUsdt: balances[`${name}:USDT`] ?? '0',
    assets: Object.entries(balances)
      .filter(([key]) => key.startsWith(`${name}:`))
      .map(([key, available]) => ({ asset: key.split(':')[1]!, name: key.split(':')[1]!, available, frozen: '0', balance: available, valueUsdt: available })),
  })),
});

const server = recordServer(({ url, params, body }) => {
  if (url === market.price.path) return ok(QUOTE);
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) {
    const key = `${String(params?.accountType)}:${String(params?.asset)}`;
    return ok({ wallet: params?.accountType, asset: params?.asset, available: balances[key] ?? '0' });
  }
  if (url === wallet.list.path) return ok(overview());
  if (url === wallet.transfer.path) {
    const from = `${String(body.fromWallet)}:${String(body.asset)}`;
    const to = `${String(body.toWallet)}:${String(body.asset)}`;
    const amount = Number(body.amount);
    balances[from] = String(Number(balances[from] ?? '0') - amount);
    balances[to] = String(Number(balances[to] ?? '0') + amount);
    return ok({ id: '9', fromWallet: body.fromWallet, toWallet: body.toWallet, asset: body.asset, amount: body.amount, createdAt: '2026-01-01T00:00:00.000Z' });
  }
  if (url === perpetual.openList.path || url === perpetual.limitList.path || url === trading.spotHoldings.path) return ok([]);
  if (url === perpetual.closeList.path || url === trading.spotHistory.path || url === trading.spotList.path) return page([]);
  return undefined;
});

const transfers = () => server.calls.filter((call) => call.method === 'POST' && call.url === wallet.transfer.path);

async function formReady(testId: string) {
  const form = await screen.findByTestId(testId);
  await waitFor(() => expect(within(form).getByTestId('order-submit')).toBeEnabled());
  await waitFor(() => expect(within(form).getByTestId('order-available')).not.toHaveTextContent('…'));
  return form;
}

describe('funding a trade form from the wallet that holds the money', () => {
  beforeEach(() => {
    balances = { 'platform:USDT': '5000' };
  });

  it('spot, nothing typed: Transfer opens a sheet from the platform to the spot wallet with all the platform holds; confirming transfers it and shows the new balance', async () => {
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const form = await formReady('order-form-spot');
    expect(within(form).getByTestId('order-available')).toHaveTextContent('0.00 USDT');
    await user.click(await within(form).findByRole('button', { name: en.fundTransfer }));

    const sheet = await screen.findByTestId('fund-transfer-sheet');
    expect(within(sheet).getByTestId('fund-from')).toHaveAttribute('data-wallet', 'platform');
    expect(within(sheet).getByTestId('fund-from')).toHaveTextContent(en.walletNamePlatform);
    expect(within(sheet).getByTestId('fund-to')).toHaveAttribute('data-wallet', 'spot');
    expect(within(sheet).getByLabelText('Amount (USDT)')).toHaveValue('5000');
    expect(transfers()).toEqual([]);

    await user.click(within(sheet).getByRole('button', { name: en.fundTransferConfirm }));
    await waitFor(() => expect(transfers()).toHaveLength(1));
    const { requestId, ...input } = transfers()[0]!.body;
    expect(input).toEqual({ fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '5000' });
    expect(requestId).toMatch(UUID);
    // back on the form, its balance refetched
    await waitFor(() => expect(screen.queryByTestId('fund-transfer-sheet')).not.toBeInTheDocument());
    await waitFor(() => expect(within(form).getByTestId('order-available')).toHaveTextContent('5,000.00 USDT'));
    expect(await screen.findByText('5,000.00 USDT moved to the Spot wallet')).toBeInTheDocument();
  });

  it('an order above the balance: the sheet is prefilled with the shortfall', async () => {
    balances = { 'platform:USDT': '5000', 'spot:USDT': '100' };
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const form = await formReady('order-form-spot');
    await user.type(within(form).getByLabelText('Price (USDT)'), '64000');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(within(form).getByTestId('order-submit'));
    expect(await within(form).findByText(en.insufficientBalance)).toBeInTheDocument();
    // 0.01 × 64,000 = 640 needed, 100 there: 540 more
    await user.click(within(form).getByRole('button', { name: en.fundTransfer }));
    const sheet = await screen.findByTestId('fund-transfer-sheet');
    expect(within(sheet).getByLabelText('Amount (USDT)')).toHaveValue('540');
  });

  it('perpetual: from the platform to the contract wallet', async () => {
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const form = await formReady('order-form-perp');
    await user.click(await within(form).findByRole('button', { name: en.fundTransfer }));
    const sheet = await screen.findByTestId('fund-transfer-sheet');
    expect(within(sheet).getByTestId('fund-to')).toHaveAttribute('data-wallet', 'contract');
    await user.click(within(sheet).getByRole('button', { name: en.fundTransferConfirm }));
    await waitFor(() => expect(transfers()).toHaveLength(1));
    expect(transfers()[0]!.body).toMatchObject({ fromWallet: 'platform', toWallet: 'contract', asset: 'USDT', amount: '5000' });
    await waitFor(() => expect(within(form).getByTestId('order-available')).toHaveTextContent('5,000.00 USDT'));
  });

  it('an empty account: the action is Deposit, to the deposit page and back to this market', async () => {
    balances = {};
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const form = await formReady('order-form-spot');
    expect(within(form).queryByRole('button', { name: en.fundTransfer })).not.toBeInTheDocument();
    await user.click(await within(form).findByRole('button', { name: en.fundDeposit }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/recharge/index'));
    const query = new URLSearchParams(window.location.search);
    expect(query.get('asset')).toBe('USDT');
    expect(query.get('redirect')).toBe('/pages/trade-margin/index?symbol=BTCUSDT');
  });

  it('the money already where the product trades, and nowhere else: no action', async () => {
    balances = { 'spot:USDT': '800' };
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const form = await formReady('order-form-spot');
    await waitFor(() => expect(server.calls.some((call) => call.url === wallet.list.path)).toBe(true));
    expect(within(form).queryByTestId('fund-transfer')).not.toBeInTheDocument();
    expect(within(form).queryByTestId('fund-deposit')).not.toBeInTheDocument();
  });
});
