import { Type } from 'typebox';
import { DateTime, Nullable, Page, PageQuery } from '../kit/schema.js';
import { refuses } from '../refusals.js';

export const NewsItem = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** Plain text, at most 160 characters (the list's preview). */
  summary: Type.String(),
  publishedAt: DateTime,
});

/** An article with its HTML, sanitised on publishing and again on every read (server/src/modules/news/sanitize.ts). */
export const NewsArticle = Type.Object({ ...NewsItem.properties, html: Type.String() });

/** Published articles under /asset/api/news, readable without logging in. */
export const newsSchemas = {
  list: { refusals: refuses(), query: PageQuery(), data: Page(NewsItem), summary: 'Published articles, newest first' },
  detail: { refusals: refuses('notFound'), query: Type.Object({ id: Type.String({ pattern: '^[0-9]{1,18}$' }) }), data: NewsArticle, summary: 'One published article' },
  latest: { refusals: refuses(), data: Nullable(NewsArticle), summary: 'The newest published article (the home page’s strip), null when none' },
};
