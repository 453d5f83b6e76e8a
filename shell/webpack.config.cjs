const fs = require('node:fs');
const path = require('node:path');
const { createFederatedConfig, textChunks } = require('@meridian/tooling/federation');
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

/** The shell's start-up chunks (tooling/federation.cjs hostSplitChunks): every page needs them before it paints. */
const STARTUP_CHUNKS = ['platform', 'react'];

/**
 * The first round trip (issue 24): index.html names the start-up chunks main.js would only ask for once it
 * runs (`<link rel="preload">`, the chunks being classic scripts webpack's runtime inserts), and the build
 * writes preload.json — those files plus the shell's text chunks per language — for the server to add the
 * current language's texts to each page it answers (server/src/modules/platform/app-shell.ts).
 */
class FirstRoundTripPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    // the instance tooling's config uses (its hooks are per module instance): resolved from there
    const HtmlWebpackPlugin = require(require.resolve('html-webpack-plugin', { paths: [path.dirname(require.resolve('@meridian/tooling/federation'))] }));
    compiler.hooks.thisCompilation.tap('FirstRoundTripPlugin', (compilation) => {
      const startup = () => {
        const files = { scripts: [], styles: [] };
        for (const name of STARTUP_CHUNKS) {
          const chunk = compilation.namedChunks.get(name);
          for (const file of chunk ? [...chunk.files].sort() : []) {
            if (file.endsWith('.js')) files.scripts.push(file);
            else if (file.endsWith('.css')) files.styles.push(file);
          }
        }
        return files;
      };
      compilation.hooks.processAssets.tap({ name: 'FirstRoundTripPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const sorted = Object.fromEntries(Object.entries(textChunks(compilation)).map(([lng, byNamespace]) => [lng, Object.values(byNamespace)]));
        compilation.emitAsset('preload.json', new sources.RawSource(JSON.stringify({ ...startup(), texts: sorted }, null, 1)));
      });
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FirstRoundTripPlugin', (data) => {
        const { scripts, styles } = startup();
        data.headTags.push(
          ...styles.map((file) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'stylesheet', href: `${data.publicPath}${file}`, 'data-href': file })),
          ...scripts.map((file) => HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: `${data.publicPath}${file}`, as: 'script' })),
        );
        return data;
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
  if (config.mode === 'production') config.plugins.push(new FirstRoundTripPlugin());
  return config;
};
