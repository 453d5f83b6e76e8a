// Finds Chromium for the end-to-end tests: $CHROMIUM_PATH if set and present, else /usr/bin/chromium, else installs
// Debian's "chromium" package with apt-get (as root). Prints or returns the executable's path.
// It also makes sure a Japanese/Chinese/Korean font is there (Debian's "fonts-noto-cjk", as root): without one,
// Chromium draws CJK text in whatever fallback it finds, and the text-fit test (e2e/tests/18) would measure that.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { isMain, isRoot, run } from './lib.mjs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function found() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && fs.existsSync(fromEnv)) return fromEnv;
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? null;
}

/** Whether fontconfig knows a font covering Japanese (fonts-noto-cjk covers Japanese, Chinese and Korean). */
function hasCjkFont() {
  const list = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  return list.status === 0 && list.stdout.trim() !== '';
}

async function aptInstall(pkg, log) {
  log(`installing Debian's "${pkg}" package (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', pkg]]) {
    const { code } = await run('apt-get', args, { env });
    if (code !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${code})`);
  }
}

/** Installs the CJK fonts when missing and this is root; otherwise says the tests measure with the fallback font. */
export async function ensureCjkFonts({ log = (m) => console.log(m) } = {}) {
  if (hasCjkFont()) return true;
  if (!isRoot()) {
    log('no CJK font (Debian\'s "fonts-noto-cjk") and this is not root: Japanese and Chinese text is measured with the fallback font');
    return false;
  }
  await aptInstall('fonts-noto-cjk', log);
  return hasCjkFont();
}

export async function ensureChromium({ log = (m) => console.log(m) } = {}) {
  await ensureCjkFonts({ log });
  const existing = found();
  if (existing) return existing;
  if (!isRoot()) {
    throw new Error('Chromium is not installed and this is not root: install Debian\'s "chromium" package or set CHROMIUM_PATH');
  }
  log('Chromium not found.');
  await aptInstall('chromium', log);
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
