// AI funds (issue 20), as a new user does it: the operator sets the momentum fund's access code and funds the product
// reserve; the user opens the fund list (value per share, minimum, realised daily yield and historical rate with their
// periods, the value chart), opens the fund with its code (a wrong one is refused first), buys 2 shares from the spot
// wallet after a confirmation, sees the receipt and the position, and redeems it. Phone and desktop, English, German
// and Japanese, with screenshots of each step; the ledger verifies clean at the end.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runOps, useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, snap, verifiedUser } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);
const FUND = 'crypto-momentum';
const CODE = '4821';

/** Once per run: the code set, the reserve funded, and the fund valued (the job's first run is a minute after start). */
let prepared;
function ready() {
  prepared ??= (async () => {
    const code = await runOps(h.platform, ['ai-fund:code', FUND, 'set', '-'], `${CODE}\n`);
    assert.equal(code.code, 0, code.err);
    const funded = await runOps(h.platform, ['reserve:fund', 'ai-fund', '100000', '--request', 'e2e-ai-fund-reserve']);
    assert.equal(funded.code, 0, funded.err);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      const list = await api('/asset/api/ai-fund/list', { method: 'GET' });
      if (list.find((f) => f.id === FUND)?.valuePerShare) return;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    throw new Error(`${FUND} was not valued within two minutes`);
  })();
  return prepared;
}

/** A new, KYC-verified user with 1,000 USDT in the spot wallet (recorded by the operator, moved from the platform wallet). */
async function spotUser(email) {
  const { token } = await verifiedUser(h, email);
  const credited = await runOps(h.platform, ['recharge:record', email, 'USDT', '1000', `e2e ai fund ${email}`]);
  assert.equal(credited.code, 0, credited.err);
  await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '1000', requestId: `e2e-ai-${Date.now()}` } });
  return { token, userInfo: await api('/asset/api/user/info', { token }) };
}

for (const viewport of ['phone', 'desktop'])
  for (const lang of ['en', 'ge', 'jp'])
    test(`${viewport} (${lang}): open the fund with its code, buy 2 shares, see the position, redeem it`, { timeout: 240_000 }, () =>
      h.withPage({ viewport, name: `ai-funds-${viewport}-${lang}` }, async (page) => {
        await ready();
        const user = await spotUser(`ai-${viewport}-${lang}-${Date.now()}@example.com`);
        await logIn(page, user, lang);
        await page.goto('/pages/stock/ai-trading/index');
        const card = page.getByTestId(`ai-fund-${FUND}`);
        await card.getByTestId('ai-fund-value').waitFor();
        assert.doesNotMatch(await card.getByTestId('ai-fund-value').innerText(), /—/);
        await page.getByTestId('ai-fund-mine').waitFor();
        await snap(page, `${viewport}-ai-funds-list-${lang}`);

        await card.getByTestId(`ai-fund-buy-${FUND}`).click();
        await page.waitForURL(`**/stock-ai-buy?fund=${FUND}`);
        const codeStep = page.getByTestId('ai-fund-code-step');
        const code = codeStep.locator('input[name="aiFundCode"]');
        await code.fill('0000');
        await codeStep.locator('button[type="submit"]').click();
        await codeStep.locator('[aria-invalid="true"]').waitFor();
        await snap(page, `${viewport}-ai-funds-code-wrong-${lang}`);
        await code.fill(CODE);
        await codeStep.locator('button[type="submit"]').click();

        const form = page.getByTestId('ai-fund-buy-form');
        await form.locator('input[name="aiFundShares"]').fill('2');
        await form.getByTestId('ai-fund-estimate').waitFor();
        await form.locator('button[type="submit"]').click();
        const confirm = page.getByTestId('ai-fund-confirm');
        await confirm.waitFor();
        await snap(page, `${viewport}-ai-funds-confirm-${lang}`);
        await confirm.locator('button[data-primary]').click();
        const receipt = page.getByTestId('ai-fund-receipt');
        await receipt.waitFor();
        assert.equal((await receipt.getByTestId('ai-receipt-shares').innerText()).trim(), '2');
        await snap(page, `${viewport}-ai-funds-receipt-${lang}`);

        // the server's view: one position of 2 shares bought at a value row's value, paid from spot
        const [position] = await api('/asset/api/ai-fund-position/position', { method: 'GET', token: user.token });
        assert.deepEqual([position.shares, position.status, position.fundId], ['2', 'holding', FUND]);

        await page.goto('/pages/stock/ai-trading/index');
        const mine = page.getByTestId(`ai-position-${position.id}`);
        await mine.waitFor();
        await mine.scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-ai-funds-position-${lang}`);
        await mine.getByTestId(`ai-position-redeem-${position.id}`).click();
        await page.waitForURL(`**/stock-ai-sell?position=${position.id}`);
        await page.getByTestId('ai-redeem-open').click();
        const redeem = page.getByTestId('ai-redeem-confirm');
        await redeem.waitFor();
        await snap(page, `${viewport}-ai-funds-redeem-confirm-${lang}`);
        await redeem.locator('button[data-primary]').click();
        const done = page.getByTestId('ai-redeem-receipt');
        await done.waitFor();
        await snap(page, `${viewport}-ai-funds-redeemed-${lang}`);
        const [redeemed] = await api('/asset/api/ai-fund-position/history', { method: 'GET', token: user.token });
        assert.deepEqual([redeemed.id, redeemed.status], [position.id, 'redeemed']);
        assert.ok(redeemed.redeemValue && redeemed.proceeds, 'redeemed at a value, paid out');
        assert.deepEqual(await api('/asset/api/ai-fund-position/position', { method: 'GET', token: user.token }), []);
        // back on the list: no open position, the redeemed lot under the history heading
        await page.goto('/pages/stock/ai-trading/index');
        const history = page.getByTestId('ai-history-list');
        await history.getByTestId(`ai-position-${position.id}`).waitFor();
        await history.scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-ai-funds-history-${lang}`);
      }));

test('after every purchase and redemption the ledger verifies clean', async () => {
  const verified = await runOps(h.platform, ['ledger', 'verify']);
  assert.equal(verified.code, 0, `${verified.out}\n${verified.err}`);
});
