// Identity checks a new user meets after signing up: KYC with two generated document images (compressed in
// the browser, uploaded, auto-reviewed on the embedded defaults) and setting the fund password.
import { test } from 'node:test';
import { gradientPng, screenshot, useHarness, visible } from '../harness.mjs';
import { logIn, signUp } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

test('KYC with two generated images is verified, and the fund password can be set', () =>
  h.withPage({ viewport: 'phone', name: 'kyc' }, async (page) => {
    await logIn(page, await signUp(h, `kyc-${Date.now()}@example.com`));

    await page.goto('/pages/profile/kyc-verification/index?type=trade');
    await visible(page, '[data-testid="kyc-trade-notice"]');
    await page.getByLabel('First name').fill('Jeanne');
    await page.getByLabel('Last name').fill('Dupont');
    await page.getByLabel('ID number').fill('FR1234567');
    await page.getByLabel('Document type').selectOption('passport');
    const image = gradientPng(1200, 800);
    await page.locator('[data-testid="kyc-image-front"] input[type="file"]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: image });
    await page.locator('[data-testid="kyc-image-back"] input[type="file"]').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: image });
    await page.locator('[data-testid="kyc-image-back"] img').waitFor();
    await screenshot(page, 'phone-kyc-form');
    await page.getByRole('button', { name: 'Submit' }).click();
    await visible(page, '[data-testid="kyc-status-verified"]');
    await screenshot(page, 'phone-kyc-verified');

    await page.goto('/pages/profile/security-center/payment-password');
    await page.getByLabel('New fund password').fill('fund-pass-77');
    await page.getByLabel('Confirm fund password').fill('fund-pass-77');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Your fund password was set').first().waitFor();
  }));
