import assert from 'node:assert/strict';
import { test } from 'node:test';
import { moneyConfig } from '../wallet/config.js';
import { accrue, allocate, chargedDays, DAY_MS, termInterest } from './terms.js';

const approvedAt = new Date('2026-03-01T09:00:00Z');
const at = (ms: number) => new Date(approvedAt.getTime() + ms);
const loan = { termDays: 7, dailyRate: '0.001', lateDailyRate: '0.002', approvedAt, principalDue: '333.333333', interestDue: '0', interestDays: 0 };

test('every started day counts, the day of payout being day 1', () => {
  assert.equal(chargedDays(approvedAt, approvedAt), 1);
  assert.equal(chargedDays(approvedAt, at(DAY_MS)), 1);
  assert.equal(chargedDays(approvedAt, at(DAY_MS + 1)), 2);
  assert.equal(chargedDays(approvedAt, at(-5000)), 1, 'a clock behind the approval still charges one day');
});

test('accrual rounds half-up to the asset scale and switches to the late rate after the term', () => {
  // 333.333333 × 0.001 × 3 = 0.999999999 → 1.000000
  assert.deepEqual(accrue(loan, at(2 * DAY_MS + 1), 6), { days: 3, added: '1', principalDue: '333.333333', interestDue: '1', amountToPay: '334.333333', overdue: false });
  // Already charged 5 days (interest 0.5 unpaid); at day 9: days 6-7 at 0.001, 8-9 at 0.002 on 100.
  const partly = { ...loan, principalDue: '100', interestDue: '0.5', interestDays: 5 };
  assert.deepEqual(accrue(partly, at(8 * DAY_MS + 1), 6), { days: 9, added: '0.6', principalDue: '100', interestDue: '1.1', amountToPay: '101.1', overdue: true });
  // Charged past the term already: only late days remain.
  assert.equal(accrue({ ...partly, interestDays: 8 }, at(9 * DAY_MS + 1), 6).added, '0.4');
  assert.equal(accrue({ ...loan, principalDue: '0' }, at(30 * DAY_MS), 6).amountToPay, '0');
});

test('a payment pays interest first, then principal', () => {
  assert.deepEqual(allocate({ principalDue: '100', interestDue: '1.5' }, '1'), { amount: '1', interest: '1', principal: '0', principalDueAfter: '100', interestDueAfter: '0.5', settles: false });
  assert.deepEqual(allocate({ principalDue: '100', interestDue: '1.5' }, '101.5'), { amount: '101.5', interest: '1.5', principal: '100', principalDueAfter: '0', interestDueAfter: '0', settles: true });
  assert.equal(termInterest('1234.56', '0.0008', 30, 6), '29.62944');
});

test('LOAN_MAX_OPEN defaults to 3 and must be 1-100', () => {
  assert.equal(moneyConfig({}).loanMaxOpen, 3);
  assert.equal(moneyConfig({ LOAN_MAX_OPEN: '7' }).loanMaxOpen, 7);
  assert.throws(() => moneyConfig({ LOAN_MAX_OPEN: '0' }), /LOAN_MAX_OPEN must be an integer from 1 to 100/);
});
