// The one federation preset every front-end package builds with, so the six webpack configs cannot drift:
// the same loaders, output naming, shared singletons and manifest for the shell and every remote.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');

/** Package folder -> federation name. The shell and five remotes; nothing else is federated. */
const FEDERATION_NAMES = {
  shell: 'shell',
  'mf-accounts': 'mf_accounts',
  'mf-trading': 'mf_trading',
  'mf-stocks': 'mf_stocks',
  'mf-invest': 'mf_invest',
  'mf-c2c': 'mf_c2c',
};

/**
 * Shared singletons of DESIGN.md §2. Subpath keys ("react/") share react/jsx-runtime, react-dom/client
 * and jotai/utils as the same single copy instead of letting each build bundle its own.
 * The router is shared as "react-router-dom" from ROUTER_ENTRY (the exports the front ends use, tree-shaken out
 * of react-router); sources import it from 'react-router-dom' only (shell's router-entry.test.ts checks).
 */
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  'jotai',
  'i18next',
  'react-i18next',
  'axios',
  'decimal.js',
  'single-spa',
  '@tanstack/react-query',
  '@meridian/shared',
  '@meridian/shared/money',
];
const SUBPATH_SINGLETONS = ['react', 'react-dom', 'jotai'];
/**
 * Singletons a page does not need at start-up, so they stay in chunks of their own: the router (not on home) and
 * decimal.js (forms that read amounts need it, through @meridian/shared/money; screens that only show numbers
 * format decimal strings exactly without it, shared/src/format/exact.ts).
 */
const LATE_SINGLETONS = new Set(['react-router-dom', 'decimal.js']);
/** Singletons a package may go without (a fixture remote with no router); the others must be installed. */
const OPTIONAL_SINGLETONS = new Set(['react-router-dom']);
/** The module shared as "react-router-dom"; it imports from 'react-router', resolved from the package's own deps. */
const ROUTER_ENTRY = path.join(__dirname, 'react-router-entry.mjs');
const SHARED_IMPORTS = { 'react-router-dom': ROUTER_ENTRY };

/** The version a package resolves to from `fromDir`, whether or not its exports map lists package.json. */
function installedVersion(pkg, fromDir) {
  // a subpath entry ("@meridian/shared/money") has its package's version
  const name = pkg.split('/').slice(0, pkg.startsWith('@') ? 2 : 1).join('/');
  if (name !== pkg) return installedVersion(name, fromDir);
  let dir = path.dirname(require.resolve(pkg, { paths: [fromDir] }));
  for (;;) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const json = JSON.parse(fs.readFileSync(file, 'utf8'));
      if (json.name === pkg) return json.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the version of ${pkg} from ${fromDir}`);
    dir = parent;
  }
}

function dependsOn(pkg, fromDir) {
  const json = JSON.parse(fs.readFileSync(path.join(fromDir, 'package.json'), 'utf8'));
  return Boolean(json.dependencies?.[pkg] || json.devDependencies?.[pkg]);
}

/**
 * The platform library's range says which remotes a shell accepts: a remote built against another major of
 * @meridian/shared (its requiredVersion ^major) is refused by the federation runtime when it loads (strictVersion),
 * and the shell's isolation shows that remote's contained fallback instead of running it against a library it
 * was not built for. The other singletons only warn: their majors move with the whole platform's lockfile.
 */
const STRICT_SINGLETONS = new Set(['@meridian/shared', '@meridian/shared/money']);

/**
 * The version a build declares for a package: the installed one, or for @meridian/shared MERIDIAN_SHARED_VERSION
 * (a build as a remote built against another release of the library would be; e2e/tests/24-mixed-versions).
 */
function declaredVersion(pkg, fromDir) {
  if (STRICT_SINGLETONS.has(pkg) && process.env.MERIDIAN_SHARED_VERSION) return process.env.MERIDIAN_SHARED_VERSION;
  return installedVersion(pkg, fromDir);
}

/**
 * Singletons a deployed remote consumes from the shell and never bundles (`import: false`): the money entry's
 * amount rules must be the platform release's one copy, and a remote's own fallback would be a second copy of them
 * (and of decimal.js behind it) in its build. A development build (the standalone preview, where no shell runs)
 * keeps its fallback.
 */
const SHELL_PROVIDED = new Set(['@meridian/shared/money']);

/**
 * The file a package entry resolves to from `fromDir` (the "source" export: webpack's conditions, not Node's). Given
 * as the shell's `import`, the entry is provided to the share scope even though no shell module imports it.
 */
function entryFile(pkg, fromDir) {
  const name = pkg.split('/').slice(0, 2).join('/');
  const dir = path.dirname(require.resolve(`${name}/package.json`, { paths: [fromDir] }));
  const target = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).exports[`.${pkg.slice(name.length)}`];
  return path.join(dir, target);
}

/**
 * @param {string} fromDir the package folder
 * @param {{ consumeOnly?: boolean, host?: boolean }} [options] consumeOnly: a deployed remote's build, which takes
 *   SHELL_PROVIDED from the shell; host: the shell's, which provides them (from their own lazy chunk)
 */
function sharedConfig(fromDir, { consumeOnly = false, host = false } = {}) {
  const shared = {};
  for (const pkg of SINGLETONS) {
    if (OPTIONAL_SINGLETONS.has(pkg) && !dependsOn(pkg, fromDir)) continue;
    const version = declaredVersion(pkg, fromDir);
    const provided = consumeOnly && SHELL_PROVIDED.has(pkg);
    shared[pkg] = {
      singleton: true,
      requiredVersion: `^${version}`,
      version,
      ...(STRICT_SINGLETONS.has(pkg) ? { strictVersion: true } : {}),
      ...(SHARED_IMPORTS[pkg] ? { import: SHARED_IMPORTS[pkg] } : {}),
      ...(provided ? { import: false } : {}),
      ...(host && SHELL_PROVIDED.has(pkg) ? { import: entryFile(pkg, fromDir) } : {}),
    };
  }
  for (const pkg of SUBPATH_SINGLETONS) {
    const version = installedVersion(pkg, fromDir);
    shared[`${pkg}/`] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
}

/** axios's fetch adapter, which no browser build uses (see tooling/axios-fetch-adapter-stub.mjs). */
const AXIOS_FETCH_ADAPTER = /[\\/]node_modules[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/;
const AXIOS_FETCH_ADAPTER_STUB = path.join(__dirname, 'axios-fetch-adapter-stub.mjs');

/** Replaces axios's fetch adapter with the stub, using the webpack of the compiler it runs in. */
class AxiosWithoutFetchAdapterPlugin {
  apply(compiler) {
    new compiler.webpack.NormalModuleReplacementPlugin(AXIOS_FETCH_ADAPTER, AXIOS_FETCH_ADAPTER_STUB).apply(compiler);
  }
}

/** Defines __MERIDIAN_BUILD_LABEL__ (MERIDIAN_BUILD_LABEL, empty by default), with the compiler's own webpack. */
class BuildLabelPlugin {
  apply(compiler) {
    new compiler.webpack.DefinePlugin({ __MERIDIAN_BUILD_LABEL__: JSON.stringify(process.env.MERIDIAN_BUILD_LABEL ?? '') }).apply(compiler);
  }
}

/** Start-up libraries: every singleton but the late ones, and the packages they bundle. */
const STARTUP_PACKAGES = [
  ...SINGLETONS.filter((pkg) => !LATE_SINGLETONS.has(pkg) && !pkg.startsWith('@meridian/')),
  ...['scheduler', 'use-sync-external-store', '@tanstack/query-core', 'html-parse-stringify', 'void-elements'],
  ...['single-spa-react', 'i18next-resources-to-backend'],
];
const posixDir = (dir) => `${path.resolve(__dirname, dir).split(path.sep).join('/')}/`;
/** The workspace library's code (its texts stay in their per-language chunks), and the contracts it calls through. */
const SHARED_SOURCE = posixDir('../shared/src');
/** …but not its money entry (@meridian/shared/money), which loads decimal.js and only with the forms that use it. */
const SHARED_MONEY_SOURCE = posixDir('../shared/src/money');
const CONTRACTS_SOURCE = posixDir('../contracts/src');
/** shared's lazy `import(`../../locales/${lng}/common.json`)` maps (the maps only: each text file is its own chunk). */
const SHARED_LOCALES = posixDir('../shared/locales');

/** React apart from the rest: the bench's baseline page loads it alone ("the cost of React"). */
const REACT_PACKAGES = ['react', 'react-dom', 'scheduler'];

const resourceOf = (module) => (module.resource || '').split(path.sep).join('/');
const inPackages = (resource, packages) => packages.some((pkg) => resource.includes(`/node_modules/${pkg}/`));

/** Whether a module is a file of a start-up library (under node_modules/<name>/, pnpm's store included). */
function isStartupModule(module) {
  const resource = resourceOf(module);
  if (module.type === 'javascript/dynamic') return `${String(module.context).split(path.sep).join('/')}/` === SHARED_LOCALES;
  return (
    (resource.startsWith(SHARED_SOURCE) && !resource.startsWith(SHARED_MONEY_SOURCE)) ||
    resource.startsWith(CONTRACTS_SOURCE) ||
    resource === AXIOS_FETCH_ADAPTER_STUB.split(path.sep).join('/') ||
    inPackages(resource, STARTUP_PACKAGES)
  );
}

/**
 * The shell's split: federation gives each shared module (and each subpath of one: jotai alone is six) a chunk of
 * its own, and the first load of any page needs nearly all of them, so home paid ~0.4 KiB of response headers and
 * a request per library, and compressed each apart. The start-up singletons go in one chunk instead (React and
 * ReactDOM in a second, which the bench's baseline page loads alone); the share
 * scope's factories all load that one chunk (a remote's own fallback copies keep the default split, since they
 * only load when the shell's are missing). The router stays apart: home never needs it.
 */
/** The chunk name the shell's entry gives its `import('./bootstrap')` (shell/src/index.ts). */
const BOOTSTRAP_CHUNK = 'bootstrap';

function hostSplitChunks() {
  return {
    cacheGroups: {
      react: { test: (module) => inPackages(resourceOf(module), REACT_PACKAGES), name: 'react', chunks: 'async', enforce: true, priority: 30 },
      platform: { test: isStartupModule, name: 'platform', chunks: 'async', enforce: true, priority: 20 },
      // the shell's own start-up code (its bootstrap chunk: chrome, pages, contracts) joins the same file: one
      // request instead of two or three, compressed together (~2.5 KiB less on the wire for home)
      // (its files only: the federation's consume-shared modules stay where webpack put them, since a chunk that
      // consumed from itself would wait on itself)
      bootstrap: { test: (module) => module.type !== 'consume-shared-module', name: 'platform', chunks: (chunk) => chunk.name === BOOTSTRAP_CHUNK, enforce: true, priority: 10 },
    },
  };
}

function swcRule() {
  return {
    test: /\.[cm]?[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
        },
      },
    },
  };
}

/**
 * CSS goes to content-hashed .css files (cached for good) rather than into JS that injects it at run time. Each
 * chunk's CSS is loaded by webpack's runtime together with that chunk (also a remote's chunks loaded through
 * federation, from the remote's own public path). CSS module class names are prefixed with the federation
 * name, so two remotes' `.card` never collide.
 */
function cssRules(name, isProd) {
  const localIdentName = isProd ? `${name}__[hash:base64:6]` : `${name}__[name]__[local]`;
  return [
    {
      test: /\.module\.css$/,
      use: [
        MiniCssExtractPlugin.loader,
        {
          loader: require.resolve('css-loader'),
          options: { modules: { namedExport: false, exportLocalsConvention: 'as-is', localIdentName } },
        },
      ],
    },
    { test: /\.css$/, exclude: /\.module\.css$/, use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')] },
  ];
}

/**
 * One federation runtime per page (DESIGN.md §2): the shell bundles @module-federation/runtime-core and puts it
 * on the global from a runtime plugin (shell/src/federation/provide-runtime-plugin.ts, passed as
 * `runtimePlugins`; the package's own `provideExternalRuntime` injects the CommonJS build, a second copy beside
 * the ES one the shell runs); a remote's production build reads it from there (`externalRuntime`) instead of
 * carrying ~80 KiB of its own in remoteEntry.js. A remote's development build (the standalone preview of
 * scripts/preview.mjs, where no shell runs) keeps its own copy; its production standalone page gets one from
 * dist/standalone-runtime.js (see standaloneRuntimeConfig).
 */
function federationExperiments(isHost, isProd) {
  return {
    ...(!isHost && isProd ? { externalRuntime: true } : {}),
    // every build runs in a browser (the standalone previews too): the runtime's Node.js script loading
    // (sdk's createScriptNode/loadScriptNode and runtime-core's branch to them) is left out of main.js
    optimization: { target: 'web' },
  };
}


const STANDALONE_RUNTIME = 'standalone-runtime';

/**
 * A separate, non-federated compilation (so the externals of the federated one do not apply) of the runtime
 * a remote's production standalone page needs: dist/standalone-runtime.js.
 */
function standaloneRuntimeConfig(dir, mode) {
  // @module-federation/runtime-tools is a dependency of enhanced, not of the packages: resolve it from there
  const enhancedDir = fs.realpathSync(path.join(__dirname, 'node_modules/@module-federation/enhanced'));
  return {
    name: STANDALONE_RUNTIME,
    mode,
    context: __dirname,
    target: 'web',
    entry: { [STANDALONE_RUNTIME]: './standalone-runtime.js' },
    devtool: false,
    output: { path: path.join(dir, 'dist'), filename: '[name].js', clean: false },
    resolve: { modules: [path.resolve(enhancedDir, '../..'), 'node_modules'] },
    performance: { hints: false },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}

/** Puts <script src="standalone-runtime.js"> before the remote's own scripts in its standalone page. */
class StandaloneRuntimeTagPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('StandaloneRuntimeTagPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('StandaloneRuntimeTagPlugin', (data) => {
        data.headTags.unshift(
          HtmlWebpackPlugin.createHtmlTagObject('script', { src: `${data.publicPath}${STANDALONE_RUNTIME}.js` }),
        );
        return data;
      });
    });
  }
}

/** A text file's module: <package>/locales/<language>/<namespace>.json (one chunk each, "locale-<lng>-<ns>-json"). */
const LOCALE_FILE = /[\\/]locales[\\/]([a-z]{2})[\\/]([\w-]+)\.json$/;

/** A compilation's text chunks: { <language>: { <namespace>: <chunk file> } }, both levels sorted. */
function textChunks(compilation) {
  const texts = {};
  for (const chunk of compilation.chunks) {
    for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
      const match = LOCALE_FILE.exec(module.resource ?? '');
      if (!match) continue;
      const [, language, namespace] = match;
      const file = [...chunk.files].find((f) => f.endsWith('.js'));
      if (file) (texts[language] ??= {})[namespace] = file;
    }
  }
  return Object.fromEntries(Object.keys(texts).sort().map((lng) => [lng, Object.fromEntries(Object.entries(texts[lng]).sort())]));
}

/**
 * A remote's production build writes texts.json beside its manifest: its text chunk per language and namespace,
 * so the server can name the page's language's texts in the first round trip (issue 24; the remote asks for them
 * only once its module runs). server/src/modules/platform/app-shell.ts reads it.
 */
class TextChunksPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('TextChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'TextChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset('texts.json', new sources.RawSource(JSON.stringify({ texts: textChunks(compilation) }, null, 1)));
      });
    });
  }
}

/**
 * @param {object} options
 * @param {string} options.dir            the package folder (pass __dirname)
 * @param {Record<string,string>} [options.exposes]  modules a remote publishes ("./app" at least)
 * @param {string[]} [options.runtimePlugins]        federation runtime plugins (the shell's isolation plugin)
 * @param {string} [options.title]        page title of the html entry (shell page, or a remote's standalone preview)
 * @param {number} [options.devPort]      port of this package's dev server
 */
function createFederatedConfig(options) {
  const { dir, exposes = {}, runtimePlugins = [], title = 'Meridian', devPort } = options;
  // The shell (a pure consumer) provides the federation runtime; remotes use it instead of bundling their own.
  const isHost = Object.keys(exposes).length === 0;
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const folder = path.basename(dir);
  const name = options.name || FEDERATION_NAMES[folder];
  if (!name) throw new Error(`no federation name for package folder ${folder}`);

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isProd = mode === 'production';
    const externalRuntime = !isHost && isProd;
    const config = {
      mode,
      context: dir,
      target: 'web',
      entry: { main: './src/index.ts' },
      devtool: isProd ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: 'auto',
        uniqueName: name,
        // entry files keep a stable name (the federation runtime cannot template a hash into them); they are
        // tiny and served no-cache, while every chunk they pull in carries a content hash and is immutable
        filename: '[name].js',
        chunkFilename: isProd ? '[name].[contenthash:8].js' : '[name].js',
        // the standalone runtime is written by a sibling compilation running at the same time
        clean: externalRuntime ? { keep: (file) => file.startsWith(STANDALONE_RUNTIME) } : true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'],
        // then the package's own dependencies, for modules of tooling/ built into it (ROUTER_ENTRY)
        modules: ['node_modules', path.join(dir, 'node_modules')],
        // workspace packages written as Node ESM TypeScript (contracts/) import './x.js' and publish their source
        // under the "source" condition: read the .ts directly instead of a build of it
        conditionNames: ['source', '...'],
        extensionAlias: { '.js': ['.ts', '.js'] },
      },
      module: { rules: [swcRule(), ...cssRules(name, isProd)] },
      ...(isHost && isProd ? { optimization: { splitChunks: hostSplitChunks() } } : {}),
      plugins: [
        new AxiosWithoutFetchAdapterPlugin(),
        // a label a build can carry (MERIDIAN_BUILD_LABEL): two builds of one source tell apart on screen
        new BuildLabelPlugin(),
        new MiniCssExtractPlugin({
          filename: isProd ? '[name].[contenthash:8].css' : '[name].css',
          chunkFilename: isProd ? '[name].[contenthash:8].css' : '[name].css',
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(dir, { consumeOnly: externalRuntime, host: isHost }),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: true,
          dts: false,
          experiments: federationExperiments(isHost, isProd),
        }),
        new HtmlWebpackPlugin({
          template: fs.existsSync(path.join(dir, 'public/index.html'))
            ? path.join(dir, 'public/index.html')
            : path.join(__dirname, 'index.html'),
          title,
          chunks: ['main'],
          publicPath: '/',
        }),
        ...(externalRuntime ? [new StandaloneRuntimeTagPlugin()] : []),
        ...(!isHost && isProd ? [new TextChunksPlugin()] : []),
      ],
      performance: { hints: false },
      stats: 'errors-warnings',
      infrastructureLogging: { level: 'warn' },
      devServer: devPort
        ? {
            port: devPort,
            hot: false,
            liveReload: true,
            historyApiFallback: true,
            headers: { 'Access-Control-Allow-Origin': '*' },
            proxy: [
              {
                context: ['/asset', '/api', '/transaction', '/dev', '/health', '/mf-config.json', '/slot-texts', '/remotes', '/ws', '/static'],
                target: process.env.MERIDIAN_SERVER || 'http://127.0.0.1:8080',
                ws: true,
              },
            ],
          }
        : undefined,
      // a package's version names its immutable deploy folder
      name: `${name}@${pkg.version}`,
    };
    return externalRuntime ? [config, standaloneRuntimeConfig(dir, mode)] : config;
  };
}

module.exports = { createFederatedConfig, textChunks, sharedConfig, FEDERATION_NAMES, SINGLETONS, SHELL_PROVIDED, ROUTER_ENTRY };
