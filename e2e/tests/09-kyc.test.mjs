// Identity checks a new user meets after signing up: KYC with two generated document images (compressed in
// the browser, uploaded, auto-reviewed on the embedded defaults) and setting the fund password.
import { test } from 'node:test';
import { screenshot, useHarness, visible } from '../harness.mjs';
import { fillKycForm, logIn, signUp } from '../users.mjs';

const h = useHarness({ env: { MOBILE_ONLY: 'false' } });

test('KYC with two generated images is verified, and the fund password can be set', () =>
  h.withPage({ viewport: 'phone', name: 'kyc' }, async (page) => {
    await logIn(page, await signUp(h, `kyc-${Date.now()}@example.com`));

    await page.goto('/pages/profile/kyc-verification/index?type=trade');
    await visible(page, '[data-testid="kyc-trade-notice"]');
    await fillKycForm(page);
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
