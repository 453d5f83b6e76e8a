import type { Db } from '../../db/db.js';
import { newsSummary, sanitizeNewsHtml } from './sanitize.js';
import { insertNews, type NewsRow } from './storage.js';

export interface NewsItem {
  id: string;
  title: string;
  /** Plain text, at most 160 characters (the list's preview). */
  summary: string;
  publishedAt: Date;
}

export interface NewsDetail extends NewsItem {
  /** Sanitised HTML (see sanitize.ts for what it may contain). */
  html: string;
}

export const MAX_NEWS_HTML = 200_000;

// Sanitised again on every read: the stored HTML was cleaned at publish, but a tightened policy then also covers
// articles published before it.
export const newsItem = (row: NewsRow): NewsItem => ({ id: row.id, title: row.title, summary: newsSummary(row.html), publishedAt: row.publishedAt });
export const newsDetail = (row: NewsRow): NewsDetail => ({ ...newsItem(row), html: sanitizeNewsHtml(row.html) });

/** Cleans and stores an article; refuses one that is empty once cleaned (nothing the page would show). */
export async function publishNews(
  db: Db,
  input: { title: string; html: string; publishedBy: string; now: Date; seedKey?: string },
): Promise<NewsRow | undefined> {
  const title = input.title.replace(/\s+/g, ' ').trim();
  if (!title || title.length > 200) throw new Error('A title needs 1-200 characters');
  if (input.html.length > MAX_NEWS_HTML) throw new Error(`An article is at most ${MAX_NEWS_HTML} characters of HTML`);
  const html = sanitizeNewsHtml(input.html);
  if (!newsSummary(html) && !/<img /.test(html)) throw new Error('The article has no content once cleaned');
  return insertNews(db, { title, html, publishedBy: input.publishedBy, publishedAt: input.now, ...(input.seedKey ? { seedKey: input.seedKey } : {}) });
}
