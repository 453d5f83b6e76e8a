// Identity as a new user meets it, against the real server: sign up by e-mail with the code read from the dev
// outbox, see the profile, switch to the demo account (with its trial warning) and back, log out, get the
// wrong-password answer, and log in again.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screenshot, useHarness, visible } from '../harness.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

async function latestCode(baseUrl, to) {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const res = await fetch(`${baseUrl}/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = await res.json();
    const message = body.data?.[0];
    const code = message?.body?.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code in the outbox for ${to}`);
}

test('sign up by e-mail, use the profile and the demo switch, log out and back in', () =>
  h.withPage({ viewport: 'phone', name: 'identity' }, async (page) => {
    const email = `trader-${Date.now()}@example.com`;
    const password = 'correct-horse-7';

    await page.goto('/pages/register/email/index');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(/Resend in \d+ s/).first().waitFor();
    const code = await latestCode(h.baseUrl, email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByLabel('Invitation code').fill('MERIDIAN');
    await screenshot(page, 'phone-register-email');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/pages/home/index');

    await page.locator('[data-testid="tab-profile"]').click();
    await visible(page, '[data-testid="profile-nickname"]');
    await screenshot(page, 'phone-profile');

    await page.getByRole('button', { name: 'Demo account' }).click();
    await page.getByRole('dialog').getByText('trial version with virtual funds').waitFor();
    await page.getByRole('button', { name: 'Use the demo account' }).click();
    await visible(page, '[data-testid="demo-banner"]');
    await screenshot(page, 'phone-profile-demo');
    await page.getByRole('button', { name: 'Real account' }).click();
    await page.locator('[data-testid="demo-banner"]').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL('**/pages/login/email-login');

    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Incorrect account or password').first().waitFor();

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/pages/home/index');
    assert.ok(await page.evaluate(() => JSON.parse(localStorage.getItem('token') ?? 'null')), 'no token stored after login');
  }));

test('a visitor opening a protected page is sent to login and comes back after logging in', () =>
  h.withPage({ viewport: 'phone', name: 'protected' }, async (page) => {
    await page.goto('/pages/profile/security-center/index');
    await page.waitForURL(/\/pages\/login\/email-login\?redirect=/);
    await page.getByText('Please log in first').first().waitFor();
  }));

test('the desktop login shows the e-mail and phone forms as tabs', () =>
  h.withPage({ viewport: 'desktop', name: 'desktop-login' }, async (page) => {
    await page.goto('/pages/desktop/login');
    await page.getByRole('tab', { name: 'Email' }).waitFor();
    await page.getByRole('tab', { name: 'Phone' }).click();
    await page.getByLabel('Phone number').waitFor();
    await screenshot(page, 'desktop-login-phone');
  }));
