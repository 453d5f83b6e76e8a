import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { publishNews } from '../modules/news/service.js';
import { listAllNews, setPublished } from '../modules/news/storage.js';
import type { Command, CommandContext } from './commands.js';
import { UsageError } from './usage-error.js';

async function readProcessStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The article's HTML from a file, or from standard input for "-". */
async function readSource(source: string, context: CommandContext): Promise<string> {
  if (source === '-') return (context.readStdin ?? readProcessStdin)();
  try {
    return await readFile(path.resolve(context.cwd ?? process.cwd(), source), 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${source}: ${(error as Error).message}`);
  }
}

function toggle(published: boolean): Command['run'] {
  return async (args, tx, context) => {
    const id = args[0];
    if (!id || !/^[0-9]{1,18}$/.test(id)) throw new UsageError('name an article id (see news:list)');
    const row = await setPublished(tx!, id, published, context.clock?.() ?? new Date());
    if (!row) throw new UsageError(`No article ${id}, or it is already ${published ? 'published' : 'unpublished'}`);
    context.print(`Article ${row.id} ${published ? 'published again' : 'unpublished'}: ${row.title}`);
    return { target: `news:${row.id}` };
  };
}

/** Operator commands of news (pnpm ops …). The HTML is sanitised before it is stored, and again when read. */
export const NEWS_COMMANDS: Command[] = [
  {
    name: 'news:list',
    usage: 'news:list [limit]',
    summary: 'List articles, unpublished ones too, newest first (default 50)',
    changes: false,
    async run(args, _db, context) {
      const limit = args[0] === undefined ? 50 : Number(args[0]);
      if (!Number.isInteger(limit) || limit < 1) throw new UsageError('limit must be a positive integer');
      const rows = await listAllNews(await context.db(), limit);
      if (!rows.length) context.print('No article.');
      for (const row of rows) {
        context.print([row.id, row.published ? 'published' : 'unpublished', row.publishedAt.toISOString(), row.publishedBy, row.title].join('  '));
      }
    },
  },
  {
    name: 'news:publish',
    usage: 'news:publish <title…> <file.html|->',
    summary: 'Publish an article (HTML from a file, or stdin with "-"); scripts, styles and iframes are removed',
    changes: true,
    async run(args, tx, context) {
      const source = args.at(-1);
      const title = args.slice(0, -1).join(' ').trim();
      if (!source || !title) throw new UsageError('usage: news:publish <title…> <file.html|->');
      const html = await readSource(source, context);
      let row;
      try {
        row = await publishNews(tx!, { title, html, publishedBy: context.operator, now: context.clock?.() ?? new Date() });
      } catch (error) {
        throw new UsageError((error as Error).message);
      }
      context.print(`Published article ${row!.id}: ${row!.title}`);
      return { target: `news:${row!.id}`, detail: { title: row!.title, source, bytes: Buffer.byteLength(html) } };
    },
  },
  { name: 'news:unpublish', usage: 'news:unpublish <article>', summary: 'Withdraw an article from the news list', changes: true, run: toggle(false) },
  { name: 'news:republish', usage: 'news:republish <article>', summary: 'Put an unpublished article back in the list', changes: true, run: toggle(true) },
];
