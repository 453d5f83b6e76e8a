import { useCallback } from 'react';
import type { AppNotification } from '../../../api/notification';
import { useT, type Key } from '../../../i18n';
import { day, money } from '../../loan/parts/format';

/**
 * The notification kinds this app translates (server: notify(...) in deposits, withdrawals, identity/kyc, loans
 * and perpetual ADL), with the params each text needs. A kind not listed here, or one whose params are missing, shows the
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
      if (present(params.amount)) values.amount = money(params.amount);
      if (present(params.amountAfterFee)) values.amountAfterFee = money(params.amountAfterFee);
      if (present(params.dueAt)) values.dueDate = day(params.dueAt);
      return { title: t(kind.title, values), body: t(kind.body, values) };
    },
    [t],
  );
}
