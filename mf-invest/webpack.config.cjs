const { createFederatedConfig } = require('@meridian/tooling/federation');
const pkg = require('./package.json');

module.exports = createFederatedConfig({
  dir: __dirname,
  // './earn-holdings': its wallet.holdings contribution (meridian.routes.json), rendered by mf_accounts
  exposes: { './app': './src/app.tsx', './earn-holdings': './src/earn-holdings.ts' },
  title: 'Meridian · Invest & earn (standalone preview)',
  devPort: pkg.meridian.devPort,
});
