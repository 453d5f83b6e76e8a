// Deposits and withdrawals in the real account, against the simulated chain: the deposit screen shows the user's
// address with its QR code, a transfer is sent to it (POST /dev/chain/send), the record goes from in progress
// (x/y confirmations) to success by itself and the platform wallet is credited; (phone) part of it goes to the
// spot wallet and part is converted into BTC; then an address is saved (a
// wrong one is refused inline with "Invalid chain type"), a withdrawal is confirmed and created with the fund
// password, it shows pending in the history, and (phone) the operator approves it with `pnpm ops` while the server
// runs: the user sees it completed and both notifications. Once at phone size, once at desktop size.
// Small chain settings keep it quick: a block every 1.5 s and 3 confirmations (long enough to see it in progress).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { navigateInPage, runOps, useHarness, visible } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', DEPOSIT_CONFIRM_MS: '1500', DEPOSIT_CONFIRMATIONS: '3' } });

/** A valid TRON address (base58check), to save as a withdrawal address. */
const TRON_ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const FUND_PASSWORD = 'fund-pass-77';
const api = (path, options) => users.api(h, path, options);
const send = (address, amount) => users.sendToChain(h, address, amount);

/** A new user's page, logged in; the user's token. */
async function loggedInAs(page, email) {
  const user = await users.signUp(h, email);
  await logIn(page, user);
  return user.token;
}

const platformUsdt = async (token) => {
  const overview = await api('/asset/api/account/list', { token, mode: 'real' });
  return overview.wallets.find((w) => w.wallet === 'platform').assets.find((a) => a.asset === 'USDT');
};

async function readAddress(page) {
  await visible(page, '[data-testid="deposit-address"]');
  await page.locator('[data-testid="deposit-qr"]').waitFor();
  return (await page.getByTestId('deposit-address').textContent()).trim();
}

/** The address book: a wrong address is refused inline, a right one is saved and opens the withdrawal form. */
async function addAddress(page, prefix) {
  await page.getByLabel('Address', { exact: true }).fill('TNotARealTronAddress000000000000000');
  await page.getByRole('button', { name: 'Save address' }).click();
  await page.getByText('Invalid chain type').waitFor();
  await snap(page, `${prefix}-create-address-invalid`);
  await page.getByLabel('Address', { exact: true }).fill(TRON_ADDRESS);
  await page.getByLabel('Name (optional)').fill('Cold wallet');
  await page.getByRole('button', { name: 'Save address' }).click();
}

/** Amount, live estimate, confirmation sheet, fund password, create. */
async function withdraw(page, prefix) {
  await page.getByTestId('withdraw-fee').waitFor();
  await page.getByLabel('Amount', { exact: true }).fill('100');
  await page.getByTestId('withdraw-after-fee').getByText(/^(99|100) USDT$/).waitFor();
  assert.match(await page.getByTestId('withdraw-notice').textContent(), /extra payment/i);
  await snap(page, `${prefix}-withdraw-estimate`);
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
  await sheet.waitFor();
  await snap(page, `${prefix}-withdraw-confirm`);
  await sheet.getByRole('button', { name: 'Continue' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter your fund password' });
  await dialog.getByLabel('Fund password', { exact: true }).fill(FUND_PASSWORD);
  await dialog.getByRole('button', { name: 'Withdraw now' }).click();
  await page.getByText('Withdrawal requested: it is pending review').first().waitFor();
}

test('phone: deposit to the address, watch it confirm and arrive, save an address, withdraw, see it pending', () =>
  h.withPage({ viewport: 'phone', name: 'deposit-withdraw-phone' }, async (page) => {
    const token = await loggedInAs(page, `deposit-${Date.now()}@example.com`);

    await page.goto('/pages/recharge/index');
    const address = await readAddress(page);
    assert.match(address, /^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await page.getByText('There is no deposit fee.').waitFor();
    await snap(page, 'phone-deposit-address');

    await send(address, '500');
    await navigateInPage(page, '/pages/recharge/recharge-records');
    const record = page.getByTestId('deposit-record').first();
    await record.getByText('+500 USDT').waitFor();
    await record.getByTestId('deposit-status').getByText(/In progress · \d\/3 confirmations/).waitFor();
    await snap(page, 'phone-deposit-records');
    // the list refreshes itself while the deposit is in progress
    await record.getByTestId('deposit-status').getByText('Success', { exact: true }).waitFor({ timeout: 30_000 });
    await snap(page, 'phone-deposit-success');
    assert.equal((await platformUsdt(token)).available, '500');
    await navigateInPage(page, '/pages/wallet/index');
    await page.getByTestId('wallet-total').getByText('500.00').waitFor();

    // the deposited money moves: 50 USDT to the spot wallet, then 50 USDT converted into BTC
    await navigateInPage(page, '/pages/transfer/index');
    await page.getByText('Available: 500.00 USDT').waitFor();
    await page.getByLabel('To', { exact: true }).selectOption('spot');
    await page.getByLabel('Amount', { exact: true }).fill('50');
    await page.getByRole('button', { name: 'Transfer', exact: true }).click();
    await page.getByRole('button', { name: 'Confirm transfer' }).click();
    await page.waitForURL('**/pages/transfer/records');
    await page.getByTestId('transfer-record').first().getByText('50 USDT').waitFor();
    await navigateInPage(page, '/pages/convert/index');
    await page.getByText('Available: 450.00 USDT').waitFor();
    await page.getByLabel('Amount', { exact: true }).fill('50');
    await page.getByTestId('estimate-min-receive').waitFor();
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    for (let attempt = 0; ; attempt += 1) {
      const answered = page.waitForResponse((res) => res.url().includes('/convert/createConvert'));
      await page.getByRole('dialog').getByRole('button', { name: 'Confirm conversion' }).click();
      if ((await (await answered).json()).code === 0 || attempt === 3) break;
      await page.getByTestId('rate-changed').waitFor();
    }
    await page.waitForURL('**/pages/convert/convert-records');
    await snap(page, 'phone-real-convert-records');
    const moved = await api('/asset/api/account/list', { token, mode: 'real' });
    const spot = moved.wallets.find((w) => w.wallet === 'spot').assets.find((a) => a.asset === 'USDT');
    const btc = moved.wallets.find((w) => w.wallet === 'platform').assets.find((a) => a.asset === 'BTC');
    assert.equal(spot.available, '50');
    assert.ok(Number(btc.available) > 0, 'no BTC after converting');
    assert.equal((await platformUsdt(token)).available, '400');

    // the fund password (security center), then the withdrawal form without an address yet
    await page.goto('/pages/profile/security-center/payment-password');
    await page.getByLabel('New fund password').fill(FUND_PASSWORD);
    await page.getByLabel('Confirm fund password').fill(FUND_PASSWORD);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your fund password was set').first().waitFor();

    await navigateInPage(page, '/pages/withdraw/withdraw');
    await page.getByText('Please set an address first').waitFor();
    await snap(page, 'phone-withdraw-no-address');
    await page.getByTestId('no-address').getByRole('link', { name: 'Add an address' }).click();
    await page.waitForURL('**/pages/withdraw/create-address**');
    await addAddress(page, 'phone');
    await page.waitForURL('**/pages/withdraw/withdraw?**');
    await withdraw(page, 'phone');

    const available = await platformUsdt(token);
    assert.equal(available.available, '300');
    assert.equal(available.frozen, '100');

    await navigateInPage(page, '/pages/withdraw/withdraw-history');
    const row = page.getByTestId('withdraw-record').first();
    await row.getByTestId('withdraw-status').getByText('Pending').waitFor();
    await row.getByRole('button', { name: 'Cancel withdrawal' }).waitFor();
    await snap(page, 'phone-withdraw-history');

    // The operator approves it with pnpm ops while the server runs; the user sees it completed and is notified.
    const { list } = await api('/asset/api/userwithdraw/list', { token, method: 'GET' });
    const approved = await runOps(h.platform, ['withdraw:approve', list[0].id]);
    assert.equal(approved.code, 0, approved.err);
    assert.match((await runOps(h.platform, ['audit', '1'])).out, /e2e-operator {2}withdraw:approve/);
    await page.reload();
    await page.getByTestId('withdraw-record').first().getByTestId('withdraw-status').getByText('Completed').waitFor();
    const afterPayout = await platformUsdt(token);
    assert.equal(afterPayout.available, '300');
    assert.equal(afterPayout.frozen, '0');
    await navigateInPage(page, '/pages/notification/index');
    await page.getByText('Withdrawal sent').first().waitFor();
    await page.getByText('Deposit credited').first().waitFor();
    await snap(page, 'phone-withdraw-notified');
  }));

test('desktop: the deposit page beside its records, the withdrawal page beside its history', () =>
  h.withPage({ viewport: 'desktop', name: 'deposit-withdraw-desktop' }, async (page) => {
    const token = await loggedInAs(page, `deposit-desk-${Date.now()}@example.com`);
    await api('/asset/api/user/update', { token, body: { kind: 'fundPassword', password: FUND_PASSWORD, confirmPassword: FUND_PASSWORD } });

    await page.goto('/pages/desktop/recharge');
    const address = await readAddress(page);
    await page.getByText('No deposits yet').waitFor();
    await send(address, '250');
    // the desktop page does not refresh by itself until it sees a deposit in progress: pull it once
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    const record = page.getByTestId('deposit-record').first();
    await record.getByText('+250 USDT').waitFor();
    await record.getByTestId('deposit-status').getByText(/In progress · \d\/3 confirmations/).waitFor();
    await snap(page, 'desktop-deposit-in-progress');
    await record.getByTestId('deposit-status').getByText('Success', { exact: true }).waitFor({ timeout: 30_000 });
    await snap(page, 'desktop-deposit');
    assert.equal((await platformUsdt(token)).available, '250');

    await page.goto('/pages/withdraw/create-address?asset=USDT&chain=TRC20');
    await addAddress(page, 'desktop');
    await page.waitForURL('**/pages/withdraw/withdraw?**');
    const query = new URL(page.url()).search;
    await page.goto(`/pages/desktop/withdraw${query}`);
    await withdraw(page, 'desktop');
    const row = page.getByTestId('withdraw-record').first();
    await row.getByTestId('withdraw-status').getByText('Pending').waitFor();
    await snap(page, 'desktop-withdraw');

    await page.goto('/pages/desktop/withdraw/components/history');
    await page.getByTestId('withdraw-record').first().getByTestId('withdraw-status').getByText('Pending').waitFor();
    await snap(page, 'desktop-withdraw-history');
  }));
