import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../../config.js';

test('identity settings: defaults, production, overrides, refusals', () => {
  const dev = loadConfig({});
  assert.equal(dev.sessionTtlHours, 168);
  assert.equal(dev.seedInvitationCode, 'MERIDIAN');
  assert.equal(dev.kycAutoReview, true);
  assert.equal(dev.loginLockAfter, 10);
  assert.equal(loadConfig({ NODE_ENV: 'production' }).kycAutoReview, false);
  assert.equal(loadConfig({ NODE_ENV: 'production', KYC_AUTO_REVIEW: 'on' }).kycAutoReview, true);
  assert.equal(loadConfig({ KYC_AUTO_REVIEW: 'off' }).kycAutoReview, false);
  const custom = loadConfig({ SESSION_TTL_HOURS: '24', SEED_INVITATION_CODE: 'welcome1', LOGIN_LOCK_AFTER: '5', LOGIN_SLOWDOWN_MS: '0' });
  assert.deepEqual(
    [custom.sessionTtlHours, custom.seedInvitationCode, custom.loginLockAfter, custom.loginSlowdownMs],
    [24, 'WELCOME1', 5, 0],
  );
  assert.equal(loadConfig({ SEED_INVITATION_CODE: '' }).seedInvitationCode, '');
  assert.throws(() => loadConfig({ SESSION_TTL_HOURS: '0' }), /SESSION_TTL_HOURS/);
  assert.throws(() => loadConfig({ SEED_INVITATION_CODE: 'no spaces' }), /SEED_INVITATION_CODE/);
});
