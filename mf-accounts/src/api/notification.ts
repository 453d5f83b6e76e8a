import { request } from '@meridian/shared';

/**
 * Notifications and news (server/src/modules/notifications/routes.ts, server/src/modules/news/routes.ts).
 * Loads are silent: the screens show their own error state with a retry.
 */
export const NOTIFICATION_URLS = {
  list: '/asset/api/notification/list',
  detail: '/asset/api/notification/detail',
  count: '/asset/api/notification/num-noti',
  read: '/asset/api/notification/read-noti',
  readAll: '/asset/api/notification/reset-num-noti',
  newsList: '/asset/api/news/list',
  newsDetail: '/asset/api/news/detail',
} as const;

/**
 * Announced on window whenever this remote changes what is unread (a notification opened, all marked read), so
 * the shell's bell refreshes its count at once instead of at its next poll. A plain DOM event: the shell and
 * this remote share no code for it (shell/src/chrome/NotificationBell.tsx listens for the same name).
 */
export const NOTIFICATIONS_CHANGED_EVENT = 'meridian:notifications-changed';

export function announceNotificationsChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(NOTIFICATIONS_CHANGED_EVENT));
}

export interface AppNotification {
  id: string;
  /** e.g. 'loan.approved': the screens translate by kind with `params`, and show title/body for unknown kinds. */
  kind: string;
  params: Record<string, string>;
  /** The server's English text. */
  title: string;
  body: string;
  /** What it is about ('loan', 'kyc', 'deposit', 'withdrawal') and that record's id. */
  refType: string;
  refId: string;
  read: boolean;
  createdAt: string;
}

export interface NewsItem {
  id: string;
  title: string;
  /** Plain text, at most 160 characters. */
  summary: string;
  publishedAt: string;
}

export interface NewsArticle extends NewsItem {
  /** Sanitised on the server when published and again when read (server/src/modules/news/sanitize.ts). */
  html: string;
}

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
  const answer = pageOf<AppNotification>(await request({ url: NOTIFICATION_URLS.list, method: 'GET', params: { page, size }, silent: true }));
  return { ...answer, list: answer.list.map(normalize) };
}

/** GET notification/detail: one notification; the server marks it read. */
export async function fetchNotification(id: string): Promise<AppNotification> {
  return normalize(await request<AppNotification>({ url: NOTIFICATION_URLS.detail, method: 'GET', params: { id }, silent: true }));
}

/** GET notification/num-noti: how many are unread. */
export async function fetchUnreadCount(): Promise<number> {
  const answer = await request<{ count?: unknown } | null>({ url: NOTIFICATION_URLS.count, method: 'GET', silent: true });
  return Number(answer?.count ?? 0);
}

/** POST notification/read-noti: marks one read; answers the new unread count. */
export async function markNotificationRead(id: string): Promise<number> {
  const answer = await request<{ count?: unknown } | null>({ url: NOTIFICATION_URLS.read, method: 'POST', data: { id }, silent: true });
  return Number(answer?.count ?? 0);
}

/** GET notification/reset-num-noti: marks every notification read. */
export async function markAllNotificationsRead(): Promise<void> {
  await request({ url: NOTIFICATION_URLS.readAll, method: 'GET' });
}

/** GET news/list (public): published articles, newest first. */
export async function fetchNews(page: number, size: number): Promise<PageOf<NewsItem>> {
  return pageOf<NewsItem>(await request({ url: NOTIFICATION_URLS.newsList, method: 'GET', params: { page, size }, silent: true }));
}

/** GET news/detail (public). */
export function fetchNewsArticle(id: string): Promise<NewsArticle> {
  return request<NewsArticle>({ url: NOTIFICATION_URLS.newsDetail, method: 'GET', params: { id }, silent: true });
}
