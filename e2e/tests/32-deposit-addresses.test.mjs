// The deposit-address book and deposit reports (userrechange/*) as a new user meets them, on the phone and the
// desktop: from the deposit screen to the address book, a labelled address added, renamed and removed after a
// confirmation; a deposit reported by its transaction hash stays "being checked" until an operator confirms it
// with `pnpm ops` (audited), then shows confirmed and the money is there. The OTC desk quotes another fiat once an
// operator sets its terms (otc:rate). Screenshots in English, German and Japanese.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runOps, useHarness, visible } from '../harness.mjs';
import * as users from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });
const state = { user: null };

const as = (viewport, name, fn, lang = 'en') =>
  h.withPage({ viewport, name }, async (page) => {
    await users.logIn(page, state.user, lang);
    return fn(page);
  });

test('a new verified user', async () => {
  state.user = await users.verifiedUser(h, `deposit-book-${Date.now()}@example.com`);
});

test('phone: from the deposit screen to the address book; add, rename and remove (after a confirmation) an address', () =>
  as('phone', 'book', async (page) => {
    await page.goto('/pages/recharge/index');
    await page.getByTestId('deposit-addresses-link').click();
    await page.waitForURL(/\/pages\/recharge\/deposit-addresses/);
    await visible(page, '[data-testid="book-address"]');
    assert.equal(await page.getByTestId('book-address').count(), 1);
    await page.getByTestId('book-add-label').fill('Exchange');
    await page.getByTestId('book-add-submit').click();
    await page.locator('[data-testid="book-address"]').nth(1).getByText('Exchange').waitFor();
    const second = page.locator('[data-testid="book-address"]').nth(1);
    await second.getByTestId('book-rename').click();
    await page.getByTestId('book-label-input').fill('Cold wallet');
    await page.getByTestId('book-label-save').click();
    await second.getByText('Cold wallet').waitFor();
    await users.snap(page, 'phone-deposit-book');
    await second.getByTestId('book-remove').click();
    await page.getByTestId('book-remove-dialog').waitFor();
    await users.snap(page, 'phone-deposit-book-remove');
    await page.getByTestId('book-remove-confirm').click();
    await page.getByTestId('book-remove-dialog').waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="book-address"]').length === 1);
  }));

test('phone: a reported deposit credits nothing until the operator confirms it; then it shows confirmed', () =>
  as('phone', 'report', async (page) => {
    await page.goto('/pages/recharge/deposit-addresses');
    await visible(page, '[data-testid="report-form"]');
    await page.getByTestId('report-tx').fill('e2e0dead0beef01');
    await page.getByTestId('report-amount').fill('25');
    await page.getByTestId('report-submit').click();
    const item = page.locator('[data-testid="report-item"]').first();
    await item.getByText('Being checked').waitFor();
    const pending = await runOps(h.platform, ['deposit:reports']);
    const id = pending.out.split('\n').find((l) => l.includes('e2e0dead0beef01'))?.trim().split(/\s+/)[0];
    assert.ok(id, pending.out);
    const confirmed = await runOps(h.platform, ['deposit:report-confirm', id]);
    assert.equal(confirmed.code, 0, confirmed.err);
    await page.reload();
    await page.locator('[data-testid="report-item"]').first().getByText('Confirmed and credited').waitFor();
    await users.snap(page, 'phone-deposit-reports');
  }));

for (const lang of ['ge', 'jp']) {
  test(`the address book and reports in ${lang}, phone and desktop`, async () => {
    for (const viewport of ['phone', 'desktop']) {
      await as(viewport, `book-${lang}`, async (page) => {
        // wide screens are sent to the desktop pages: the desktop deposit screen has its own address-book page
        await page.goto(viewport === 'phone' ? '/pages/recharge/deposit-addresses' : '/pages/desktop/recharge/deposit-addresses');
        await visible(page, '[data-testid="book-address"]');
        await page.locator('[data-testid="report-item"]').first().waitFor();
        await users.snap(page, `${viewport}-deposit-book-${lang}`);
        await page.getByTestId('book-add-label').fill(lang === 'jp' ? '取引所' : 'Börse');
        await page.getByTestId('book-add-submit').click();
        const added = page.locator('[data-testid="book-address"]').last();
        await added.getByTestId('book-remove').waitFor();
        await added.getByTestId('book-remove').click();
        await page.getByTestId('book-remove-dialog').waitFor();
        await users.snap(page, `${viewport}-deposit-book-remove-${lang}`);
        await page.getByTestId('book-remove-confirm').click();
        await page.getByTestId('book-remove-dialog').waitFor({ state: 'detached' });
      }, lang);
    }
  });
}

test('desktop OTC: yen is quoted once an operator sets its terms (audited), and priced in yen', async () => {
  const set = await runOps(h.platform, ['otc:rate', 'JPY', '150', '0.02']);
  assert.equal(set.code, 0, set.err);
  assert.match((await runOps(h.platform, ['audit', '1'])).out, /otc:rate/);
  for (const lang of ['en', 'jp']) {
    await as('desktop', `otc-jpy-${lang}`, async (page) => {
      await page.goto('/pages/desktop/otc');
      await page.getByTestId('otc-fiat').selectOption('JPY');
      assert.match(await page.getByTestId('otc-quote').innerText(), /153/);
      await page.getByTestId('otc-quantity').fill('100');
      await page.getByTestId('otc-review').click();
      assert.match(await page.getByTestId('otc-receipt').innerText(), /15,300/);
      await users.snap(page, `desktop-otc-jpy-${lang}`);
    }, lang);
  }
});
