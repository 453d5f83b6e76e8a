// C2C and OTC as new users meet them, in two browser contexts: a merchant (applied, approved by an operator with
// `pnpm ops`) saves a bank method and posts a sell ad on the phone; a buyer takes it, chats, marks it paid with a
// proof image; the merchant releases on the desktop; both see the completed timeline. A second order goes to an
// appeal the operator resolves (the chat shown to staff first). An OTC buy is confirmed by the operator. Phone
// and desktop screenshots in English, German and Japanese. Another order, on an ad with a one-minute window, is
// left unpaid: the job cancels it and the escrow goes back (its expiry across a restart is proven with a test
// clock in server/src/modules/c2c/c2c.test.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradientPng, runOps, useHarness, visible } from '../harness.mjs';
import * as users from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const state = { merchant: null, buyer: null, adId: '', orderId: '', appealId: '' };
const api = (who, route, options) => users.api(h, route, { token: state[who].token, ...options });
let rid = 0;
const requestId = () => `e2e-c2c-${Date.now()}-${(rid += 1)}`;

const as = (who, viewport, name, fn, lang = 'en') =>
  h.withPage({ viewport, name }, async (page) => {
    await users.logIn(page, state[who], lang);
    return fn(page);
  });

test('a merchant applies, an operator approves it (audited); a buyer signs up', async () => {
  const stamp = Date.now();
  state.merchant = await users.verifiedTrader(h, `c2c-merchant-${stamp}@example.com`, '1000');
  state.buyer = await users.verifiedUser(h, `c2c-buyer-${stamp}@example.com`);
  const applied = await api('merchant', '/asset/api/c2c/merchant/apply', { body: { displayName: 'Kyoto Desk' } });
  assert.equal(applied.status, 'pending');
  const listed = await runOps(h.platform, ['c2c:merchants']);
  assert.match(listed.out, new RegExp(`user:${state.merchant.userInfo.uid}\\b`));
  const approved = await runOps(h.platform, ['c2c:merchant-approve', String(state.merchant.userInfo.uid)]);
  assert.equal(approved.code, 0, approved.err);
  assert.match((await runOps(h.platform, ['audit', '1'])).out, /c2c:merchant-approve/);
});

test('phone, merchant: saves a bank transfer method and posts a sell ad (its quantity held)', () =>
  as('merchant', 'phone', 'merchant-ad', async (page) => {
    await page.goto('/pages/c2c/payment-methods');
    await page.getByTestId('c2c-method-add').click();
    await page.getByTestId('c2c-method-holder').fill('Kyoto Desk Ltd');
    await page.getByTestId('c2c-method-bank').fill('Mizuho Bank');
    await page.getByTestId('c2c-method-bank-number').fill('MHCBJPJT');
    await page.getByTestId('c2c-method-account').fill('123-4567');
    await users.snap(page, 'phone-c2c-method-form');
    await page.getByTestId('c2c-method-save').click();
    await page.locator('[data-testid="c2c-methods"] li').first().waitFor();
    await users.snap(page, 'phone-c2c-methods');

    await page.goto('/pages/c2c/merchant');
    await page.getByTestId('c2c-post-ad').click();
    await page.getByTestId('c2c-ad-price').fill('1.02');
    await page.getByTestId('c2c-ad-quantity').fill('300');
    await page.getByTestId('c2c-ad-min').fill('10');
    await page.getByTestId('c2c-ad-max').fill('500');
    await users.snap(page, 'phone-c2c-ad-form');
    await page.getByTestId('c2c-ad-review').click();
    await page.getByTestId('c2c-ad-confirm-dialog').waitFor();
    await users.snap(page, 'phone-c2c-ad-confirm');
    await page.getByTestId('c2c-ad-confirm').click();
    await page.locator('[data-testid="c2c-my-ads"] li').first().waitFor();
    await users.snap(page, 'phone-c2c-my-ads');
    const ads = await api('merchant', '/asset/api/c2c/ad/mine', { method: 'GET' });
    state.adId = ads.list[0].id;
    assert.equal(ads.list[0].remaining, '300');
  }));

test('phone, buyer: takes the ad with a receipt, chats, marks it paid with a proof image', () =>
  as('buyer', 'phone', 'buyer-order', async (page) => {
    await page.goto('/pages/c2c/index');
    await visible(page, `[data-testid="c2c-ad-${state.adId}"]`);
    await users.snap(page, 'phone-c2c-market');
    await page.getByTestId(`c2c-take-${state.adId}`).click();
    await page.getByTestId('c2c-take-quantity').fill('100');
    await page.getByTestId('c2c-take-review').click();
    assert.match(await page.getByTestId('c2c-take-receipt').innerText(), /102 USD/);
    await users.snap(page, 'phone-c2c-take-receipt');
    await page.getByTestId('c2c-take-confirm').click();
    await page.waitForURL(/\/pages\/c2c\/order\?id=\d+$/);
    state.orderId = new URL(page.url()).searchParams.get('id');
    await visible(page, '[data-testid="c2c-timer"]');
    assert.match(await page.getByTestId('c2c-payment-details').innerText(), /123-4567/);
    await page.getByTestId('c2c-chat-input').fill('Sending 102 USD from my bank now');
    await page.getByTestId('c2c-chat-send').click();
    await page.getByTestId('c2c-chat').getByText('Sending 102 USD from my bank now').waitFor();
    await users.snap(page, 'phone-c2c-order-unpaid');

    await page.getByTestId('c2c-action-paid').click();
    const dialog = page.getByTestId('c2c-action-dialog');
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: gradientPng(900, 1200, 90) });
    await dialog.locator('img').first().waitFor();
    await users.snap(page, 'phone-c2c-paid-confirm');
    await page.getByTestId('c2c-action-confirm').click();
    await page.getByTestId('c2c-order-status').getByText('Paid, waiting for release').waitFor();
    const order = await api('buyer', '/asset/api/c2c/order/detail', { method: 'GET', query: { id: state.orderId } });
    assert.match(order.proof, /\/asset\/admin\/common\/oss\//);
  }));

test('desktop, merchant: sees the paid order and the chat live, replies and releases after confirming', () =>
  as('merchant', 'desktop', 'merchant-release', async (page) => {
    await page.goto(`/pages/desktop/c2c?order=${state.orderId}`);
    await page.getByTestId('c2c-order-status').getByText('Paid, waiting for release').waitFor();
    await page.getByTestId('c2c-chat').getByText('Sending 102 USD from my bank now').waitFor();
    await page.getByTestId('c2c-chat-input').fill('Received, releasing');
    await page.getByTestId('c2c-chat-send').click();
    await users.snap(page, 'desktop-c2c-order-paid');
    await page.getByTestId('c2c-action-release').click();
    await users.snap(page, 'desktop-c2c-release-confirm');
    await page.getByTestId('c2c-action-confirm').click();
    await page.getByTestId('c2c-order-status').getByText('Completed').waitFor();
    await users.snap(page, 'desktop-c2c-order-completed');
  }));

test('phone, buyer: the completed timeline and the coins', () =>
  as('buyer', 'phone', 'buyer-done', async (page) => {
    await page.goto(`/pages/c2c/order?id=${state.orderId}`);
    await page.getByTestId('c2c-order-status').getByText('Completed').waitFor();
    const steps = await page.getByTestId('c2c-timeline').innerText();
    assert.match(steps, /Order created[\s\S]*Buyer marked paid[\s\S]*Coins released/);
    await page.getByTestId('c2c-chat').getByText('Received, releasing').waitFor();
    await users.snap(page, 'phone-c2c-order-completed');
    const balances = await api('buyer', '/asset/api/asset/queryUserBalance', { body: { asset: 'USDT' } });
    assert.deepEqual(balances, [{ asset: 'USDT', available: '100', held: '0' }]);
  }));

test('an appeal: the buyer appeals a paid order on the phone; the operator reads the chat and releases', async () => {
  const order = await api('buyer', '/asset/api/c2c/order/create', { body: { adId: state.adId, quantity: '50', requestId: requestId() } });
  state.appealId = order.id;
  await api('buyer', '/asset/api/c2c/order/message', { body: { orderId: order.id, body: 'Paid 51 USD, reference KD-50' } });
  await api('buyer', '/asset/api/c2c/order/paid', { body: { orderId: order.id, requestId: requestId() } });
  await as('buyer', 'phone', 'buyer-appeal', async (page) => {
    await page.goto(`/pages/c2c/order?id=${order.id}`);
    await page.getByTestId('c2c-action-appeal').click();
    await page.getByTestId('c2c-appeal-reason').fill('I paid 30 minutes ago and the coins were not released');
    await users.snap(page, 'phone-c2c-appeal-form');
    await page.getByTestId('c2c-action-confirm').click();
    await page.getByTestId('c2c-order-status').getByText('Under appeal').waitFor();
    await users.snap(page, 'phone-c2c-appeal-open');
  });
  const shown = await runOps(h.platform, ['c2c:appeal-show', order.id]);
  assert.match(shown.out, /Paid 51 USD, reference KD-50/);
  const resolved = await runOps(h.platform, ['c2c:appeal-resolve', order.id, 'release', 'The bank statement shows the payment']);
  assert.equal(resolved.code, 0, resolved.err);
  await as('merchant', 'phone', 'merchant-appeal-result', async (page) => {
    await page.goto(`/pages/c2c/order?id=${order.id}`);
    await page.getByTestId('c2c-appeal').getByText(/The bank statement shows the payment/).waitFor();
    await users.snap(page, 'phone-c2c-appeal-resolved');
  });
  const balances = await api('buyer', '/asset/api/asset/queryUserBalance', { body: { asset: 'USDT' } });
  assert.equal(balances[0].available, '150');
});

test('an unpaid order times out: the payment-window job cancels it and the escrow goes back to the ad', async () => {
  const ad = await api('merchant', '/asset/api/c2c/ad/create', {
    body: { side: 'sell', asset: 'USDT', fiat: 'EUR', price: '0.95', minOrder: '5', maxOrder: '100', quantity: '40', paymentKinds: ['bank'], windowMinutes: 1, requestId: requestId() },
  });
  const order = await api('buyer', '/asset/api/c2c/order/create', { body: { adId: ad.id, quantity: '20', requestId: requestId() } });
  assert.equal((await api('merchant', '/asset/api/c2c/ad/mine', { method: 'GET' })).list.find((a) => a.id === ad.id).remaining, '20');
  await as('buyer', 'phone', 'buyer-timeout', async (page) => {
    await page.goto(`/pages/c2c/order?id=${order.id}`);
    await visible(page, '[data-testid="c2c-timer"]');
    // the window ends and the job runner (polling every second) cancels the order; the push refreshes the screen
    await page.getByTestId('c2c-order-status').getByText('Cancelled').waitFor({ timeout: 100_000 });
    assert.match(await page.getByTestId('c2c-timeline').innerText(), /Cancelled: not paid in time/);
    await users.snap(page, 'phone-c2c-order-timeout');
  });
  const after = (await api('merchant', '/asset/api/c2c/ad/mine', { method: 'GET' })).list.find((a) => a.id === ad.id);
  assert.equal(after.remaining, '40');
});

test('desktop OTC: a buy at the quote with a receipt, where to transfer, confirmed by the operator', () =>
  as('buyer', 'desktop', 'otc-buy', async (page) => {
    await page.goto('/pages/desktop/otc');
    await page.getByTestId('otc-quantity').fill('20');
    await page.getByTestId('otc-review').click();
    assert.match(await page.getByTestId('otc-receipt').innerText(), /20\.2 USD/);
    await users.snap(page, 'desktop-otc-confirm');
    await page.getByTestId('otc-confirm').click();
    await visible(page, '[data-testid="otc-pay-to"]');
    await users.snap(page, 'desktop-otc-pay-to');
    const reference = (await page.getByTestId('otc-pay-to').innerText()).match(/OTC-(\d+)/)[1];
    const confirmed = await runOps(h.platform, ['otc:confirm', reference]);
    assert.equal(confirmed.code, 0, confirmed.err);
    await page.getByTestId('otc-pay-to').getByRole('button').click();
    await page.reload();
    await page.locator('[data-testid="otc-records"] li').first().getByText('Completed').waitFor();
    await users.snap(page, 'desktop-otc-records');
  }));

for (const lang of ['en', 'ge', 'jp']) {
  test(`the C2C and OTC screens in ${lang}, phone and desktop`, async () => {
    await as('buyer', 'phone', `phone-${lang}`, async (page) => {
      await page.goto('/pages/c2c/index');
      await visible(page, `[data-testid="c2c-ad-${state.adId}"]`);
      await users.snap(page, `phone-c2c-market-${lang}`);
      await page.goto(`/pages/c2c/order?id=${state.orderId}`);
      await visible(page, '[data-testid="c2c-timeline"]');
      await users.snap(page, `phone-c2c-order-${lang}`);
    }, lang);
    await as('merchant', 'desktop', `desktop-${lang}`, async (page) => {
      await page.goto('/pages/desktop/c2c');
      await visible(page, '[data-testid="c2c-ads"]');
      await users.snap(page, `desktop-c2c-${lang}`);
      await page.goto('/pages/desktop/otc');
      await visible(page, '[data-testid="otc-quote"]');
      await users.snap(page, `desktop-otc-${lang}`);
    }, lang);
  });
}
