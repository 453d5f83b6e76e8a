import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config.js';
import { DEV_DEPOSIT_ADDRESS_SECRET } from '../wallet/config.js';

test('deposit and withdrawal settings: defaults, overrides, production rules, refusals', () => {
  const money = loadConfig({}).money;
  assert.deepEqual(
    [money.depositAddressSecret, money.depositConfirmMs, money.depositConfirmations, money.withdrawFeeExemptMonths, money.fundPasswordMaxAttempts, money.fundPasswordLockMinutes],
    [DEV_DEPOSIT_ADDRESS_SECRET, 2000, undefined, 3, 5, 15],
  );
  const set = loadConfig({
    DEPOSIT_ADDRESS_SECRET: ' a-long-enough-secret ', DEPOSIT_CONFIRM_MS: '50', DEPOSIT_CONFIRMATIONS: '2', WITHDRAW_FEE_EXEMPT_MONTHS: '0',
    FUND_PASSWORD_MAX_ATTEMPTS: '3', FUND_PASSWORD_LOCK_MINUTES: '60',
  }).money;
  assert.deepEqual(
    [set.depositAddressSecret, set.depositConfirmMs, set.depositConfirmations, set.withdrawFeeExemptMonths, set.fundPasswordMaxAttempts, set.fundPasswordLockMinutes],
    ['a-long-enough-secret', 50, 2, 0, 3, 60],
  );
  // Production never falls back to the development key: the app refuses to start without one (deposits.test.ts).
  assert.equal(loadConfig({ NODE_ENV: 'production' }).money.depositAddressSecret, '');
  assert.equal(loadConfig({ MERIDIAN_ENV: 'production', DEPOSIT_ADDRESS_SECRET: 'a-long-enough-secret' }).money.depositAddressSecret, 'a-long-enough-secret');
  assert.throws(() => loadConfig({ MERIDIAN_ENV: 'production', DEPOSIT_CONFIRMATIONS: '1' }), /refused in production/);
  assert.throws(() => loadConfig({ DEPOSIT_ADDRESS_SECRET: 'short' }), /at least 16 characters/);
  assert.throws(() => loadConfig({ DEPOSIT_CONFIRM_MS: '5' }), /DEPOSIT_CONFIRM_MS must be an integer from 10/);
  assert.throws(() => loadConfig({ DEPOSIT_CONFIRMATIONS: '0' }), /DEPOSIT_CONFIRMATIONS/);
  assert.throws(() => loadConfig({ WITHDRAW_FEE_EXEMPT_MONTHS: '-1' }), /WITHDRAW_FEE_EXEMPT_MONTHS/);
  assert.throws(() => loadConfig({ FUND_PASSWORD_MAX_ATTEMPTS: 'many' }), /FUND_PASSWORD_MAX_ATTEMPTS/);
});
