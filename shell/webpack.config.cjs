const fs = require('node:fs');
const path = require('node:path');
const { createFederatedConfig } = require('@meridian/tooling/federation');
const pkg = require('./package.json');

/** public/static/** (the policy texts at /static/files/…) goes into the build as static/**, byte for byte. */
const STATIC_DIR = path.join(__dirname, 'public/static');

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(full);
    return entry.isFile() && !entry.name.startsWith('.') ? [full] : [];
  });
}

/**
 * Emits every file of public/static as an asset, so `shell/dist` (and through scripts/assemble.mjs,
 * build/public) serves them at /static/…; the dev server serves them from memory and rebuilds on a change.
 * (public/index.html is the html template and is not copied.)
 */
class PublicStaticPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PublicStaticPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PublicStaticPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.contextDependencies.add(STATIC_DIR);
        for (const file of listFiles(STATIC_DIR)) {
          const name = `static/${path.relative(STATIC_DIR, file).split(path.sep).join('/')}`;
          compilation.emitAsset(name, new sources.RawSource(fs.readFileSync(file)));
          compilation.fileDependencies.add(file);
        }
      });
    });
  }
}

const federated = createFederatedConfig({
  dir: __dirname,
  title: 'Meridian',
  devPort: pkg.meridian.devPort,
  // the one federation runtime of the page, handed to the remotes (see tooling/federation.cjs)
  runtimePlugins: [path.join(__dirname, 'src/federation/provide-runtime-plugin.ts')],
});

module.exports = (env, argv) => {
  const config = federated(env, argv);
  config.plugins.push(new PublicStaticPlugin());
  return config;
};
