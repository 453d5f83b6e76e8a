// The one federation preset every front-end package builds with, so the six webpack configs cannot drift:
// the same loaders, output naming, shared singletons and manifest for the shell and every remote.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');

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
 */
const SINGLETONS = ['react', 'react-dom', 'jotai', 'i18next', 'react-i18next', 'axios', 'decimal.js', 'single-spa', '@meridian/shared'];
const SUBPATH_SINGLETONS = ['react', 'react-dom', 'jotai'];

/** The version a package resolves to from `fromDir`, whether or not its exports map lists package.json. */
function installedVersion(pkg, fromDir) {
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

function sharedConfig(fromDir) {
  const shared = {};
  for (const pkg of SINGLETONS) {
    const version = installedVersion(pkg, fromDir);
    shared[pkg] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  for (const pkg of SUBPATH_SINGLETONS) {
    const version = installedVersion(pkg, fromDir);
    shared[`${pkg}/`] = { singleton: true, requiredVersion: `^${version}`, version };
  }
  return shared;
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

function cssRules() {
  return [
    {
      test: /\.module\.css$/,
      use: [
        require.resolve('style-loader'),
        { loader: require.resolve('css-loader'), options: { modules: { namedExport: false, exportLocalsConvention: 'as-is' } } },
      ],
    },
    { test: /\.css$/, exclude: /\.module\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
  ];
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
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const folder = path.basename(dir);
  const name = options.name || FEDERATION_NAMES[folder];
  if (!name) throw new Error(`no federation name for package folder ${folder}`);

  return (_env, argv = {}) => {
    const mode = argv.mode || process.env.NODE_ENV || 'production';
    const isProd = mode === 'production';
    return {
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
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
      module: { rules: [swcRule(), ...cssRules()] },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          remotes: {},
          shared: sharedConfig(dir),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: true,
          dts: false,
        }),
        new HtmlWebpackPlugin({
          template: fs.existsSync(path.join(dir, 'public/index.html'))
            ? path.join(dir, 'public/index.html')
            : path.join(__dirname, 'index.html'),
          title,
          chunks: ['main'],
          publicPath: '/',
        }),
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
                context: ['/asset', '/api', '/transaction', '/dev', '/health', '/mf-config.json', '/remotes', '/ws', '/static'],
                target: process.env.MERIDIAN_SERVER || 'http://127.0.0.1:8080',
                ws: true,
              },
            ],
          }
        : undefined,
      // a package's version names its immutable deploy folder
      name: `${name}@${pkg.version}`,
    };
  };
}

module.exports = { createFederatedConfig, sharedConfig, FEDERATION_NAMES, SINGLETONS };
