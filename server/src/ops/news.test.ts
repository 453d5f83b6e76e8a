import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Db } from '../db/db.js';
import { testDb } from '../testing/test-db.js';
import { runCommand, type CommandContext } from './all-commands.js';

let db: Db;
let cleanup: () => Promise<void>;
let scratch: string;
before(async () => {
  ({ db, cleanup } = await testDb());
  scratch = await mkdtemp(path.join(os.tmpdir(), 'meridian-news-'));
});
after(async () => {
  await cleanup();
  await rm(scratch, { recursive: true, force: true });
});

function ops(operator = 'ops-quinn', stdin = ''): CommandContext & { lines: string[] } {
  const lines: string[] = [];
  return { operator, db: async () => db, print: (line) => lines.push(line), lines, readStdin: async () => stdin };
}

test('news:publish takes a file or stdin, cleans the HTML and is audited', async () => {
  const file = path.join(scratch, 'listing.html');
  await writeFile(file, '<p>DOT/USDT is listed.</p><img src="https://cdn.example.com/dot.png" onerror="alert(1)"><iframe src="https://x.example"></iframe>');
  const published = ops('ops-quinn');
  await runCommand(['news:publish', 'New', 'listing:', 'DOT/USDT', file], published);
  const id = /^Published article ([0-9]+): New listing: DOT\/USDT$/.exec(published.lines[0]!)?.[1];
  assert.ok(id, published.lines.join('\n'));
  const { rows } = await db.query<{ html: string; published_by: string }>('SELECT html, published_by FROM news WHERE id = $1', [id]);
  assert.deepEqual(rows[0], { html: '<p>DOT/USDT is listed.</p><img src="https://cdn.example.com/dot.png" />', published_by: 'ops-quinn' });

  await runCommand(['news:publish', 'From stdin', '-'], ops('ops-quinn', '<h3>Piped</h3><p onclick="x()">in</p>'));
  const piped = await db.query<{ html: string }>("SELECT html FROM news WHERE title = 'From stdin'");
  assert.equal(piped.rows[0]!.html, '<h3>Piped</h3><p>in</p>');

  const audit = await db.query<{ actor: string; target: string; detail: { title: string; source: string } }>(
    "SELECT actor, target, detail FROM audit_log WHERE action = 'news:publish' ORDER BY id",
  );
  assert.deepEqual(audit.rows.map((r) => [r.actor, r.target.startsWith('news:'), r.detail.title, r.detail.source]), [
    ['ops-quinn', true, 'New listing: DOT/USDT', file],
    ['ops-quinn', true, 'From stdin', '-'],
  ]);

  await assert.rejects(runCommand(['news:publish', 'Only a title'], ops()), /Cannot read Only a title|usage/);
  await assert.rejects(runCommand(['news:publish', 'Missing', path.join(scratch, 'none.html')], ops()), /Cannot read/);
  await assert.rejects(runCommand(['news:publish', 'Nothing left', '-'], ops('x', '<script>alert(1)</script>')), /no content once cleaned/);
  assert.equal((await db.query("SELECT 1 FROM audit_log WHERE action = 'news:publish'")).rows.length, 2);
});

test('news:unpublish and news:republish toggle an article, audited; news:list shows both states', async () => {
  const { rows } = await db.query<{ id: string }>("SELECT id FROM news WHERE title = 'From stdin'");
  const id = rows[0]!.id;
  await runCommand(['news:unpublish', id], ops('ops-ray'));
  await assert.rejects(runCommand(['news:unpublish', id], ops()), /already unpublished/);
  const listing = ops();
  await runCommand(['news:list'], listing);
  assert.ok(listing.lines.some((l) => l.startsWith(`${id}  unpublished`)), listing.lines.join('\n'));
  await runCommand(['news:republish', id], ops('ops-ray'));
  await assert.rejects(runCommand(['news:unpublish', '999999'], ops()), /No article 999999/);
  const audit = await db.query<{ action: string; actor: string; target: string }>(
    "SELECT action, actor, target FROM audit_log WHERE action IN ('news:unpublish', 'news:republish') ORDER BY id",
  );
  assert.deepEqual(audit.rows, [
    { action: 'news:unpublish', actor: 'ops-ray', target: `news:${id}` },
    { action: 'news:republish', actor: 'ops-ray', target: `news:${id}` },
  ]);
});
