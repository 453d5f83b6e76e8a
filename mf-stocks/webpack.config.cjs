const { createFederatedConfig } = require('@meridian/tooling/federation');
const pkg = require('./package.json');

module.exports = createFederatedConfig({
  dir: __dirname,
  // './stock-holdings': its wallet.holdings contribution (meridian.routes.json), rendered by mf_accounts
  exposes: { './app': './src/app.tsx', './stock-holdings': './src/stock-holdings.ts' },
  title: 'Meridian · Stocks (standalone preview)',
  devPort: pkg.meridian.devPort,
});
