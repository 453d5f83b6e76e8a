// A session that ends ends its live stream everywhere: when the session the page uses is logged out (here from
// another tab, through the API) the server closes the page's positions stream (close code 4403, server tests check
// the code) and sends it nothing more — a deposit credited afterwards reaches no socket of that session.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, useHarness, visible } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false', DEPOSIT_CONFIRM_MS: '500', DEPOSIT_CONFIRMATIONS: '1' } });

for (const viewport of /** @type {const} */ (['phone', 'desktop'])) {
  test(`${viewport}: logging the session out closes its live stream, and no push follows`, () =>
    h.withPage({ viewport, name: `session-stream-${viewport}` }, async (page) => {
      const user = await users.signUp(h, `stream-${viewport}-${Date.now()}@example.com`);
      await logIn(page, user);
      const { address } = await users.api(h, '/asset/api/currency/get-deposit-address?asset=USDT&chain=TRC20', { token: user.token, method: 'GET' });

      const frames = [];
      const opened = new Promise((resolve) =>
        page.on('websocket', (ws) => {
          if (!ws.url().includes('/ws/positions')) return;
          ws.on('framereceived', (frame) => frames.push(String(frame.payload)));
          resolve(ws);
        }),
      );
      await page.goto('/pages/wallet/index');
      await visible(page, '[data-testid="wallet-total"]');
      const ws = /** @type {import('playwright-core').WebSocket} */ (await opened);
      const closed = new Promise((resolve) => ws.on('close', () => resolve(true)));
      // the stream works: a credit while the session is alive is pushed
      await page.waitForTimeout(500);
      await users.sendToChain(h, address, '5');
      await page.getByTestId('wallet-total').getByText('5.00').waitFor({ timeout: 15_000 });
      assert.ok(frames.some((f) => JSON.parse(f).action === 'DEPOSIT'), 'no push while the session was alive');

      // the page's own session is logged out elsewhere (another tab, the same token)
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null'));
      assert.ok(token, 'no token in the page');
      await users.api(h, '/asset/api/user/logout', { token });
      assert.equal(await Promise.race([closed, new Promise((resolve) => setTimeout(() => resolve(false), 10_000))]), true, 'the stream stayed open after logout');

      // nothing more reaches that session: a later credit is not pushed to it
      const before = frames.length;
      await users.sendToChain(h, address, '7');
      await page.waitForTimeout(3_000);
      assert.deepEqual(frames.slice(before), [], 'a push arrived after the session ended');
      await screenshot(page, `session-stream-${viewport}-after-logout`);
    }));
}
