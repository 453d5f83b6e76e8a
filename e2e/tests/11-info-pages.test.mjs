// The information screens against the built platform: the policy texts served as plain text at /static/files,
// the help centre's search and accordion, both policies in their tabs, About us, and a logged-in user's avatar
// (picked, compressed in the browser, uploaded, saved) that is still there after a reload — served to its owner
// only. Screenshots at phone and desktop sizes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradientPng, screenshot, useHarness, visible } from '../harness.mjs';
import { api, logIn, signUp } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

test('both policy texts are served by the built site as plain text; a missing file is a 404, not the app page', async () => {
  for (const name of ['user_policy.txt', 'privacy_policy.txt']) {
    const res = await fetch(`${h.baseUrl}/static/files/${name}`);
    assert.equal(res.status, 200, name);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/, name);
    const text = await res.text();
    assert.match(text, name === 'user_policy.txt' ? /USER POLICY/ : /PRIVACY POLICY/);
    assert.doesNotMatch(text, /<html/i);
  }
  assert.equal((await fetch(`${h.baseUrl}/static/files/no_such_policy.txt`)).status, 404);
});

test('help centre: search narrows the questions and opens the matches; questions open and close', () =>
  h.withPage({ viewport: 'phone', name: 'help-centre' }, async (page) => {
    await page.goto('/pages/profile/helper-center');
    await page.getByRole('heading', { level: 1, name: 'Help center' }).waitFor();
    const questions = page.locator('[data-testid^="faq-"] h3 button');
    const total = await questions.count();
    assert.ok(total >= 15, `only ${total} questions`);
    await screenshot(page, 'phone-help-center');

    const fees = page.getByRole('button', { name: 'Are there deposit or withdrawal fees?' });
    assert.equal(await fees.getAttribute('aria-expanded'), 'false');
    await fees.click();
    assert.equal(await fees.getAttribute('aria-expanded'), 'true');
    await page.getByRole('region', { name: 'Are there deposit or withdrawal fees?' }).getByText('first three months').waitFor();
    await fees.press('Enter');
    assert.equal(await fees.getAttribute('aria-expanded'), 'false');

    await page.getByRole('searchbox', { name: 'Search the help center' }).fill('advance');
    await page.getByText('Matching questions: 1').waitFor();
    assert.equal(await questions.count(), 1);
    await page.getByText('A withdrawal never requires any extra payment, deposit or fee paid in advance', { exact: false }).waitFor();
    await screenshot(page, 'phone-help-center-search');

    await page.getByRole('searchbox', { name: 'Search the help center' }).fill('liquidation price');
    await page.getByRole('button', { name: 'What is a liquidation price?', expanded: true }).waitFor();
    await page.getByRole('button', { name: 'Clear search' }).click();
    assert.equal(await questions.count(), total);
    // a visitor is offered to log in to reach customer service
    await page.getByRole('link', { name: 'Log in to contact us' }).waitFor();
  }));

test('policies: the privacy policy by default, the user policy in its tab (?type=user), each loaded from /static/files', () =>
  h.withPage({ viewport: 'phone', name: 'policies' }, async (page) => {
    const fetched = [];
    page.on('response', (res) => res.url().includes('/static/files/') && fetched.push(`${new URL(res.url()).pathname} ${res.status()}`));
    await page.goto('/pages/privacy-policy/privacy-policy');
    await page.locator('[data-testid="policy-document"][data-policy="privacy"]').getByRole('heading', { name: 'MERIDIAN PRIVACY POLICY' }).waitFor();
    await page.getByText('we do not sell, rent or trade your data', { exact: false }).waitFor();
    await screenshot(page, 'phone-privacy-policy');

    await page.getByRole('tab', { name: 'User policy' }).click();
    await page.waitForURL('**/pages/privacy-policy/privacy-policy?type=user');
    const user = page.locator('[data-testid="policy-document"][data-policy="user"]');
    await user.getByRole('heading', { name: 'MERIDIAN USER POLICY (TERMS OF USE)' }).waitFor();
    await user.getByText('Demo funds have no value', { exact: false }).waitFor();
    await screenshot(page, 'phone-user-policy');
    assert.deepEqual(fetched, ['/static/files/privacy_policy.txt 200', '/static/files/user_policy.txt 200']);

    // reached directly, in another language: translated around an English document, with the note
    await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('fr')));
    await page.goto('/pages/privacy-policy/privacy-policy?type=user');
    await page.getByRole('tab', { name: 'Conditions d’utilisation' }).waitFor();
    await page.getByText('Ce document est publié en anglais', { exact: false }).waitFor();
    await user.getByRole('heading', { name: 'MERIDIAN USER POLICY (TERMS OF USE)' }).waitFor();
    await screenshot(page, 'phone-user-policy-fr');
  }));

test('about us shows the app version and links to the policies and the help centre', () =>
  h.withPage({ viewport: 'phone', name: 'about-us' }, async (page) => {
    await page.goto('/pages/profile/about-us');
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    assert.equal((await page.getByTestId('about-version').textContent())?.trim(), '1.0.0');
    await page.getByTestId('about-latest').waitFor();
    await page.getByTestId('about-languages').getByText('Tiếng Việt').waitFor();
    await screenshot(page, 'phone-about-us');
    await page.getByTestId('about-facts').scrollIntoViewIfNeeded();
    await screenshot(page, 'phone-about-us-app');
    await page.getByRole('link', { name: 'User policy' }).click();
    await page.waitForURL('**/pages/privacy-policy/privacy-policy?type=user');
    await page.getByRole('heading', { name: 'MERIDIAN USER POLICY (TERMS OF USE)' }).waitFor();
  }));

test('a logged-in user changes the avatar; it persists across a reload and is served to its owner only', () =>
  h.withPage({ viewport: 'phone', name: 'avatar' }, async (page) => {
    const auth = await signUp(h, `avatar-${Date.now()}@example.com`);
    await logIn(page, auth);

    await page.goto('/pages/profile/index');
    await visible(page, '[data-testid="profile-nickname"]');
    await page.getByText('Add a photo').waitFor();
    await page.locator('[data-testid="avatar-input"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(900, 700) });
    const image = page.locator('[data-testid="avatar"] img');
    await image.waitFor();
    await page.getByText('Your profile photo was updated').first().waitFor();
    assert.match((await image.getAttribute('src')) ?? '', /^blob:/);
    await screenshot(page, 'phone-profile-avatar');

    const info = await api(h, '/asset/api/user/info', { token: auth.token });
    assert.match(info.avatar, /^\/asset\/admin\/common\/oss\/file\/[a-f0-9]{32}\.jpg$/, 'the compressed JPEG was saved as the avatar');
    // the owner gets the image; without the token (what an <img src> would send) it is not served
    const own = await fetch(`${h.baseUrl}${info.avatar}`, { headers: { token: auth.token } });
    assert.equal(own.status, 200);
    assert.equal(own.headers.get('content-type'), 'image/jpeg');
    const anonymous = await fetch(`${h.baseUrl}${info.avatar}`);
    assert.notEqual(anonymous.headers.get('content-type'), 'image/jpeg');

    await page.reload();
    await visible(page, '[data-testid="profile-nickname"]');
    await image.waitFor();
    assert.match((await image.getAttribute('src')) ?? '', /^blob:/);
    const natural = await image.evaluate((img) => (img.complete ? img.naturalWidth : 0));
    assert.ok(natural > 0 && natural <= 600, `the avatar did not render from the fetched image (natural width ${natural})`);
    await page.getByText('Change photo').waitFor();

    await page.goto('/pages/profile/account-setting/index');
    await page.getByRole('region', { name: 'Profile photo' }).locator('[data-testid="avatar"] img').waitFor();
    await screenshot(page, 'phone-account-settings-avatar');
  }));

test('desktop: help centre, policies and the desktop account settings with the avatar', () =>
  h.withPage({ viewport: 'desktop', name: 'desktop-info' }, async (page) => {
    const auth = await signUp(h, `avatar-desk-${Date.now()}@example.com`);
    await logIn(page, auth);
    await page.goto('/pages/desktop/settings/account');
    const section = page.getByRole('region', { name: 'Profile photo' });
    await section.waitFor();
    await section.locator('[data-testid="avatar-input"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(640, 640) });
    await section.locator('[data-testid="avatar"] img').waitFor();
    await screenshot(page, 'desktop-account-avatar');

    for (const [path, heading, shot] of [
      ['/pages/profile/helper-center', 'Help center', 'desktop-help-center'],
      ['/pages/privacy-policy/privacy-policy', 'Privacy policy', 'desktop-privacy-policy'],
      ['/pages/profile/about-us', 'About us', 'desktop-about-us'],
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (shot === 'desktop-privacy-policy') await visible(page, '[data-testid="policy-document"]');
      if (shot === 'desktop-help-center') await page.getByRole('link', { name: 'Contact customer service' }).waitFor();
      await screenshot(page, shot);
    }
  }));
