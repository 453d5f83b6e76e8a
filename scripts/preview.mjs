// Serves one remote standalone against a running server: its webpack dev server (standalone entry + hot reload),
// which proxies the API and websockets to MERIDIAN_SERVER (default http://127.0.0.1:8080).
// Usage: node scripts/preview.mjs <mf-accounts|mf-trading|mf-stocks|mf-invest|mf-c2c>
import fs from 'node:fs';
import path from 'node:path';
import { REMOTES, ROOT, pnpm, readJson } from './lib.mjs';

const dir = process.argv[2];
if (!REMOTES.some((r) => r.dir === dir)) {
  console.error(`usage: node scripts/preview.mjs <${REMOTES.map((r) => r.dir).join('|')}>`);
  process.exit(2);
}
const pkgFile = path.join(ROOT, dir, 'package.json');
const port = fs.existsSync(pkgFile) ? readJson(pkgFile).meridian?.devPort : undefined;
const server = process.env.MERIDIAN_SERVER || 'http://127.0.0.1:8080';
console.log(`${dir} standalone preview${port ? ` at http://localhost:${port}` : ''}, API and streams proxied to ${server}`);
try {
  await fetch(`${server}/health`, { signal: AbortSignal.timeout(2000) });
} catch {
  console.warn(`(no server answers at ${server}/health yet: start one with \`npm start\` in another terminal)`);
}
const res = await pnpm(['--filter', `./${dir}`, 'run', 'dev'], { env: { ...process.env, MERIDIAN_SERVER: server } });
process.exit(res.code);
