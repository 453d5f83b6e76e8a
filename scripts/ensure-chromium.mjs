// Finds Chromium for the end-to-end tests: $CHROMIUM_PATH if set and present, else /usr/bin/chromium, else installs
// Debian's "chromium" package with apt-get (as root). Prints or returns the executable's path.
import fs from 'node:fs';
import { isMain, isRoot, run } from './lib.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

export async function ensureChromium({ log = (m) => console.log(m) } = {}) {
  const existing = found();
  if (existing) return existing;
  if (!isRoot()) {
    throw new Error('Chromium is not installed and this is not root: install Debian\'s "chromium" package or set CHROMIUM_PATH');
  }
  log('Chromium not found: installing Debian\'s "chromium" package (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'chromium']]) {
    const { code } = await run('apt-get', args, { env });
    if (code !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${code})`);
  }
  const installed = found();
  if (!installed) throw new Error('the chromium package was installed but /usr/bin/chromium is missing');
  return installed;
}

if (isMain(import.meta.url)) {
  try {
    console.log(await ensureChromium({ log: (m) => console.error(m) }));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
