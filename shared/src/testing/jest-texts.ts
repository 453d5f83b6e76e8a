// Jest setup (tooling/jest.preset.cjs): puts every text of shared and of the package under test, in all nine
// languages, into the i18n store before each test file, read synchronously from the locales JSON files. The
// app fetches them one language at a time; tests render at once and switch languages freely, as before.
import fs from 'node:fs';
import path from 'node:path';
import { addTranslations } from '../i18n/instance';
import { SHARED_LOCALES_DIR, readAllLocales } from './locales';

function packageDirOf(file: string): string | undefined {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return undefined;
}

const testPath = expect.getState().testPath;
const packageDir = testPath ? packageDirOf(testPath) : undefined;
const dirs = new Set([SHARED_LOCALES_DIR, ...(packageDir ? [path.join(packageDir, 'locales')] : [])]);
for (const dir of dirs) {
  for (const [namespace, texts] of Object.entries(readAllLocales(dir))) addTranslations(namespace, texts);
}
