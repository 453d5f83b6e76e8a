// Token offerings (issue 21), as a user does it: an operator publishes an offering with `pnpm ops offer:publish`
// (its window a few seconds from now, so the real clock drives it); users in English, German and Japanese open the
// token offerings screen, subscribe with the receipt and the confirmation, see their subscription waiting for the
// draw; the draw and listing jobs run at their times; each user then sees the draw's evidence (the seed's hash
// published at opening, the seed, the totals, their place), checks the hash themselves, and finds the tokens in the
// spot wallet. Phone (375×812) and desktop (1280×800), with screenshots of each step.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { test } from 'node:test';
import { runOps, useHarness } from '../harness.mjs';
import * as users from '../users.mjs';
import { logIn, signUp, snap } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const api = (path, options) => users.api(h, path, options);
const LANGS = ['en', 'ge', 'jp'];
const ICO = { phone: '/pages/ico/index', desktop: '/pages/desktop/ico' };
const WALLET = { phone: (asset) => `/pages/assets/account?wallet=spot&asset=${asset}`, desktop: (asset) => `/pages/desktop/assets/spot?asset=${asset}` };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new user with 100 USDT in the spot wallet (credited by the operator, moved from the platform wallet). */
async function subscriber(email) {
  const { token } = await signUp(h, email);
  const credited = await runOps(h.platform, ['recharge:record', email, 'USDT', '100', `e2e offering funds ${email}`]);
  assert.equal(credited.code, 0, credited.err);
  await api('/asset/api/account/transferAsset', { token, body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '100', requestId: `fund-${Date.now()}-${Math.random().toString(36).slice(2, 8)}` } });
  return { token, userInfo: await api('/asset/api/user/info', { token }) };
}

async function waitFor(check, timeoutMs, what) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(1000);
  }
}

for (const viewport of ['phone', 'desktop'])
  test(`${viewport}: subscribe in en, ge and jp, see the draw with its seed and hash, and the tokens in the spot wallet`, { timeout: 420_000 }, async () => {
    const token = viewport === 'phone' ? 'ICOP' : 'ICOD';
    // 4 lots of 100 at 0.1 USDT for three subscribers asking 3, 2 and 1 lots: everyone gets one, then 1 more in HMAC order
    const published = await runOps(h.platform, ['offer:publish', `${token.toLowerCase()}-e2e`, token, '--name', `${token} Launch Token`, '--price', '0.1',
      '--supply', '400', '--lot', '100', '--min', '100', '--max', '300', '--open', '+2s', '--close', '+150s', '--draw', '+155s', '--list', '+160s']);
    assert.equal(published.code, 0, published.err);
    const seedHash = /seed SHA-256 ([0-9a-f]{64})/.exec(published.out)?.[1];
    assert.ok(seedHash, published.out);
    await sleep(2500);

    const people = [];
    for (const [i, lang] of LANGS.entries()) {
      const person = await subscriber(`ico-${viewport}-${lang}-${Date.now()}@example.com`);
      people.push({ ...person, lang });
      await h.withPage({ viewport, name: `ico-${viewport}-${lang}-subscribe` }, async (page) => {
        await logIn(page, person, lang);
        await page.goto(`${ICO[viewport]}?tab=open`);
        const card = page.locator('[data-phase="open"]', { hasText: `${token} Launch Token` });
        await card.waitFor();
        await snap(page, `${viewport}-ico-open-${lang}`);
        await card.locator('[data-testid^="ico-subscribe-"]').click();
        const dialog = page.getByTestId('ico-subscribe');
        await dialog.getByTestId('ico-quantity').fill(String((3 - i) * 100));
        await dialog.getByTestId('ico-receipt-amount').filter({ hasText: `${(3 - i) * 10} USDT` }).waitFor();
        await snap(page, `${viewport}-ico-receipt-${lang}`);
        await dialog.getByTestId('ico-review').click();
        const confirm = page.getByTestId('ico-confirm');
        await confirm.waitFor();
        await snap(page, `${viewport}-ico-confirm-${lang}`);
        await confirm.getByTestId('ico-confirm-button').click();
        await page.getByTestId('ico-list-mine').waitFor();
        await page.locator('[data-testid^="ico-mine-"][data-status="pending"]').waitFor();
        await snap(page, `${viewport}-ico-pending-${lang}`);
      });
      // the hold: the USDT asked for is out of the spot wallet's available balance
      const spot = await api('/asset/api/account/getValidAssetById', { method: 'GET', token: person.token, query: { accountType: 'spot', asset: 'USDT' } });
      assert.equal(spot.available, String(100 - (3 - i) * 10));
    }

    // the draw and the listing run as jobs at their times (every 5 s)
    const detail = await waitFor(async () => {
      const mine = await api('/asset/api/cryptoIpo/mine', { method: 'GET', token: people[0].token });
      const entry = mine.find((e) => e.offer.token === token);
      return entry?.subscription.status === 'completed' || entry?.subscription.status === 'notWon' ? entry : null;
    }, 200_000, 'the listing');
    assert.equal(detail.offer.seedHash, seedHash);
    assert.equal(createHash('sha256').update(detail.offer.seed).digest('hex'), seedHash, 'the seed revealed is the one whose hash was published');
    assert.deepEqual(detail.offer.totals, { subscribers: 3, requestedLots: 6, wonLots: 4 });

    let delivered = 0;
    for (const person of people) {
      await h.withPage({ viewport, name: `ico-${viewport}-${person.lang}-proof` }, async (page) => {
        await logIn(page, person, person.lang);
        await page.goto(`${ICO[viewport]}?tab=mine`);
        const mine = page.locator('[data-testid^="ico-mine-"][data-status="completed"]');
        await mine.waitFor();
        const proof = mine.locator('[data-testid^="ico-proof-"]');
        assert.equal((await proof.getByTestId('ico-seed-hash').textContent()).trim(), seedHash);
        const seed = (await proof.getByTestId('ico-seed').textContent()).trim();
        assert.equal(createHash('sha256').update(seed).digest('hex'), seedHash);
        assert.match(await proof.getByTestId('ico-place').textContent(), /[123]/);
        await proof.scrollIntoViewIfNeeded();
        await snap(page, `${viewport}-ico-proof-${person.lang}`);
        const won = (await api('/asset/api/cryptoIpo/mine', { method: 'GET', token: person.token })).find((e) => e.offer.token === token).subscription;
        delivered += Number(won.wonQuantity);
        // the token is a ledger asset of the spot wallet (the wallet lists whatever the ledger holds)
        const spot = (await api('/asset/api/account/list', { token: person.token })).wallets.find((w) => w.wallet === 'spot');
        assert.equal(spot.assets.find((a) => a.asset === token)?.available, won.wonQuantity);
        const usdt = await api('/asset/api/account/getValidAssetById', { method: 'GET', token: person.token, query: { accountType: 'spot', asset: 'USDT' } });
        assert.equal(Number(usdt.available), 100 - Number(won.cost));
        await page.goto(WALLET[viewport](token));
        await page.locator(`text=${token} >> visible=true`).first().waitFor();
        await snap(page, `${viewport}-ico-wallet-${person.lang}`);
      });
    }
    assert.equal(delivered, 400);
  });
