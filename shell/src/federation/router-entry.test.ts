// The router is shared under "react-router-dom" from tooling/react-router-entry.mjs, a re-export of the few
// react-router exports the front ends use (a shared module is never tree-shaken). These checks keep that true:
// an export a source needs but the entry lacks would be undefined at run time, an import of 'react-router'
// itself would bundle a second router, and the shell importing the router would put it back on the home route.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const PACKAGES = ['shell', 'shared', 'mf-accounts', 'mf-trading', 'mf-stocks', 'mf-invest', 'mf-c2c'];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(full);
    return /\.[cm]?[jt]sx?$/.test(entry.name) && !/\.test\.[jt]sx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every import of a react-router package in the front ends' (non-test) sources: file, package, value names. */
function routerImports() {
  const found: Array<{ file: string; from: string; names: string[] }> = [];
  for (const pkg of PACKAGES) {
    for (const file of sources(path.join(ROOT, pkg, 'src'))) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s+(type\s+)?([^'";]*?)\s*from\s*['"](react-router(?:-dom)?(?:\/[^'"]*)?)['"]/g)) {
        if (m[1]) continue; // types only: nothing at run time
        const named = /\{([^}]*)\}/.exec(m[2] ?? '')?.[1] ?? '';
        const names = named
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name && !name.startsWith('type '))
          .map((name) => name.split(/\s+as\s+/)[0]!.trim());
        found.push({ file: path.relative(ROOT, file), from: m[3]!, names: /\{/.test(m[2] ?? '') ? names : ['*'] });
      }
    }
  }
  return found;
}

const entry = fs.readFileSync(path.join(ROOT, 'tooling/react-router-entry.mjs'), 'utf8');
const entryExports = new Set(
  (/export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(entry)?.[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean),
);

describe('the shared router entry', () => {
  const imports = routerImports();

  it('is found and the front ends do import the router through it', () => {
    expect(entryExports.size).toBeGreaterThan(0);
    expect(imports.length).toBeGreaterThan(0);
  });

  it('exports every name a front end imports from react-router-dom', () => {
    const missing = imports.flatMap(({ file, names }) => names.filter((name) => !entryExports.has(name)).map((name) => `${name} (${file})`));
    expect(missing).toEqual([]);
  });

  it('is the only way in: no source imports react-router itself or a subpath', () => {
    expect(imports.filter(({ from }) => from !== 'react-router-dom').map(({ file, from }) => `${file}: ${from}`)).toEqual([]);
  });

  it('stays off the home route: the shell does not import the router', () => {
    expect(imports.filter(({ file }) => file.startsWith('shell/')).map(({ file }) => file)).toEqual([]);
  });
});
