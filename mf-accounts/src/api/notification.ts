import { news, notifications, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/**
 * Notifications and news (contracts/src/notifications, contracts/src/news; server/src/modules/notifications,
 * server/src/modules/news).
 * Loads are silent: the screens show their own error state with a retry.
 */
/** One notification: translated by `kind` with `params`; title/body are the server's English text. */
export type AppNotification = DataOf<typeof notifications.detail>;

export type NewsItem = DataOf<typeof news.list>['list'][number];

/** An article with its HTML, sanitised on the server when published and again when read. */
export type NewsArticle = DataOf<typeof news.detail>;

/** A row of notification/list or notification/detail's answer (the server marks it read on reading), params and read made sure. */
export const notificationOf = (row: AppNotification): AppNotification => ({
  ...row,
  params: row.params && typeof row.params === 'object' ? row.params : {},
  read: Boolean(row.read),
});

/** GET notification/num-noti's answer: how many are unread. */
export const unreadCountOf = (answer: { count?: unknown } | null | undefined): number => Number(answer?.count ?? 0);

/** POST notification/read-noti: marks one read; answers the new unread count. */
export async function markNotificationRead(id: string): Promise<number> {
  const answer = await call(notifications.read, { id }, { silent: true });
  return Number(answer?.count ?? 0);
}
