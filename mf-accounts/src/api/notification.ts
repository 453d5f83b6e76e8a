import { news, notifications, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/**
 * Notifications and news (contracts/src/notifications, contracts/src/news; server/src/modules/notifications,
 * server/src/modules/news).
 * Loads are silent: the screens show their own error state with a retry.
 */
/**
 * Announced on window whenever this remote changes what is unread (a notification opened, all marked read), so
 * its other screens showing notifications reload. (The shell's bell reads the unread count from the shared
 * QueryClient under the same key as useUnreadCount, so the invalidations and writes here reach it directly.)
 */
export const NOTIFICATIONS_CHANGED_EVENT = 'meridian:notifications-changed';

export function announceNotificationsChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
}

/** One notification: translated by `kind` with `params`; title/body are the server's English text. */
export type AppNotification = DataOf<typeof notifications.detail>;

export type NewsItem = DataOf<typeof news.list>['list'][number];

/** An article with its HTML, sanitised on the server when published and again when read. */
export type NewsArticle = DataOf<typeof news.detail>;

export interface PageOf<T> {
  total: number;
  list: T[];
}

const pageOf = <T>(page: { total?: unknown; list?: unknown } | null | undefined): PageOf<T> => ({
  total: Number(page?.total ?? 0),
  list: Array.isArray(page?.list) ? (page.list as T[]) : [],
});

const normalize = (row: AppNotification): AppNotification => ({
  ...row,
  params: row.params && typeof row.params === 'object' ? row.params : {},
  read: Boolean(row.read),
});

/** GET notification/list: the user's notifications, newest first. */
export async function fetchNotifications(page: number, size: number): Promise<PageOf<AppNotification>> {
  const answer = pageOf<AppNotification>(await call(notifications.list, { page, size }, { silent: true }));
  return { ...answer, list: answer.list.map(normalize) };
}

/** GET notification/detail: one notification; the server marks it read. */
export async function fetchNotification(id: string): Promise<AppNotification> {
  return normalize(await call(notifications.detail, { id }, { silent: true }));
}

/** GET notification/num-noti: how many are unread. */
export async function fetchUnreadCount(): Promise<number> {
  const answer = await call(notifications.unreadCount, undefined, { silent: true });
  return Number(answer?.count ?? 0);
}

/** POST notification/read-noti: marks one read; answers the new unread count. */
export async function markNotificationRead(id: string): Promise<number> {
  const answer = await call(notifications.read, { id }, { silent: true });
  return Number(answer?.count ?? 0);
}

/** GET notification/reset-num-noti: marks every notification read. */
export async function markAllNotificationsRead(): Promise<void> {
  await call(notifications.readAll);
}

/** GET news/list (public): published articles, newest first. */
export async function fetchNews(page: number, size: number): Promise<PageOf<NewsItem>> {
  return pageOf<NewsItem>(await call(news.list, { page, size }, { silent: true }));
}

/** GET news/detail (public). */
export function fetchNewsArticle(id: string): Promise<NewsArticle> {
  return call(news.detail, { id }, { silent: true });
}
