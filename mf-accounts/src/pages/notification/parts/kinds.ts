import { useCallback } from 'react';
import { formatExact, formatScreenTime, orZero } from '@meridian/shared';
import type { AppNotification } from '../../../api/notification';
import { useT, type Key } from '../../../i18n';

/**
 * The notification kinds this app translates (server: notify(...) in deposits, withdrawals, identity/kyc, loans,
 * perpetual ADL, C2C and OTC), with the params each text needs. A kind not listed here, or one whose params are missing, shows the
 * server's English title and body.
 */
const KINDS: Record<string, { title: Key; body: Key; params: string[] }> = {
  'deposit.credited': { title: 'notiDepositCreditedTitle', body: 'notiDepositCreditedBody', params: ['amount', 'asset'] },
  'deposit.failed': { title: 'notiDepositFailedTitle', body: 'notiDepositFailedBody', params: ['amount', 'asset', 'reason'] },
  'withdrawal.approved': { title: 'notiWithdrawalSentTitle', body: 'notiWithdrawalSentBody', params: ['amount', 'asset', 'amountAfterFee', 'address'] },
  // the same event under the name the spec's statuses use (the server sends withdrawal.approved when it is sent)
  'withdrawal.completed': { title: 'notiWithdrawalSentTitle', body: 'notiWithdrawalSentBody', params: ['amount', 'asset', 'amountAfterFee', 'address'] },
  'withdrawal.rejected': { title: 'notiWithdrawalRejectedTitle', body: 'notiWithdrawalRejectedBody', params: ['amount', 'asset', 'reason'] },
  'kyc.verified': { title: 'notiKycVerifiedTitle', body: 'notiKycVerifiedBody', params: [] },
  'kyc.rejected': { title: 'notiKycRejectedTitle', body: 'notiKycRejectedBody', params: ['reason'] },
  'loan.approved': { title: 'notiLoanApprovedTitle', body: 'notiLoanApprovedBody', params: ['amount', 'asset', 'dueAt'] },
  'loan.rejected': { title: 'notiLoanRejectedTitle', body: 'notiLoanRejectedBody', params: ['amount', 'asset', 'reason'] },
  'loan.settled': { title: 'notiLoanSettledTitle', body: 'notiLoanSettledBody', params: ['amount', 'asset'] },
  // perpetual/adl.ts: a part of the position closed at a bankrupt opposite position's bankruptcy price
  'perp.adl': { title: 'notiPerpAdlTitle', body: 'notiPerpAdlBody', params: ['quantity', 'symbol', 'price'] },
  // c2c/orders.ts and c2c/otc.ts: each step of a C2C order, to the party it concerns; an OTC order decided
  'c2c.created': { title: 'notiC2cCreatedTitle', body: 'notiC2cCreatedBody', params: ['orderId', 'quantity', 'asset', 'total', 'fiat'] },
  'c2c.paid': { title: 'notiC2cPaidTitle', body: 'notiC2cPaidBody', params: ['orderId', 'total', 'fiat'] },
  'c2c.released': { title: 'notiC2cReleasedTitle', body: 'notiC2cReleasedBody', params: ['orderId', 'quantity', 'asset'] },
  'c2c.cancelled': { title: 'notiC2cCancelledTitle', body: 'notiC2cCancelledBody', params: ['orderId'] },
  'c2c.timeout': { title: 'notiC2cTimeoutTitle', body: 'notiC2cTimeoutBody', params: ['orderId'] },
  'c2c.appeal': { title: 'notiC2cAppealTitle', body: 'notiC2cAppealBody', params: ['orderId'] },
  'c2c.appeal-release': { title: 'notiC2cAppealDecidedTitle', body: 'notiC2cAppealReleaseBody', params: ['orderId', 'reason'] },
  'c2c.appeal-return': { title: 'notiC2cAppealDecidedTitle', body: 'notiC2cAppealReturnBody', params: ['orderId', 'reason'] },
  'otc.completed': { title: 'notiOtcCompletedTitle', body: 'notiOtcCompletedBody', params: ['orderId', 'quantity', 'asset', 'total', 'fiat'] },
  'otc.rejected': { title: 'notiOtcRejectedTitle', body: 'notiOtcRejectedBody', params: ['orderId', 'reason'] },
};

const present = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Title and body of a notification in the user's language (the server's text when the kind is unknown). */
export function useNotificationText() {
  const { t } = useT();
  return useCallback(
    (notification: Pick<AppNotification, 'kind' | 'params' | 'title' | 'body'>): { title: string; body: string } => {
      const kind = KINDS[notification.kind];
      const params = notification.params ?? {};
      if (!kind || !kind.params.every((name) => present(params[name]))) return { title: notification.title, body: notification.body };
      const values: Record<string, string> = { ...params };
      if (present(params.amount)) values.amount = formatExact(orZero(params.amount));
      if (present(params.amountAfterFee)) values.amountAfterFee = formatExact(orZero(params.amountAfterFee));
      if (present(params.dueAt)) values.dueDate = formatScreenTime(params.dueAt, 'utc', { upTo: 'day' });
      return { title: t(kind.title, values), body: t(kind.body, values) };
    },
    [t],
  );
}
