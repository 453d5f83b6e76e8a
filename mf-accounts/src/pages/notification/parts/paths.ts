import { createContext, useContext } from 'react';
import { P } from '../../../paths';
import type { Key } from '../../../i18n';

export type NotificationTab = 'notifications' | 'news';
export type DetailType = 'notification' | 'news';

/** Where the notification parts link to: the phone screens (list and detail), or the desktop page. */
export interface NotificationPaths {
  list: (tab: NotificationTab) => string;
  detail: (type: DetailType, id: string) => string;
  login: string;
  /** What a notification is about, and the screen that shows it. */
  refs: Record<string, { href: string; title: Key }>;
}

export const MOBILE_NOTIFICATION_PATHS: NotificationPaths = {
  list: (tab) => (tab === 'news' ? `${P.notification}?tab=news` : P.notification),
  detail: (type, id) => `${P.notificationDetail}?id=${encodeURIComponent(id)}&type=${type}`,
  login: P.loginEmail,
  refs: {
    loan: { href: P.loanHistory, title: 'loanHistoryTitle' },
    kyc: { href: P.kyc, title: 'kycTitle' },
    deposit: { href: P.rechargeRecords, title: 'rechargeRecordsTitle' },
    withdrawal: { href: P.withdrawHistory, title: 'withdrawHistoryTitle' },
  },
};

/** The desktop has one notification page: the list beside the item chosen with ?id=. */
export const DESKTOP_NOTIFICATION_PATHS: NotificationPaths = {
  list: (tab) => (tab === 'news' ? `${P.desktopNotification}?tab=news` : P.desktopNotification),
  detail: (type, id) => `${P.desktopNotification}?tab=${type === 'news' ? 'news' : 'notifications'}&id=${encodeURIComponent(id)}`,
  login: P.desktopLogin,
  refs: {
    loan: { href: P.desktopLoan, title: 'loanHistoryTitle' },
    kyc: { href: P.desktopKyc, title: 'kycTitle' },
    deposit: { href: P.desktopRecharge, title: 'rechargeRecordsTitle' },
    withdrawal: { href: P.desktopWithdrawHistory, title: 'withdrawHistoryTitle' },
  },
};

const Context = createContext<NotificationPaths>(MOBILE_NOTIFICATION_PATHS);
export const NotificationPathsProvider = Context.Provider;
export const useNotificationPaths = (): NotificationPaths => useContext(Context);
