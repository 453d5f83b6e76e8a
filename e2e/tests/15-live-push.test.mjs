// Live pushes: the server pushes a user's balance and record changes over the positions stream once committed,
// and the shell turns them into refetches of what is on screen. A deposit credited while the wallet screen is open
// appears without a reload (and without the screen polling: the wallet tab does not poll, and a headless page gets
// no focus events, so only the push can bring the new total).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { navigateInPage, useHarness, visible } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn } from '../users.mjs';

// one confirmation and a block every 0.5 s: the credit follows the send within a second or two
const h = useHarness({ env: { MOBILE_ONLY: 'false', DEPOSIT_CONFIRM_MS: '500', DEPOSIT_CONFIRMATIONS: '1' } });

test('phone: a deposit credited while the wallet screen is open appears without a reload', () =>
  h.withPage({ viewport: 'phone', name: 'live-push-wallet' }, async (page) => {
    const user = await users.signUp(h, `push-${Date.now()}@example.com`);
    await logIn(page, user);
    const { address } = await users.api(h, '/asset/api/currency/get-deposit-address?asset=USDT&chain=TRC20', { token: user.token, method: 'GET' });

    // the positions stream carries the pushes: its frames are recorded to show what arrived
    const pushes = [];
    const positions = new Promise((resolve) =>
      page.on('websocket', (ws) => {
        if (!ws.url().includes('/ws/positions')) return;
        ws.on('framereceived', (frame) => pushes.push(String(frame.payload)));
        resolve(ws);
      }),
    );
    await page.goto('/pages/wallet/index');
    await visible(page, '[data-testid="wallet-total"]');
    await page.getByTestId('wallet-total').getByText('0.00').waitFor();
    await page.evaluate(() => {
      window.__E2E_SAME_DOCUMENT__ = true;
    });
    // the stream is open before the money is sent (the server verifies the token just after it opens)
    await positions;
    await page.waitForTimeout(500);

    await users.sendToChain(h, address, '321.5');

    await page.getByTestId('wallet-total').getByText('321.50').waitFor({ timeout: 15_000 });
    await page.getByTestId('wallet-card-platform').getByText('321.50').waitFor();
    assert.equal(await page.evaluate(() => window.__E2E_SAME_DOCUMENT__), true, 'the page reloaded');
    const deposits = pushes.map((p) => JSON.parse(p)).filter((p) => p.action === 'DEPOSIT');
    assert.ok(deposits.some((p) => p.mode === 'real' && p.cause === 'deposit'), `no credit push among ${pushes.join(' ')}`);

    // the records screen opened afterwards shows the credited deposit (its list was invalidated by the push too)
    await navigateInPage(page, '/pages/recharge/recharge-records');
    await page.getByTestId('deposit-record').first().getByTestId('deposit-status').getByText('Success', { exact: true }).waitFor();
  }));
